import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LayoutDashboard, MessagesSquare, PartyPopper } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { AccountDetail } from "@/features/accounts/types";
import { StepCard } from "./step-card";

/** Step 5: done — where to go next. */
export function StepDone({ account }: { account: AccountDetail }) {
  const { t } = useTranslation("wizard");
  return (
    <StepCard testId="wizard-done" title={t("done.title")} description={t("done.description")}>
      <div className="flex flex-col items-center gap-4 py-6 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-success/15 text-success" aria-hidden>
          <PartyPopper className="size-8" />
        </span>
        <p className="max-w-md text-sm text-muted-foreground">{t("done.next")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={`/${account.accountId}/apps/chat`} data-testid="wizard-open-inbox">
              <MessagesSquare aria-hidden /> {t("done.inbox")}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={`/${account.accountId}/dashboard`} data-testid="wizard-open-dashboard">
              <LayoutDashboard aria-hidden /> {t("done.dashboard")}
            </Link>
          </Button>
        </div>
      </div>
    </StepCard>
  );
}
