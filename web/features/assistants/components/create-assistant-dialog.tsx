import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { FormDialog } from "@/components/form-dialog";
import { FieldItem, TextField } from "@/components/form/field";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { assistantApi, assistantKeys } from "../api";
import { notifyFailure } from "../errors";
import { createSchema } from "../schemas";
import { ModelSelect } from "./model-select";

export function CreateAssistantDialog({ accountId, trigger }: { accountId: string; trigger: ReactNode }) {
  const { t } = useTranslation("assistants");
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => createSchema(t), [t]);
  const defaults = () => ({ name: "", model: "gpt-4.1-mini" });
  const form = useZodForm(schema, { defaultValues: defaults() });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await assistantApi.create(accountId, { name: values.name, model: values.model });
      notify({ type: "success", message: t("toasts.created") });
      await queryClient.invalidateQueries({ queryKey: assistantKeys.all(accountId) });
      setOpen(false);
      navigate(`/${accountId}/assistants/${created.assistantId}`);
    } catch (e) {
      applyServerErrors(form, e);
      notifyFailure("errors.create", e);
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
      className="sm:max-w-lg"
      cancelVariant="secondary"
      submitLabel={t("create.submit")}
    >
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
