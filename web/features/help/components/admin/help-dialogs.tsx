import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Control, FieldValues } from "react-hook-form";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { SwitchField } from "@/components/form/switch-field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useZodForm } from "@/lib/form";
import { HELP_CATEGORIES, helpApi, helpKeys, type AdminArticle, type AdminFaqEntry } from "../../api";
import { articleFormSchema, articleValuesOf, faqFormSchema, faqValuesOf } from "../../schemas";
import { MarkdownField } from "./markdown-field";

type DialogProps<T> = { item: T | null; open: boolean; onOpenChange: (open: boolean) => void };

/** Category, order and "published": the fields FAQ entries and articles share. */
function CommonFields({ control }: { control: Control<FieldValues> }) {
  const { t } = useTranslation("help");
  const options = HELP_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }));
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
      <SelectField control={control} name="category" label={t("admin.fields.category")} options={options} triggerTestId="help-category" />
      <TextField control={control} name="position" label={t("admin.fields.position")} inputMode="numeric" />
      <SwitchField control={control} name="published" label={t("admin.fields.published")} description={t("admin.fields.publishedHint")} className="sm:col-span-2" />
    </div>
  );
}

/** The Russian (required) and English (optional) texts, one tab each. */
function LocaleTabs({ children }: { children: (locale: "ru" | "en") => React.ReactNode }) {
  const { t } = useTranslation("help");
  return (
    <Tabs defaultValue="ru" className="gap-3">
      <TabsList>
        <TabsTrigger value="ru">{t("admin.locales.ru")}</TabsTrigger>
        <TabsTrigger value="en" data-testid="help-tab-en">
          {t("admin.locales.en")}
        </TabsTrigger>
      </TabsList>
      {(["ru", "en"] as const).map((l) => (
        <TabsContent key={l} value={l} forceMount className="space-y-4 data-[state=inactive]:hidden">
          {l === "en" && <p className="text-sm text-muted-foreground">{t("admin.enHint")}</p>}
          {children(l)}
        </TabsContent>
      ))}
    </Tabs>
  );
}

export function FaqDialog({ item, open, onOpenChange }: DialogProps<AdminFaqEntry>) {
  const { t } = useTranslation("help");
  const schema = useMemo(() => faqFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: faqValuesOf(item) });
  const dialog = useFormDialog(form, {
    open,
    onOpenChange,
    defaults: () => faqValuesOf(item),
    save: (values) => (item ? helpApi.updateFaq(item.id, values) : helpApi.createFaq(values)),
    success: (saved) => saved.message,
    invalidate: [helpKeys.admin("faq"), helpKeys.all()],
    failure: { field: "ru.question", message: t("admin.saveFailed") },
  });
  const control = form.control as unknown as Control<FieldValues>;
  return (
    <FormDialog {...dialog} title={item ? t("admin.faq.editTitle") : t("admin.faq.createTitle")} className="sm:max-w-3xl" formClassName="space-y-4" submitLabel={t("admin.save")} testId="faq-dialog">
      <CommonFields control={control} />
      <LocaleTabs>
        {(l) => (
          <>
            <TextField control={control} name={`${l}.question`} label={t("admin.fields.question")} data-testid={`faq-question-${l}`} />
            <MarkdownField control={control} name={`${l}.answer`} label={t("admin.fields.answer")} rows={6} />
          </>
        )}
      </LocaleTabs>
    </FormDialog>
  );
}

export function ArticleDialog({ item, open, onOpenChange }: DialogProps<AdminArticle>) {
  const { t } = useTranslation("help");
  const schema = useMemo(() => articleFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: articleValuesOf(item) });
  const dialog = useFormDialog(form, {
    open,
    onOpenChange,
    defaults: () => articleValuesOf(item),
    save: (values) => (item ? helpApi.updateArticle(item.id, values) : helpApi.createArticle(values)),
    success: (saved) => saved.message,
    invalidate: [helpKeys.admin("articles"), helpKeys.all()],
    failure: { field: "slug", message: t("admin.saveFailed") },
  });
  const control = form.control as unknown as Control<FieldValues>;
  return (
    <FormDialog {...dialog} title={item ? t("admin.articles.editTitle") : t("admin.articles.createTitle")} className="sm:max-w-3xl" formClassName="space-y-4" submitLabel={t("admin.save")} testId="article-dialog">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name="slug" label={t("admin.fields.slug")} description={t("admin.fields.slugHint")} data-testid="article-slug" />
        <TextField control={control} name="related" label={t("admin.fields.related")} description={t("admin.fields.relatedHint")} />
      </div>
      <CommonFields control={control} />
      <LocaleTabs>
        {(l) => (
          <>
            <TextField control={control} name={`${l}.title`} label={t("admin.fields.title")} data-testid={`article-title-${l}`} />
            <TextField control={control} name={`${l}.summary`} label={t("admin.fields.summary")} />
            <MarkdownField control={control} name={`${l}.body`} label={t("admin.fields.body")} rows={14} images />
          </>
        )}
      </LocaleTabs>
    </FormDialog>
  );
}
