import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { FormDialog } from "@/components/form-dialog";
import { accountApi } from "@/features/accounts/api";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { accountFormSchema, type AccountFormValues } from "../schemas";
import { AccountFields } from "./account-fields";
import { browserTimezone } from "./timezone-select";

export function CreateAccountDialog({ trigger }: { trigger: ReactNode }) {
  const { t, i18n } = useTranslation("accounts");
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => accountFormSchema(t), [t]);
  const defaults = (): AccountFormValues => ({
    name: "",
    timezone: browserTimezone(),
    language: (["ru", "en", "ar", "fr"].includes(i18n.language) ? i18n.language : "ru") as AccountFormValues["language"],
    description: "",
    website: "",
  });
  const form = useZodForm(schema, { defaultValues: defaults() });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const account = await accountApi.create({ ...values, description: values.description || null, website: values.website || null });
      notify({ type: "success", message: account.message || t("create.done") });
      await queryClient.invalidateQueries({ queryKey: ["auth"] });
      await queryClient.invalidateQueries({ queryKey: ["accounts"] });
      setOpen(false);
      navigate(`/${account.accountId}/dashboard`);
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", title: t("create.failedTitle"), message: e instanceof Error && e.message ? e.message : t("create.failed") });
    }
  });

  return (
    <FormDialog
      form={form}
      onSubmit={onSubmit}
      open={open}
      onOpenChange={setOpen}
      resetValues={defaults}
      trigger={trigger}
      title={t("create.title")}
      description={t("create.description")}
      className="sm:max-w-xl"
      formClassName="space-y-6"
      submitLabel={t("create.submit")}
    >
      <AccountFields form={form} autoFocus />
    </FormDialog>
  );
}
