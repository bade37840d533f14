import { useForm, type FieldError, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from "react-hook-form";
import { useEffect, useMemo } from "react";
import type { $ZodType, input as zInput, output as zOutput } from "zod/v4/core";
import { isApiError } from "./api";
import { notify } from "./notify";

/**
 * A zod schema, or a function that loads one. Validation only runs once the user types or submits,
 * so a page in the first load (sign-in, registration) passes a loader, e.g.
 * `useCallback(() => import("@/features/auth/schemas").then((m) => m.loginSchema(t)), [t])`, and
 * zod stays out of its first download. Keep the loader (and a schema) stable: memoize it.
 */
export type SchemaSource<S> = S | (() => Promise<S>);

/**
 * react-hook-form + zod with the product's defaults (SPEC §5): validation on input, at most one
 * error per field.
 */
export function useZodForm<S extends $ZodType<FieldValues, FieldValues>>(
  schema: SchemaSource<S>,
  opts: Omit<UseFormProps<zInput<S>, unknown, zOutput<S>>, "resolver"> = {},
): UseFormReturn<zInput<S>, unknown, zOutput<S>> {
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  return useForm<zInput<S>, unknown, zOutput<S>>({
    mode: "onChange",
    criteriaMode: "firstError",
    ...opts,
    resolver: resolver as unknown as Resolver<zInput<S>, unknown, zOutput<S>>,
  });
}

/**
 * A small zod resolver (the @hookform/resolvers one adds ~16 KB gzipped to every form page): the
 * first issue of each field becomes its error. It parses through zod's core, so schemas written
 * with the lighter `zod/mini` work as well as classic `zod` ones. zod's parser (and a lazy schema)
 * load at the first validation, not with the form: web/lib/form.ts is in the sign-in page's first
 * load, zod is not.
 */
export function zodResolver<S extends $ZodType>(schema: SchemaSource<S>): Resolver<FieldValues, unknown, zOutput<S>> {
  let ready: Promise<[S, typeof import("./zod-parse")]> | null = null;
  const load = () =>
    (ready ??= Promise.all([typeof schema === "function" ? schema() : schema, import("./zod-parse")]).catch((error: unknown) => {
      ready = null; // a failed download is tried again at the next validation
      throw error;
    }));
  return async (values) => {
    const [resolved, { safeParseAsync }] = await load();
    const result = await safeParseAsync(resolved, values);
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

const isPlainObject = (v: unknown) => typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * The server's field messages (400/409 details.fields) put on the form's fields, through
 * `serverFields` for keys the form names differently. A key with no field in the form (an API
 * name the form does not use, "_" for the whole body, a group such as `included`) is not set on
 * the form, where nothing would show it: its message comes back in `unplaced`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function placeServerErrors<T extends FieldValues>(form: UseFormReturn<T, any, any>, error: unknown, serverFields: Partial<Record<string, Path<T>>> = {}) {
  const unplaced: string[] = [];
  const placed = new Set<string>();
  if (!isApiError(error)) return { placed, unplaced };
  for (const [key, message] of Object.entries(error.fieldErrors())) {
    const name = (serverFields[key] ?? key) as Path<T>;
    const value = form.getValues(name);
    if (value === undefined || isPlainObject(value)) {
      unplaced.push(message);
      continue;
    }
    form.setError(name, { type: "server", message }, { shouldFocus: placed.size === 0 });
    placed.add(name);
  }
  return { placed, unplaced };
}

/**
 * Puts the server's field messages (400 details.fields) on the matching fields; a message for a
 * field the form does not have (nothing on the page would show it) is shown as a snackbar.
 * Returns true when the server named at least one field (so its messages are on screen); false
 * when the failure has no field messages (the caller shows its own sentence).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T, any, any>, error: unknown, serverFields?: Partial<Record<string, Path<T>>>): boolean {
  const { placed, unplaced } = placeServerErrors(form, error, serverFields);
  if (unplaced.length) notify({ type: "error", message: unplaced[0]! });
  return placed.size > 0 || unplaced.length > 0;
}

/**
 * Keeps a settings form in step with the server's copy: when `source` changes (a refetch, another
 * tab saved) the form is reset to `values(source)`, unless the user has edited it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useResetWhileClean<T extends FieldValues, S>(form: UseFormReturn<T, any, any>, source: S, values: (source: S) => T) {
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(values(source));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);
}
