import { useTranslation } from "react-i18next";
import { useFormContext } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { NameField } from "./assistant-fields";
import { TagInput } from "./tag-input";

/** A template's own fields, shared by the publish and the edit dialogs: name, description and tags. */
export function TemplateInfoFields() {
  const { t } = useTranslation("assistants");
  const form = useFormContext<{ name: string; description: string; tags: string[] }>();
  return (
    <>
      <NameField label={t("publish.name")} />
      <FormField
        control={form.control}
        name="description"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("publish.templateDescription")}</FormLabel>
            <FormControl>
              <Textarea {...field} rows={3} maxLength={1000} placeholder={t("publish.descriptionPlaceholder")} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="tags"
        render={({ field, fieldState }) => (
          <FormItem>
            <FormLabel htmlFor="template-tags">{t("publish.tags")}</FormLabel>
            <TagInput id="template-tags" value={field.value} onChange={field.onChange} max={10} maxLength={40} placeholder={t("publish.tagsPlaceholder")} aria-invalid={!!fieldState.error} />
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
