import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { FieldItem, TextareaField, TextField } from "@/components/form/field";
import { TagInput } from "@/features/assistants/components/tag-input";
import { useZodForm } from "@/lib/form";
import { knowledgeApi, knowledgeKeys, type KnowledgeSource } from "../api";

/** Create or edit an FAQ entry: the question, the answer, tags. */
export function FaqDialog({ accountId, source, onClose }: { accountId: string; source: KnowledgeSource | null; onClose: () => void }) {
  const { t } = useTranslation("knowledge");
  const schema = useMemo(
    () =>
      z.object({
        question: z.string().trim().min(3, t("faq.errors.question")).max(500, t("faq.errors.max", { n: 500 })),
        answer: z.string().trim().min(1, t("faq.errors.answer")).max(5000, t("faq.errors.max", { n: 5000 })),
        tags: z.array(z.string()).max(10, t("faq.errors.tags")),
      }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { question: source?.question ?? "", answer: source?.answer ?? "", tags: source?.tags ?? [] } });
  const dialog = useFormDialog(form, {
    onClose,
    save: (values) => (source ? knowledgeApi.update(accountId, source.sourceId, values) : knowledgeApi.createFaq(accountId, values)),
    success: source ? t("toasts.faqSaved") : t("toasts.faqCreated"),
    invalidate: [knowledgeKeys.all(accountId)],
    failure: { toast: t("toasts.saveFailed") },
  });
  return (
    <FormDialog {...dialog} title={source ? t("faq.editTitle") : t("faq.createTitle")} description={t("faq.description")} submitLabel={source ? t("faq.save") : t("faq.create")} submitTestId="faq-save" className="sm:max-w-xl" testId="faq-dialog">
      <TextField control={form.control} name="question" label={t("faq.question")} placeholder={t("faq.questionPlaceholder")} autoFocus maxLength={500} />
      <TextareaField control={form.control} name="answer" label={t("faq.answer")} placeholder={t("faq.answerPlaceholder")} rows={5} maxLength={5000} />
      <FieldItem control={form.control} name="tags" label={t("faq.tags")} description={t("faq.tagsHint")}>
        {(field) => <TagInput value={field.value} onChange={field.onChange} placeholder={t("faq.tagsPlaceholder")} max={10} maxLength={40} lowercase />}
      </FieldItem>
    </FormDialog>
  );
}
