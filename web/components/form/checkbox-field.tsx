import type { FieldPath, FieldValues } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import type { ToggleProps } from "./switch-field";

/** A boolean field as a checkbox before its label (consent, "remember me"); the label may hold links. */
export function CheckboxField<T extends FieldValues, N extends FieldPath<T>>({ control, name, label, className, disabled, "data-testid": testId }: Omit<ToggleProps<T, N>, "description">) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <div className="flex items-start gap-2.5">
            <FormControl>
              <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} ref={field.ref} disabled={disabled} data-testid={testId} className="mt-0.5" />
            </FormControl>
            <FormLabel className="block text-sm leading-snug font-normal">{label}</FormLabel>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
