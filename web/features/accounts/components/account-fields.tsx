import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ACCOUNT_LANGUAGES, type AccountFormValues } from "../schemas";
import { TimezoneSelect } from "./timezone-select";

/** The fields of an account (create dialog and the general settings tab share them). */
export function AccountFields({ form, disabled, autoFocus }: { form: UseFormReturn<AccountFormValues, unknown, AccountFormValues>; disabled?: boolean; autoFocus?: boolean }) {
  const { t } = useTranslation("accounts");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        control={form.control}
        name="name"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>{t("fields.name")}</FormLabel>
            <FormControl>
              <Input autoFocus={autoFocus} disabled={disabled} placeholder={t("fields.namePlaceholder")} {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="timezone"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("fields.timezone")}</FormLabel>
            <FormControl>
              <TimezoneSelect value={field.value} onChange={field.onChange} disabled={disabled} />
            </FormControl>
            <FormDescription>{t("fields.timezoneHint")}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="language"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("fields.language")}</FormLabel>
            <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
              <FormControl>
                <SelectTrigger className="w-full">
                  <SelectValue />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {ACCOUNT_LANGUAGES.map((l) => (
                  <SelectItem key={l} value={l}>
                    {t(`languages.${l}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormDescription>{t("fields.languageHint")}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="website"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>{t("fields.website")}</FormLabel>
            <FormControl>
              <Input type="url" inputMode="url" disabled={disabled} placeholder="https://example.ru" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="description"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>{t("fields.description")}</FormLabel>
            <FormControl>
              <Textarea rows={3} disabled={disabled} placeholder={t("fields.descriptionPlaceholder")} {...field} />
            </FormControl>
            <FormDescription>{t("fields.descriptionHint")}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}
