import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { isApiError } from "./api";

/**
 * react-hook-form + zod with the product's defaults (SPEC §5): validation on input, at most one
 * error per field.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  opts: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: "onChange",
    criteriaMode: "firstError",
    ...opts,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    resolver: zodResolver(schema as any) as any,
  });
}

/**
 * Puts the server's field messages (400 details.fields) on the matching fields.
 * Returns true when at least one field got a message.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T, any, any>, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const fields = error.fieldErrors();
  let applied = false;
  let first = true;
  for (const [name, message] of Object.entries(fields)) {
    form.setError(name as Path<T>, { type: "server", message }, { shouldFocus: first });
    first = false;
    applied = true;
  }
  return applied;
}
