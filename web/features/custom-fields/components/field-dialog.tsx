import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { FieldItem, TextareaField, TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { useZodForm } from "@/lib/form";
import { CHOICE_TYPES, FIELD_KEY_MAX, FIELD_KEY_PATTERN, FIELD_TYPES, type FieldType } from "@worker/features/custom-fields/field-types";
import { customFieldApi, customFieldKeys, type CustomFieldDef } from "../api";
import { keyFromLabel } from "../slug";
import { OptionsEditor } from "./options-editor";

/** Create a field, or edit one (its key then stays as it is). */
export function FieldDialog({ accountId, field, onClose }: { accountId: string; field: CustomFieldDef | null; onClose: () => void }) {
  const { t } = useTranslation("customFields");
  const schema = useMemo(
    () =>
      z
        .object({
          label: z.string().trim().min(1, t("form.errors.labelRequired")).max(100, t("form.errors.max", { n: 100 })),
          key: z.string().trim().min(1, t("form.errors.keyRequired")).max(FIELD_KEY_MAX, t("form.errors.max", { n: FIELD_KEY_MAX })).regex(FIELD_KEY_PATTERN, t("form.errors.key")),
          type: z.enum(FIELD_TYPES),
          options: z.array(z.string()),
          description: z.string().trim().max(500, t("form.errors.max", { n: 500 })),
        })
        .transform((v) => ({ ...v, options: CHOICE_TYPES.includes(v.type) ? v.options.map((o) => o.trim()).filter(Boolean) : [] }))
        .refine((v) => !CHOICE_TYPES.includes(v.type) || v.options.length > 0, { path: ["options"], message: t("form.errors.optionsRequired") }),
    [t],
  );
  const form = useZodForm(schema, {
    defaultValues: field
      ? { label: field.label, key: field.key, type: field.type, options: [...field.options], description: field.description }
      : { label: "", key: "", type: "text" as FieldType, options: ["", ""], description: "" },
  });
  const type = form.watch("type");
  const label = form.watch("label");
  const keyTouched = !!form.formState.dirtyFields.key;
  useEffect(() => {
    // The key follows the label until the user writes one of their own.
    if (!field && !keyTouched) form.setValue("key", keyFromLabel(label), { shouldValidate: form.formState.isSubmitted });
  }, [field, keyTouched, label, form]);

  const dialog = useFormDialog(form, {
    onClose,
    save: (values) =>
      field
        ? customFieldApi.update(accountId, field.fieldId, { label: values.label, type: values.type, options: values.options, description: values.description })
        : customFieldApi.create(accountId, values),
    success: field ? t("toasts.saved") : t("toasts.created"),
    invalidate: [customFieldKeys.fields(accountId)],
    failure: { toast: t("toasts.saveFailed") },
  });

  return (
    <FormDialog
      {...dialog}
      title={field ? t("form.editTitle") : t("form.createTitle")}
      description={t("form.description")}
      submitLabel={field ? t("form.save") : t("form.create")}
      submitTestId="field-save"
      className="max-h-[92dvh] overflow-y-auto sm:max-w-lg"
      testId="field-dialog"
    >
      <TextField control={form.control} name="label" label={t("form.label")} placeholder={t("form.labelPlaceholder")} autoFocus maxLength={100} />
      <TextField
        control={form.control}
        name="key"
        label={t("form.key")}
        description={field ? t("form.keyFixed") : t("form.keyHint")}
        disabled={!!field}
        maxLength={FIELD_KEY_MAX}
        spellCheck={false}
        autoCapitalize="off"
      />
      <SelectField control={form.control} name="type" label={t("form.type")} options={FIELD_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} description={field && field.contactCount > 0 ? t("form.typeLocked") : undefined} />
      {CHOICE_TYPES.includes(type) && (
        <FieldItem control={form.control} name="options" label={t("form.options")}>
          {(f) => <OptionsEditor value={f.value} onChange={f.onChange} />}
        </FieldItem>
      )}
      <TextareaField control={form.control} name="description" label={t("form.descriptionLabel")} placeholder={t("form.descriptionPlaceholder")} rows={2} maxLength={500} />
    </FormDialog>
  );
}
