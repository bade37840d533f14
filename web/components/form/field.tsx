import type { ComponentProps, ReactNode } from "react";
import type { Control, ControllerRenderProps, FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { PasswordInput } from "@/features/auth/components/password-input";

/**
 * Typed form fields over the shadcn wrappers of ui/form.tsx: one label, the control, an optional
 * hint and at most one message, with the ids and aria-describedby that <FormControl> gives.
 *
 * Use them for a field that is "label + one control (+ hint)": pass `control={form.control}` so
 * `name` is checked against the form's values (without it the field reads the surrounding <Form>
 * and `name` is a plain string). For a control of its own kind, wrap it in <FieldItem> and put
 * <FormControl> around the element that carries the id. Selects and switches live in
 * select-field.tsx and switch-field.tsx, so the sign-in pages' first download does not bring Radix
 * Select or Switch.
 */
export type FieldProps<T extends FieldValues, N extends FieldPath<T>> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control?: Control<T, any, any>;
  name: N;
  label: ReactNode;
  /** Next to the label, on its line (a link, a counter). */
  labelAside?: ReactNode;
  description?: ReactNode;
  /** On the <FormItem> (grid placement, e.g. "sm:col-span-2"); the control's own classes go in controlClassName. */
  className?: string;
};

type ControlClass = { controlClassName?: string };

/** The field's frame; `children` renders the control from react-hook-form's field props. */
export function FieldItem<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  labelAside,
  description,
  className,
  children,
}: FieldProps<T, N> & { children: (field: ControllerRenderProps<T, N>) => ReactNode }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          {labelAside ? (
            <div className="flex items-baseline justify-between gap-3">
              <FormLabel>{label}</FormLabel>
              {labelAside}
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          {children(field)}
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

type InputProps = Omit<ComponentProps<typeof Input>, "name" | "value" | "onChange" | "onBlur" | "ref" | "children">;

/** A one-line text input (e-mail, URL, name…); the rest of the props go to the <Input>. */
export function TextField<T extends FieldValues, N extends FieldPath<T>>({ control, name, label, labelAside, description, className, controlClassName, ...input }: FieldProps<T, N> & ControlClass & InputProps) {
  return (
    <FieldItem control={control} name={name} label={label} labelAside={labelAside} description={description} className={className}>
      {(field) => (
        <FormControl>
          <Input {...input} className={controlClassName} {...field} />
        </FormControl>
      )}
    </FieldItem>
  );
}

/** A password with the show/hide toggle. */
export function PasswordField<T extends FieldValues, N extends FieldPath<T>>({ control, name, label, labelAside, description, className, controlClassName, ...input }: FieldProps<T, N> & ControlClass & Omit<InputProps, "type">) {
  return (
    <FieldItem control={control} name={name} label={label} labelAside={labelAside} description={description} className={className}>
      {(field) => (
        <FormControl>
          <PasswordInput {...input} className={controlClassName} {...field} />
        </FormControl>
      )}
    </FieldItem>
  );
}

type TextareaProps = Omit<ComponentProps<typeof Textarea>, "name" | "value" | "onChange" | "onBlur" | "ref" | "children">;

/** Several lines of text; the rest of the props go to the <Textarea>. */
export function TextareaField<T extends FieldValues, N extends FieldPath<T>>({ control, name, label, labelAside, description, className, controlClassName, ...textarea }: FieldProps<T, N> & ControlClass & TextareaProps) {
  return (
    <FieldItem control={control} name={name} label={label} labelAside={labelAside} description={description} className={className}>
      {(field) => (
        <FormControl>
          <Textarea {...textarea} className={controlClassName} {...field} />
        </FormControl>
      )}
    </FieldItem>
  );
}
