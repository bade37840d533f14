import { useForm, type FieldError, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from "react-hook-form";
import { safeParseAsync, type $ZodType, type input as zInput, type output as zOutput } from "zod/v4/core";
import { isApiError } from "./api";

/**
 * react-hook-form + zod with the product's defaults (SPEC §5): validation on input, at most one
 * error per field.
 */
export function useZodForm<S extends $ZodType<FieldValues, FieldValues>>(
  schema: S,
  opts: Omit<UseFormProps<zInput<S>, unknown, zOutput<S>>, "resolver"> = {},
): UseFormReturn<zInput<S>, unknown, zOutput<S>> {
  return useForm<zInput<S>, unknown, zOutput<S>>({
    mode: "onChange",
    criteriaMode: "firstError",
    ...opts,
    resolver: zodResolver(schema) as unknown as Resolver<zInput<S>, unknown, zOutput<S>>,
  });
}

/**
 * A small zod resolver (the @hookform/resolvers one adds ~16 KB gzipped to every form page): the
 * first issue of each field becomes its error. It parses through zod's core, so schemas written
 * with the lighter `zod/mini` work as well as classic `zod` ones.
 */
export function zodResolver<S extends $ZodType>(schema: S): Resolver<FieldValues, unknown, zOutput<S>> {
  return async (values) => {
    const result = await safeParseAsync(schema, values);
    if (result.success) return { values: result.data as zOutput<S>, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.map(String).join(".");
      if (!name || errors[name]) continue;
      errors[name] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNested(errors) as FieldErrors };
  };
}

/** {"a.b": err} → {a: {b: err}}, the shape react-hook-form reads errors in. */
function toNested(flat: Record<string, FieldError>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const parts = path.split(".");
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = error;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
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
