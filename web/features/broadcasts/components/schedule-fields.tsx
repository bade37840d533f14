import { useTranslation } from "react-i18next";
import type { UseFormReturn } from "react-hook-form";
import { Globe } from "lucide-react";
import { FieldItem, TextField } from "@/components/form/field";
import { FormControl } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import type { ComposerInput, ComposerValues } from "../composer-schema";

type Form = UseFormReturn<ComposerInput, unknown, ComposerValues>;

/** Send now or at a date and time on the account's clock (the zone is shown, the server reads the time in it). */
export function ScheduleFields({ form, timeZone, disabled }: { form: Form; timeZone: string; disabled?: boolean }) {
  const { t } = useTranslation("broadcasts");
  const mode = form.watch("scheduleMode");
  return (
    <div className="space-y-4">
      <FieldItem control={form.control} name="scheduleMode" label={t("composer.schedule.when")}>
        {(field) => (
          <FormControl>
            <RadioGroup value={field.value} onValueChange={field.onChange} className="flex flex-wrap gap-6" disabled={disabled}>
              {(["now", "later"] as const).map((v) => (
                <div key={v} className="flex items-center gap-2">
                  <RadioGroupItem value={v} id={`schedule-${v}`} data-testid={`schedule-${v}`} />
                  <Label htmlFor={`schedule-${v}`} className="cursor-pointer font-normal">
                    {t(`composer.schedule.${v}`)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </FormControl>
        )}
      </FieldItem>
      {mode === "later" && (
        <TextField
          control={form.control}
          name="at"
          type="datetime-local"
          label={t("composer.schedule.at")}
          className="sm:max-w-xs"
          disabled={disabled}
          data-testid="schedule-at"
          description={
            <span className="inline-flex items-center gap-1.5">
              <Globe className="size-3.5" aria-hidden />
              {t("composer.schedule.zone", { zone: timeZone.replaceAll("_", " ") })}
            </span>
          }
        />
      )}
    </div>
  );
}
