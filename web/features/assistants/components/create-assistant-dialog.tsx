import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { FieldItem, TextField } from "@/components/form/field";
import { useZodForm } from "@/lib/form";
import { assistantApi, assistantKeys } from "../api";
import { notifyFailure } from "../errors";
import { createSchema } from "../schemas";
import { ModelSelect } from "./model-select";

export function CreateAssistantDialog({ accountId, trigger }: { accountId: string; trigger: ReactNode }) {
  const { t } = useTranslation("assistants");
  const navigate = useNavigate();
  const schema = useMemo(() => createSchema(t), [t]);
  const defaults = () => ({ name: "", model: "gpt-4.1-mini" });
  const form = useZodForm(schema, { defaultValues: defaults() });

  const dialog = useFormDialog(form, {
    defaults,
    save: (values) => assistantApi.create(accountId, { name: values.name, model: values.model }),
    success: t("toasts.created"),
    invalidate: [assistantKeys.all(accountId)],
    onSaved: (created) => navigate(`/${accountId}/assistants/${created.assistantId}`),
    failure: (e) => notifyFailure("errors.create", e),
  });

  return (
    <FormDialog {...dialog} trigger={trigger} title={t("create.title")} description={t("create.description")} className="sm:max-w-lg" cancelVariant="secondary" submitLabel={t("create.submit")}>
      <TextField control={form.control} name="name" label={t("create.name")} autoFocus maxLength={100} placeholder={t("create.namePlaceholder")} />
      <FieldItem control={form.control} name="model" label={t("create.model")}>
        {(field) => <ModelSelect value={field.value} onChange={field.onChange} />}
      </FieldItem>
      <p className="text-sm text-muted-foreground">
        {t("create.templatesHint")}{" "}
        <Link to="/assistant-templates" className="font-medium text-primary hover:underline">
          {t("create.templatesLink")}
        </Link>
      </p>
    </FormDialog>
  );
}
