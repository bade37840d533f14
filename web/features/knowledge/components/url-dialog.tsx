import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { useZodForm } from "@/lib/form";
import { knowledgeApi, knowledgeKeys } from "../api";

/** Add a web page by its address: the server checks it (public https only) and fetches it in the background. */
export function UrlDialog({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const { t } = useTranslation("knowledge");
  const schema = useMemo(() => z.object({ url: z.string().trim().min(1, t("url.errors.required")).max(2000, t("faq.errors.max", { n: 2000 })) }), [t]);
  const form = useZodForm(schema, { defaultValues: { url: "" } });
  const dialog = useFormDialog(form, {
    onClose,
    save: (values) => knowledgeApi.addUrl(accountId, values.url),
    success: t("toasts.urlAdded"),
    invalidate: [knowledgeKeys.all(accountId)],
    failure: { field: "url", message: t("toasts.saveFailed") },
  });
  return (
    <FormDialog {...dialog} title={t("url.title")} description={t("url.description")} submitLabel={t("url.add")} submitTestId="url-save" className="sm:max-w-lg" testId="url-dialog">
      <TextField control={form.control} name="url" label={t("url.label")} placeholder="https://example.ru/dostavka" autoFocus inputMode="url" />
    </FormDialog>
  );
}
