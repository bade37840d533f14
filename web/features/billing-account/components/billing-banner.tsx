import { useSyncExternalStore } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BotOff, CalendarX } from "lucide-react";
import { billingQueries, checkoutHref } from "@/features/billing-account/api";
import { useAbility } from "@/lib/ability";
import { queryClientStore } from "@/lib/query-client-store";
import { useCurrentAccountId } from "@/lib/session-store";

function Banner({ accountId }: { accountId: string }) {
  const { t } = useTranslation("common");
  const ability = useAbility();
  const canPay = ability.can("read", "Billing");
  const banner = useQuery(billingQueries.banner(accountId));
  const state = banner.data?.state;
  if (state !== "ai_stopped" && state !== "grace") return null;
  const Icon = state === "ai_stopped" ? BotOff : CalendarX;
  // «Пополнить баланс» on the AI-stopped banner opens the top-up checkout for whoever may pay; otherwise the billing page.
  const to = state === "ai_stopped" && ability.can("update", "Billing") ? checkoutHref(accountId, { kind: "topup" }) : `/${accountId}/billing`;
  return (
    <div role="status" className="mb-4 flex shrink-0 flex-col gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between" data-testid="billing-banner">
      <p className="flex items-start gap-2 text-foreground">
        <Icon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <span>{t(state === "ai_stopped" ? (canPay ? "billingBanner.aiStoppedOwner" : "billingBanner.aiStopped") : "billingBanner.grace")}</span>
      </p>
      {canPay && (
        <Link to={to} data-testid="billing-banner-action" className="shrink-0 font-medium text-destructive underline-offset-4 hover:underline">
          {t("billingBanner.action")}
        </Link>
      )}
    </div>
  );
}

/**
 * The app's billing banner for every member of the current account: the AI stopped because the
 * plan's replies and the balance ran out, or a failed renewal's grace period (GET /billing/banner).
 * Rendered by the layout once the query client is there (it arrives with the first data page).
 */
export function BillingBanner() {
  const accountId = useCurrentAccountId();
  const client = useSyncExternalStore(queryClientStore.subscribe, queryClientStore.get, queryClientStore.get);
  if (!accountId || !client) return null;
  return <Banner accountId={accountId} />;
}
