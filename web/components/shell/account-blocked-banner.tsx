import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { useCurrentAccountId } from "@/lib/session-store";
import { accountQueries } from "@/features/accounts/api";

/** Over every page of an account a platform administrator blocked: why, and what stopped. */
export function AccountBlockedBanner() {
  const { t } = useTranslation("common");
  const accountId = useCurrentAccountId();
  const account = useQuery({ ...accountQueries.detail(accountId ?? ""), enabled: !!accountId });
  const blocked = account.data?.blocked;
  if (!blocked) return null;
  return (
    <Alert variant="destructive" className="mb-4" data-testid="account-blocked-banner">
      <ShieldAlert aria-hidden />
      <AlertTitle>{t("blocked.title")}</AlertTitle>
      <AlertDescription>
        <p>{t("blocked.reason", { reason: blocked.reason })}</p>
        <p>{t("blocked.effects")}</p>
      </AlertDescription>
    </Alert>
  );
}
