import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LoadError } from "@/components/load-error";
import { PageLoader } from "@/components/page-loader";
import { notify } from "@/lib/notify";
import { useTranslation } from "react-i18next";
import { accountQueries } from "@/features/accounts/api";
import { WIZARD_PAGE_ORDER, wizardApi, type WizardPage } from "@/features/wizard/api";
import { failureText } from "@/features/wizard/errors";
import { WizardFrame } from "@/features/wizard/components/wizard-frame";
import { StepAssistant } from "@/features/wizard/components/step-assistant";
import { StepBusiness } from "@/features/wizard/components/step-business";
import { StepChannel } from "@/features/wizard/components/step-channel";
import { StepDone } from "@/features/wizard/components/step-done";
import { StepTeam } from "@/features/wizard/components/step-team";
import { StepTest } from "@/features/wizard/components/step-test";

export const handle = { titleKey: "wizard:pageTitle" };

const isPage = (p: unknown): p is WizardPage => (WIZARD_PAGE_ORDER as readonly unknown[]).includes(p);

/**
 * /:accountId/wizard (blank layout): the first-run path to the first AI answer. The page reached is
 * stored on the account (`PUT /accounts/:id/wizard`), so coming back resumes there. Only those who
 * may change the account get here (the route needs `update Account`; operators see /not-authorized).
 */
export default function WizardRoute() {
  const { t } = useTranslation("wizard");
  const { accountId = "" } = useParams();
  const queryClient = useQueryClient();
  const account = useQuery(accountQueries.detail(accountId));
  const [page, setPage] = useState<WizardPage | null>(null);
  const stored = account.data?.wizard.at;
  const reached: WizardPage = isPage(stored) ? stored : "business";

  useEffect(() => {
    if (account.data && page === null) setPage(reached);
  }, [account.data, page, reached]);

  if (account.isError) return <LoadError error={account.error} onRetry={() => account.refetch()} retrying={account.isFetching} />;
  if (!account.data || !page) return <PageLoader fullScreen />;

  const go = async (to: WizardPage) => {
    // Only moving forward is stored: opening an earlier step again keeps the place reached.
    if (WIZARD_PAGE_ORDER.indexOf(to) > WIZARD_PAGE_ORDER.indexOf(reached)) {
      try {
        queryClient.setQueryData(accountQueries.detail(accountId).queryKey, await wizardApi.setPage(accountId, to));
      } catch (e) {
        notify({ type: "error", message: failureText(e, t("saveFailed")) });
        return;
      }
    } else {
      await queryClient.invalidateQueries({ queryKey: accountQueries.detail(accountId).queryKey });
    }
    setPage(to);
  };
  const next = (from: WizardPage) => () => go(WIZARD_PAGE_ORDER[WIZARD_PAGE_ORDER.indexOf(from) + 1] ?? "done");
  const back = (from: WizardPage) => () => setPage(WIZARD_PAGE_ORDER[Math.max(0, WIZARD_PAGE_ORDER.indexOf(from) - 1)]);
  const a = account.data;

  return (
    <WizardFrame accountId={accountId} accountName={a.name} current={page} reached={reached} skipped={a.wizard.skipped} onOpen={setPage}>
      {page === "business" && <StepBusiness account={a} onDone={next("business")} />}
      {page === "assistant" && <StepAssistant account={a} onDone={next("assistant")} onBack={back("assistant")} />}
      {page === "channel" && <StepChannel account={a} onDone={next("channel")} onBack={back("channel")} />}
      {page === "test" && <StepTest account={a} onDone={next("test")} onBack={back("test")} />}
      {page === "team" && <StepTeam account={a} onDone={next("team")} onBack={back("team")} />}
      {page === "done" && <StepDone account={a} />}
    </WizardFrame>
  );
}
