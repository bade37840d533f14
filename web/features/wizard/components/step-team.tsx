import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { MailCheck, UserPlus } from "lucide-react";
import { z } from "zod";
import { Form } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { isApiError } from "@/lib/api";
import { notify } from "@/lib/notify";
import { accountApi, accountQueries } from "@/features/accounts/api";
import type { AccountDetail } from "@/features/accounts/types";
import { emailField } from "@/features/auth/schemas";
import { settingsApi } from "@/features/settings/api";
import { failureText } from "../errors";
import { StepCard } from "./step-card";

const ROLES = ["operator", "admin"] as const;

/**
 * Step 5: the team — invite the operators who will take over conversations from the assistant (the
 * dashboard's "Команда" step). An invitation sent is the step done; it can be skipped and done later
 * in the account's settings.
 */
export function StepTeam({ account, onDone, onBack }: { account: AccountDetail; onDone: () => Promise<void>; onBack: () => void }) {
  const { t } = useTranslation(["wizard", "accounts", "auth", "settings"]);
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string[]>([]);
  const [skipping, setSkipping] = useState(false);
  const schema = useMemo(() => z.object({ email: emailField(t), role: z.enum(ROLES) }), [t]);
  const form = useZodForm(schema, { defaultValues: { email: "", role: "operator" } });
  const role = form.watch("role");
  const done = sent.length > 0 || account.wizard.completed.includes("team");

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const inv = await settingsApi.invite(account.accountId, v);
      setSent((list) => [...list, inv.email]);
      form.reset({ email: "", role: v.role });
      await queryClient.invalidateQueries({ queryKey: accountQueries.members(account.accountId).queryKey });
    } catch (e) {
      if (!applyServerErrors(form, e)) form.setError("email", { message: failureText(e, t("settings:members.invite.failed")) });
    }
  });

  const skip = async () => {
    setSkipping(true);
    try {
      queryClient.setQueryData(accountQueries.detail(account.accountId).queryKey, await accountApi.skipWizardStep(account.accountId, { step: "team" }));
      await onDone();
    } catch (e) {
      // The request is not silent: an answer of the server is already on the screen in its words.
      if (!isApiError(e)) notify({ type: "error", message: t("wizard:saveFailed") });
    } finally {
      setSkipping(false);
    }
  };

  return (
    <StepCard
      testId="wizard-team"
      title={t("wizard:team.title")}
      description={t("wizard:team.description")}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={onBack}>
            {t("wizard:back")}
          </Button>
          {!done && (
            <Button type="button" variant="outline" loading={skipping} onClick={skip} data-testid="wizard-skip">
              {t("wizard:team.skip")}
            </Button>
          )}
          <Button type="button" disabled={!done} onClick={onDone} data-testid="wizard-next">
            {t("wizard:next")}
          </Button>
        </>
      }
    >
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[1fr_200px_auto] sm:items-start" data-testid="wizard-invite">
          <TextField control={form.control} name="email" label={t("settings:members.invite.email")} type="email" placeholder={t("auth:fields.emailPlaceholder")} />
          <SelectField
            control={form.control}
            name="role"
            label={t("settings:members.invite.role")}
            triggerClassName="w-full"
            options={ROLES.map((r) => ({ value: r, label: t(`accounts:roles.${r}`) }))}
          />
          <Button type="submit" variant="outline" className="sm:mt-5" loading={form.formState.isSubmitting} data-testid="wizard-invite-send">
            <UserPlus aria-hidden /> {t("wizard:team.send")}
          </Button>
        </form>
      </Form>
      <p className="text-sm text-muted-foreground">{t(`accounts:roleHints.${role}`)}</p>
      {sent.length > 0 && (
        <ul className="space-y-2" data-testid="wizard-invited">
          {sent.map((email, i) => (
            <li key={`${email}-${i}`} className="flex items-center gap-2 rounded-md bg-success/10 px-3 py-2 text-sm text-foreground">
              <MailCheck className="size-4 shrink-0 text-success" aria-hidden />
              <span className="min-w-0 truncate">{t("wizard:team.sent", { email })}</span>
            </li>
          ))}
        </ul>
      )}
    </StepCard>
  );
}
