import type { ReactNode } from "react";
import type { FieldPath, FieldValues, PathValue } from "react-hook-form";
import { FormControl } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { FieldItem, type FieldProps } from "./field";

export type SelectOption = { value: string; label: ReactNode; disabled?: boolean };

/**
 * A choice from a short fixed list (a role, a language) as a Radix select inside the field frame
 * of field.tsx. `onValueChange` runs after the field took the value (to clear or fill a dependent
 * field). For a long list that needs search, use the Combobox.
 */
export function SelectField<T extends FieldValues, N extends FieldPath<T>>({
  options,
  placeholder,
  triggerClassName,
  triggerTestId,
  disabled,
  onValueChange,
  ...frame
}: FieldProps<T, N> & {
  options: readonly SelectOption[];
  placeholder?: ReactNode;
  triggerClassName?: string;
  triggerTestId?: string;
  disabled?: boolean;
  onValueChange?: (value: string) => void;
}) {
  return (
    <FieldItem {...frame}>
      {(field) => (
        <Select
          value={field.value}
          onValueChange={(v) => {
            field.onChange(v as PathValue<T, N>);
            onValueChange?.(v);
          }}
          disabled={disabled}
        >
          <FormControl>
            <SelectTrigger className={triggerClassName} data-testid={triggerTestId}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
          </FormControl>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FieldItem>
  );
}
