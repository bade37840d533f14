import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Sparkles, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
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
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) form.reset({ description: form.getValues("description"), language });
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={disabled} data-testid="generate-open">
          <Sparkles aria-hidden />
          {t("editor.generate.button")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("editor.generate.title")}</DialogTitle>
          <DialogDescription>{t("editor.generate.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t("editor.generate.title")}>
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("editor.generate.label")}</FormLabel>
                  <FormControl>
                    <Textarea {...field} autoFocus rows={5} maxLength={2000} className="min-h-32" placeholder={t("editor.generate.placeholder")} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <LanguageField label={t("editor.generate.language")} triggerClassName="sm:w-56" />
            {hasInstructions && (
              <p className="flex gap-2 rounded-md bg-warning/12 px-3 py-2 text-sm text-foreground">
                <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
                {t("editor.generate.replaceWarning")}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} data-testid="generate-submit">
                <Sparkles aria-hidden />
                {t("editor.generate.submit")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
