import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { accountApi } from "@/features/accounts/api";
import { useZodForm } from "@/lib/form";
import { accountFormSchema, type AccountFormValues } from "../schemas";
import { AccountFields } from "./account-fields";
import { browserTimezone } from "./timezone-select";

export function CreateAccountDialog({ trigger }: { trigger: ReactNode }) {
  const { t, i18n } = useTranslation("accounts");
  const navigate = useNavigate();
  const schema = useMemo(() => accountFormSchema(t), [t]);
  const defaults = (): AccountFormValues => ({
    name: "",
    timezone: browserTimezone(),
    language: (["ru", "en", "ar", "fr"].includes(i18n.language) ? i18n.language : "ru") as AccountFormValues["language"],
    description: "",
    website: "",
  });
  const form = useZodForm(schema, { defaultValues: defaults() });

  const dialog = useFormDialog(form, {
    defaults,
    save: (values) => accountApi.create({ ...values, description: values.description || null, website: values.website || null }),
    success: (account) => account.message || t("create.done"),
    invalidate: [["auth"], ["accounts"]],
    // A new account lands on the setup wizard (issue 21); it can be left for the dashboard at any step.
    onSaved: (account) => navigate(`/${account.accountId}/wizard`),
    failure: { title: t("create.failedTitle"), toast: t("create.failed") },
  });

  return (
    <FormDialog {...dialog} trigger={trigger} title={t("create.title")} description={t("create.description")} className="sm:max-w-xl" formClassName="space-y-6" submitLabel={t("create.submit")}>
      <AccountFields form={form} autoFocus />
    </FormDialog>
  );
}
