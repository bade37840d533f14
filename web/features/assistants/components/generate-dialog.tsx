import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Sparkles, TriangleAlert } from "lucide-react";
import { FormDialog } from "@/components/form-dialog";
import { TextareaField } from "@/components/form/field";
import { Button } from "@/components/ui/button";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
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
  const [open, setOpen] = useState(false);
  const schema = useMemo(() => generateSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { description: "", language } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const r = await assistantApi.generate(accountId, assistantId, values);
      onGenerated(r.instructions);
      notify({ type: "success", message: t("editor.generate.done") });
      setOpen(false);
    } catch (e) {
      applyServerErrors(form, e);
      notifyFailure("errors.generate", e);
    }
  });

  return (
    <FormDialog
      form={form}
      onSubmit={onSubmit}
      open={open}
      onOpenChange={setOpen}
      resetValues={() => ({ description: form.getValues("description"), language })}
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
