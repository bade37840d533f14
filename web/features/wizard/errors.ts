import { isApiError } from "@/lib/api";

/**
 * What the wizard says when a step could not be saved: the server's own sentence when it answered
 * (a 403 "Недостаточно прав…", a 409, a 400 without fields), the step's own text about the
 * connection only when no answer came at all.
 */
export function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.body.message ? error.body.message : fallback;
}
