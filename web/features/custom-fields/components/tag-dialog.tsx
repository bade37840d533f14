import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Check } from "lucide-react";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { FieldItem, TextField } from "@/components/form/field";
import { useZodForm } from "@/lib/form";
import { cn } from "@/lib/utils";
import { TAG_COLORS, type TagColor } from "@worker/features/custom-fields/field-types";
import { customFieldApi, customFieldKeys, type AccountTag } from "../api";
import { TagBadge } from "./tag-badge";

/** Create or edit a tag: its name and a colour from the palette. */
export function TagDialog({ accountId, tag, onClose }: { accountId: string; tag: AccountTag | null; onClose: () => void }) {
  const { t } = useTranslation("customFields");
  const schema = useMemo(
    () => z.object({ name: z.string().trim().min(1, t("tags.form.errors.nameRequired")).max(50, t("form.errors.max", { n: 50 })), color: z.enum(TAG_COLORS) }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { name: tag?.name ?? "", color: (tag?.color ?? TAG_COLORS[0]) as TagColor } });
  const [name, color] = form.watch(["name", "color"]);

  const dialog = useFormDialog(form, {
    onClose,
    save: (values) => (tag ? customFieldApi.updateTag(accountId, tag.tagId, values) : customFieldApi.createTag(accountId, values)),
    success: tag ? t("tags.toasts.saved") : t("tags.toasts.created"),
    invalidate: [customFieldKeys.tags(accountId)],
    failure: { toast: t("toasts.saveFailed") },
  });

  return (
    <FormDialog {...dialog} title={tag ? t("tags.form.editTitle") : t("tags.form.createTitle")} submitLabel={tag ? t("form.save") : t("tags.form.create")} submitTestId="tag-save" className="sm:max-w-md" testId="tag-dialog">
      <TextField control={form.control} name="name" label={t("tags.form.name")} placeholder={t("tags.form.namePlaceholder")} autoFocus maxLength={50} />
      <FieldItem control={form.control} name="color" label={t("tags.form.color")}>
        {(field) => (
          <div role="radiogroup" aria-label={t("tags.form.color")} className="flex flex-wrap gap-2">
            {TAG_COLORS.map((c, i) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={field.value === c}
                aria-label={t("tags.form.colorN", { n: i + 1 })}
                onClick={() => field.onChange(c)}
                className={cn("flex size-8 items-center justify-center rounded-full ring-offset-2 ring-offset-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none", field.value === c && "ring-2 ring-foreground/40")}
                style={{ backgroundColor: c }}
              >
                {field.value === c && <Check className="size-4 text-white" aria-hidden />}
              </button>
            ))}
          </div>
        )}
      </FieldItem>
      <div className="flex items-center gap-2 text-[0.8125rem] text-muted-foreground">
        {t("tags.form.preview")}
        <TagBadge name={name.trim() || t("tags.form.namePlaceholder")} color={color} />
      </div>
    </FormDialog>
  );
}
