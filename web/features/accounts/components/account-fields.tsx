import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormControl } from "@/components/ui/form";
import { FieldItem, TextareaField, TextField } from "@/components/form/field";
import { SelectField } from "@/components/form/select-field";
import { ACCOUNT_LANGUAGES, type AccountFormValues } from "../schemas";
import { TimezoneSelect } from "./timezone-select";

/** The fields of an account (create dialog and the general settings tab share them). */
export function AccountFields({ form, disabled, autoFocus }: { form: UseFormReturn<AccountFormValues, unknown, AccountFormValues>; disabled?: boolean; autoFocus?: boolean }) {
  const { t } = useTranslation("accounts");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField control={form.control} name="name" label={t("fields.name")} className="sm:col-span-2" autoFocus={autoFocus} disabled={disabled} placeholder={t("fields.namePlaceholder")} />
      <FieldItem control={form.control} name="timezone" label={t("fields.timezone")} description={t("fields.timezoneHint")}>
        {(field) => (
          <FormControl>
            <TimezoneSelect value={field.value} onChange={field.onChange} disabled={disabled} />
          </FormControl>
        )}
      </FieldItem>
      <SelectField
        control={form.control}
        name="language"
        label={t("fields.language")}
        description={t("fields.languageHint")}
        triggerClassName="w-full"
        disabled={disabled}
        options={ACCOUNT_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
      />
      <TextField control={form.control} name="website" label={t("fields.website")} className="sm:col-span-2" type="url" inputMode="url" disabled={disabled} placeholder="https://example.ru" />
      <TextareaField
        control={form.control}
        name="description"
        label={t("fields.description")}
        description={t("fields.descriptionHint")}
        className="sm:col-span-2"
        rows={3}
        disabled={disabled}
        placeholder={t("fields.descriptionPlaceholder")}
      />
    </div>
  );
}
