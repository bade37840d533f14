import { Building2, LockKeyhole } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { RevokedReason } from "@do/account-room/protocol";
import { setPageTitle } from "@/lib/title";
import { Button } from "./ui/button";

/**
 * What an /:accountId route shows to a signed-in user who is not (or no longer) a member of the
 * account: the API answers 404 then, as if the account did not exist, and a page would only show
 * load errors whose retry never succeeds. `reason` is the room's word when it shut the user out
 * while the page was open; `account` the name the page knew.
 */
export function AccountUnavailable({ account, reason }: { account?: string; reason?: RevokedReason }) {
  const { t, i18n } = useTranslation("common");
  const title = t("accountAccess.title");
  // The tab says it too, not the title of the page that is not shown.
  useEffect(() => setPageTitle(title), [title, i18n.language]);
  const text = account ? t(`accountAccess.${reason ?? "lost"}`, { account }) : t("accountAccess.unknown");
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-6 py-12 text-center" role="alert" data-testid="account-unavailable">
      <span className="mb-1 flex size-16 items-center justify-center rounded-full bg-primary/12 text-primary">
        <LockKeyhole className="size-8" aria-hidden />
      </span>
      <h1 className="text-2xl font-semibold text-heading">{title}</h1>
      <p className="max-w-md text-muted-foreground">{text}</p>
      <Button asChild className="mt-3">
        <Link to="/accounts">
          <Building2 aria-hidden />
          {t("accountAccess.toAccounts")}
        </Link>
      </Button>
    </div>
  );
}
