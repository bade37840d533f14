import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Check, MessageSquareText, SkipForward } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Can, useAbility } from "@/lib/ability";
import { notify } from "@/lib/notify";
import { isModuleMounted } from "@/lib/route-modules";
import { cn } from "@/lib/utils";
import type { Account } from "@/features/accounts/types";
import { openTestChat } from "@/features/test-chat/store";
import { accountApi, accountQueries } from "@/features/accounts/api";
import type { ApiBody } from "@/lib/api-types";
import type { Action, Subject } from "@worker/lib/permissions";
import type { AccountDetail } from "@/features/accounts/types";
import { useBusyAction } from "@/lib/use-busy-action";

export type StepState = "done" | "skipped" | "todo";

export function stepStates(account: AccountDetail, memberCount: number): Record<string, StepState> {
  const out: Record<string, StepState> = {};
  for (const step of account.wizard.steps) {
    // Inviting someone who accepted is the "team" step done, whatever the stored wizard says.
    const done = account.wizard.completed.includes(step) || (step === "team" && memberCount > 1);
    out[step] = done ? "done" : account.wizard.skipped.includes(step) ? "skipped" : "todo";
  }
  return out;
}

/**
 * Where each step is done: a page (shown when its module exists in this build and the role may do
 * the step there: an operator reads these pages but changes nothing on them) or the floating test chat.
 */
const STEP_TARGETS: Record<string, { module: string; to: (accountId: string) => string; may: [Action, Subject] } | "test-chat"> = {
  account: { module: "account/account-settings", to: (id) => `/${id}/account-settings`, may: ["update", "Account"] },
  assistant: { module: "account/assistants", to: (id) => `/${id}/assistants`, may: ["create", "Assistant"] },
  channel: { module: "account/connect", to: (id) => `/${id}/connect`, may: ["create", "Channel"] },
  test: "test-chat",
  team: { module: "account/account-settings", to: (id) => `/${id}/account-settings?tab=members`, may: ["create", "Member"] },
};

export function SetupSteps({ account, memberCount }: { account: AccountDetail; memberCount: number }) {
  const { t } = useTranslation("dashboard");
  const queryClient = useQueryClient();
  const ability = useAbility();
  const { busy, run } = useBusyAction();
  const states = stepStates(account, memberCount);
  const finished = Object.values(states).filter((s) => s !== "todo").length;
  const total = account.wizard.steps.length;
  // The wizard changes the account at every step: it is for those who may (its route needs the same).
  const canSetUp = ability.can("update", "Account");

  const skip = async (step: ApiBody<"/accounts/:accountId/skip-wizard-step">["step"]) => {
    await run(step, async () => {
      const updated = await accountApi.skipWizardStep(account.accountId, { step });
      queryClient.setQueryData(accountQueries.detail(account.accountId).queryKey, updated);
      notify({ type: "success", message: t("steps.skipped", { step: t(`steps.items.${step}.title`) }) });
    });
  };

  return (
    <Card data-testid="setup-steps">
      <CardHeader className="max-sm:has-data-[slot=card-action]:grid-cols-1">
        <CardTitle>{t("steps.title")}</CardTitle>
        <CardDescription>{t(canSetUp ? "steps.description" : "steps.descriptionReadOnly", { finished, total })}</CardDescription>
        {canSetUp && isModuleMounted("account/wizard") && (
          // On a phone the button goes under the description: beside it, a long label («Ouvrir l'assistant de configuration») left the title a 75 px column (QA, fr at 390 px).
          <CardAction className="max-sm:col-start-1 max-sm:row-span-1 max-sm:row-start-auto max-sm:mt-2 max-sm:justify-self-start" data-testid="setup-steps-action">
            <Button asChild size="sm" variant="outline">
              <Link to={`/${account.accountId}/wizard`} data-testid="open-wizard">
                {t("steps.openWizard")}
              </Link>
            </Button>
          </CardAction>
        )}
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={finished} aria-label={t("steps.progress")}>
          <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${(finished / Math.max(1, total)) * 100}%` }} />
        </div>
      </CardHeader>
      <CardContent>
        <ol className="space-y-1">
          {account.wizard.steps.map((step, i) => {
            const state = states[step];
            const target = STEP_TARGETS[step];
            const link = target && target !== "test-chat" && isModuleMounted(target.module) && ability.can(...target.may) ? target.to(account.accountId) : undefined;
            // The launcher is not there for a role that may not use the test chat.
            const testChat = target === "test-chat" && ability.can("create", "TestChat");
            return (
              <li key={step} className="flex flex-wrap items-start gap-x-3 gap-y-2 rounded-md p-3 hover:bg-muted/50" data-step={step} data-state={state}>
                <span
                  className={cn(
                    "flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                    state === "done" ? "bg-success/15 text-success" : state === "skipped" ? "bg-secondary/15 text-secondary" : "bg-primary/15 text-primary",
                  )}
                  aria-hidden
                >
                  {state === "done" ? <Check className="size-4" /> : state === "skipped" ? <SkipForward className="size-4" /> : i + 1}
                </span>
                {/* On a narrow card the step's buttons move under its text instead of squeezing it. */}
                <div className="min-w-[12rem] flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className={cn("font-medium text-heading", state !== "todo" && "text-muted-foreground")}>{t(`steps.items.${step}.title`)}</p>
                    {state === "done" && <Badge variant="success">{t("steps.done")}</Badge>}
                    {state === "skipped" && <Badge variant="secondary">{t("steps.skippedBadge")}</Badge>}
                  </div>
                  <p className="text-sm text-muted-foreground">{t(`steps.items.${step}.description`)}</p>
                </div>
                {state === "todo" && (
                  <div className="flex shrink-0 flex-wrap items-center gap-2 max-sm:basis-full max-sm:ps-11">
                    {link && (
                      <Button asChild size="sm" variant="outline">
                        <Link to={link} data-testid={`step-open-${step}`}>
                          {t("steps.open")}
                        </Link>
                      </Button>
                    )}
                    {testChat && (
                      <Button size="sm" variant="outline" onClick={() => openTestChat()} data-testid={`step-open-${step}`}>
                        <MessageSquareText aria-hidden />
                        {t("steps.openTestChat")}
                      </Button>
                    )}
                    <Can I="update" a="Account">
                      <Button size="sm" variant="ghost" loading={busy === step} onClick={() => skip(step)} data-testid={`skip-${step}`}>
                        {t("steps.skip")}
                      </Button>
                    </Can>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
