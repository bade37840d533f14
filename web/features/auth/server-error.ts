import type { FieldValues, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/lib/api";
import { applyServerErrors } from "@/lib/form";

/**
 * Puts a failed call's field messages on the form; returns the message to show above the form
 * when the server did not name a field (wrong password, rate limit, expired link…).
 */
export function handleFormError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors();
    applyServerErrors(form, error);
    const known = Object.keys(fields).filter((k) => k !== "_" && k in form.getValues());
    return known.length ? "" : error.body?.message || fallback;
  }
  return fallback;
}
