import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { useZodForm } from "@/lib/form";
import { useSession } from "@/lib/session";
import { assistantApi, assistantKeys } from "../api";
import { notifyFailure } from "../errors";
import type { AssistantTemplate } from "../types";

/** Copies a template into one of the user's accounts (counts a use) and opens the new assistant. */
export function UseTemplateDialog({ template, onOpenChange }: { template: AssistantTemplate | null; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation("assistants");
  const navigate = useNavigate();
  const { accounts, currentAccountId } = useSession();
  const schema = useMemo(
    () =>
      z.object({
        accountId: z.string().min(1, t("validation.accountRequired")),
        name: z.string().trim().min(1, t("validation.nameRequired")).max(100, t("validation.nameMax")),
      }),
    [t],
  );
  const defaultAccount = accounts.find((a) => a.accountId === currentAccountId && a.role !== "operator")?.accountId ?? accounts.find((a) => a.role !== "operator")?.accountId ?? "";
  const form = useZodForm(schema, { defaultValues: { accountId: defaultAccount, name: template?.name ?? "" } });

  const dialog = useFormDialog(form, {
    open: !!template,
    onOpenChange,
    defaults: () => ({ accountId: defaultAccount, name: template?.name ?? "" }),
    save: (v) => (template ? assistantApi.copyTemplate(template.templateId, v.accountId, { name: v.name }) : null),
    success: t("toasts.templateCopied"),
    invalidate: (v) => [assistantKeys.all(v.accountId), assistantKeys.templates()],
    onSaved: (created, v) => navigate(`/${v.accountId}/assistants/${created.assistantId}`),
    failure: (e) => notifyFailure("errors.templateCopy", e),
  });

  const accountOptions = accounts.map((a) => ({ value: a.accountId, label: a.name, disabled: a.role === "operator" }));
  const noAccounts = (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t("templates.noAccounts")}</p>
      <Button asChild className="w-fit">
        <Link to="/accounts">{t("common:routes.accounts")}</Link>
      </Button>
    </div>
  );
  return (
    <FormDialog
      {...dialog}
      title={t("templates.copyTitle")}
      description={t("templates.copyDescription", { name: template?.name ?? "" })}
      fallback={accounts.length === 0 ? noAccounts : undefined}
      className="sm:max-w-lg"
      testId="use-template-dialog"
      cancelVariant="secondary"
      submitLabel={t("templates.copySubmit")}
      submitTestId="use-template-submit"
    >
      <SelectField control={form.control} name="accountId" label={t("templates.copyAccount")} placeholder={t("templates.copyAccountPlaceholder")} triggerTestId="use-template-account" options={accountOptions} />
      <TextField control={form.control} name="name" label={t("templates.copyName")} maxLength={100} data-testid="use-template-name" />
    </FormDialog>
  );
}
