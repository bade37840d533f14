import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Sparkles, TriangleAlert } from "lucide-react";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextareaField } from "@/components/form/field";
import { Button } from "@/components/ui/button";
import { useZodForm } from "@/lib/form";
import { assistantApi } from "../api";
import { notifyFailure } from "../errors";
import { generateSchema } from "../schemas";
import type { AssistantLanguage } from "../types";
import { LanguageField } from "./assistant-fields";

/** "Generate from a description of the business": the model writes instructions, the editor shows them unsaved. */
export function GenerateDialog({
  accountId,
  assistantId,
  language,
  hasInstructions,
  onGenerated,
  disabled,
}: {
  accountId: string;
  assistantId: string;
  language: AssistantLanguage;
  hasInstructions: boolean;
  onGenerated: (instructions: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("assistants");
  const schema = useMemo(() => generateSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { description: "", language } });

  const dialog = useFormDialog(form, {
    // The description stays as typed; the language follows the assistant's.
    defaults: () => ({ description: form.getValues("description"), language }),
    save: (values) => assistantApi.generate(accountId, assistantId, values),
    success: t("editor.generate.done"),
    onSaved: (r) => onGenerated(r.instructions),
    failure: (e) => notifyFailure("errors.generate", e),
  });

  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button type="button" variant="outline" size="sm" disabled={disabled} data-testid="generate-open">
          <Sparkles aria-hidden />
          {t("editor.generate.button")}
        </Button>
      }
      title={t("editor.generate.title")}
      description={t("editor.generate.description")}
      className="sm:max-w-xl"
      cancelVariant="secondary"
      submitTestId="generate-submit"
      submitLabel={
        <>
          <Sparkles aria-hidden />
          {t("editor.generate.submit")}
        </>
      }
    >
      <TextareaField control={form.control} name="description" label={t("editor.generate.label")} autoFocus rows={5} maxLength={2000} controlClassName="min-h-32" placeholder={t("editor.generate.placeholder")} />
      <LanguageField label={t("editor.generate.language")} triggerClassName="sm:w-56" />
      {hasInstructions && (
        <p className="flex gap-2 rounded-md bg-warning/12 px-3 py-2 text-sm text-foreground">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          {t("editor.generate.replaceWarning")}
        </p>
      )}
    </FormDialog>
  );
}
