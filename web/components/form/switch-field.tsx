import type { ReactNode } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from "@/components/ui/form";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/utils";
import type { FieldProps } from "./field";

/** The frame's props of field.tsx (without a label aside), for a boolean field. */
export type ToggleProps<T extends FieldValues, N extends FieldPath<T>> = Omit<FieldProps<T, N>, "labelAside"> & {
  labelClassName?: string;
  disabled?: boolean;
  "data-testid"?: string;
};

/**
 * An on/off setting of a form (a boolean field): a bordered row with the label and its hint on the
 * left and the switch on the right. For a switch outside a react-hook-form form use <SwitchRow>.
 */
export function SwitchField<T extends FieldValues, N extends FieldPath<T>>({ control, name, label, description, className, labelClassName, disabled, "data-testid": testId }: ToggleProps<T, N>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn("flex flex-row items-center justify-between gap-4 rounded-md border px-4 py-3", className)}>
          <div className="grid gap-0.5">
            <FormLabel className={cn("cursor-pointer", labelClassName)}>{label}</FormLabel>
            {description && <FormDescription>{description}</FormDescription>}
          </div>
          <FormControl>
            <Switch checked={field.value} onCheckedChange={field.onChange} disabled={disabled} data-testid={testId} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}

/**
 * A switch with its title and hint outside a react-hook-form form (a draft kept in state): the
 * whole text is the switch's label.
 */
export function SwitchRow({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
  disabled,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange: (on: boolean) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex items-start justify-between gap-4", className)}>
      <label htmlFor={id} className="cursor-pointer space-y-0.5">
        <span className="block font-medium text-heading">{label}</span>
        {hint && <span className="block text-[0.8125rem] text-muted-foreground">{hint}</span>}
      </label>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} />
    </div>
  );
}
