import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { useZodForm } from "@/lib/form";
import { channelApi, type WhatsappSettings } from "../api";
import { existingInstanceSchema } from "../schemas";

/** Connecting an instance made in the Green API console: its id, token and (optionally) API host. */
export function WhatsappExistingDialog({
  accountId,
  assistantId,
  open,
  onOpenChange,
  onDone,
}: {
  accountId: string;
  assistantId: string | null | undefined;
  open: boolean;
  onOpenChange: (v: boolean) => void;
  onDone: (s: WhatsappSettings) => void;
}) {
  const { t } = useTranslation("channels");
  const schema = useMemo(() => existingInstanceSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { idInstance: "", apiTokenInstance: "", apiUrl: "" } });

  const dialog = useFormDialog(form, {
    open,
    onOpenChange,
    save: (v) => {
      const input = { idInstance: v.idInstance, apiTokenInstance: v.apiTokenInstance, ...(v.apiUrl ? { apiUrl: v.apiUrl } : {}), ...(assistantId === undefined ? {} : { assistantId }) };
      return channelApi.createInstance(accountId, input, true);
    },
    success: t("whatsapp.created"),
    onSaved: (s) => {
      form.reset();
      onDone(s);
    },
    failure: { toast: t("common.failed") },
  });

  return (
    <FormDialog {...dialog} title={t("whatsapp.existing.title")} description={t("whatsapp.existing.description")} className="max-w-lg" formClassName="space-y-4" cancelVariant="secondary" submitLabel={t("whatsapp.existing.submit")}>
      <TextField control={form.control} name="idInstance" label="idInstance" inputMode="numeric" autoComplete="off" placeholder="1101000001" />
      <TextField control={form.control} name="apiTokenInstance" label="apiTokenInstance" description={t("whatsapp.existing.tokenHint")} autoComplete="off" spellCheck={false} controlClassName="font-mono text-sm" />
      <TextField control={form.control} name="apiUrl" label={t("whatsapp.existing.apiUrl")} description={t("whatsapp.existing.apiUrlHint")} type="url" inputMode="url" placeholder="https://api.green-api.com" />
    </FormDialog>
  );
}
