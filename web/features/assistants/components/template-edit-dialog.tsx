import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { assistantApi, assistantKeys } from "../api";
import { notifyFailure } from "../errors";
import { MODELS, type AssistantTemplate } from "../types";
import { ModelSelect } from "./model-select";
import { TagInput } from "./tag-input";

/** Platform administrators edit a template of the constructor. */
export function TemplateEditDialog({ template, onOpenChange }: { template: AssistantTemplate | null; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation("assistants");
  const queryClient = useQueryClient();
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().trim().min(1, t("validation.nameRequired")).max(100, t("validation.nameMax")),
        description: z.string().trim().max(1000, t("validation.templateDescriptionMax")),
        tags: z.array(z.string()).max(10),
        model: z.enum(MODELS as [string, ...string[]]),
        isPublished: z.boolean(),
        instructions: z.string().max(20_000, t("validation.instructionsMax")),
        greeting: z.string().max(1000, t("validation.greetingMax")),
        knowledge: z.string().max(50_000, t("validation.knowledgeMax")),
      }),
    [t],
  );
  const values = (x: AssistantTemplate | null) => ({
    name: x?.name ?? "",
    description: x?.description ?? "",
    tags: x?.tags ?? [],
    model: x?.model ?? "gpt-4.1-mini",
    isPublished: x?.isPublished ?? true,
    instructions: x?.instructions ?? "",
    greeting: x?.greeting ?? "",
    knowledge: x?.knowledge ?? "",
  });
  const form = useZodForm(schema, { defaultValues: values(template) });
  useEffect(() => {
    if (template) form.reset(values(template));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template]);

  const onSubmit = form.handleSubmit(async (v) => {
    if (!template) return;
    const patch: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(v)) if (form.formState.dirtyFields[k as keyof typeof v]) patch[k] = val;
    if (!Object.keys(patch).length) return onOpenChange(false);
    try {
      await assistantApi.updateTemplate(template.templateId, patch as Partial<AssistantTemplate>);
      notify({ type: "success", message: t("toasts.templateUpdated") });
      await queryClient.invalidateQueries({ queryKey: assistantKeys.templates() });
      onOpenChange(false);
    } catch (e) {
      applyServerErrors(form, e);
      notifyFailure("errors.templateUpdate", e);
    }
  });

  const text = (name: "instructions" | "greeting" | "knowledge", label: string, rows: number) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea {...field} rows={rows} className="field-sizing-fixed" />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Dialog open={!!template} onOpenChange={onOpenChange}>
      <DialogContent className="gap-0 p-0 sm:max-w-2xl sm:p-0" data-testid="template-edit-dialog">
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>{t("templates.editTitle")}</DialogTitle>
          <DialogDescription>{template?.name}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate aria-label={t("templates.editTitle")}>
            <div className="grid max-h-[60dvh] gap-5 overflow-y-auto px-6 py-5">
              <FormField
                control={form.control}
                name="name"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("publish.name")}</FormLabel>
                    <FormControl>
                      <Input {...field} maxLength={100} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="description"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("publish.templateDescription")}</FormLabel>
                    <FormControl>
                      <Textarea {...field} rows={3} maxLength={1000} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="tags"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("publish.tags")}</FormLabel>
                    <TagInput value={field.value} onChange={field.onChange} max={10} maxLength={40} placeholder={t("templates.tagsPlaceholder")} />
                    <FormMessage />
                  </FormItem>
                )}
              />
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField
                  control={form.control}
                  name="model"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{t("editor.fields.model")}</FormLabel>
                      <ModelSelect value={field.value} onChange={field.onChange} />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="isPublished"
                  render={({ field }) => (
                    <FormItem className="flex flex-row items-start justify-between gap-4 rounded-md border px-4 py-3">
                      <div className="grid gap-0.5">
                        <FormLabel>{t("templates.isPublished")}</FormLabel>
                        <FormDescription>{t("templates.isPublishedHint")}</FormDescription>
                      </div>
                      <FormControl>
                        <Switch checked={field.value} onCheckedChange={field.onChange} />
                      </FormControl>
                    </FormItem>
                  )}
                />
              </div>
              {text("instructions", t("templates.previewInstructions"), 8)}
              {text("greeting", t("templates.previewGreeting"), 2)}
              {text("knowledge", t("templates.previewKnowledge"), 5)}
            </div>
            <DialogFooter className="border-t px-6 py-4">
              <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t("common:actions.save")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
