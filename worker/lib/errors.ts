import type { ContentfulStatusCode } from "hono/utils/http-status";

/** A failure a service expects: turned into the error body by `app.onError`. */
export class AppError extends Error {
  constructor(
    public readonly status: ContentfulStatusCode,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  /**
   * Values of the message that are names stored in Russian with a translation of their own (a
   * plan's name): the English error body words them so (worker/lib/error-i18n.ts).
   */
  englishValues?: Record<string, string>;

  withEnglishValues(values: Record<string, string>): this {
    this.englishValues = values;
    return this;
  }
}

export const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  details?: unknown;
}

export function errorBody(status: number, message: string, code?: string, details?: unknown): ErrorBody {
  const body: ErrorBody = { statusCode: status, error: REASONS[status] ?? "Error", message };
  if (code) body.code = code;
  if (details !== undefined) body.details = details;
  return body;
}

export const notFound = (message = "Не найдено", code = "NOT_FOUND") => new AppError(404, code, message);
export const forbidden = (message = "Недостаточно прав для этого действия", code = "FORBIDDEN") =>
  new AppError(403, code, message);
export const unauthorized = (message = "Требуется вход в систему", code = "UNAUTHORIZED") =>
  new AppError(401, code, message);
export const badRequest = (message: string, code = "BAD_REQUEST", details?: unknown) =>
  new AppError(400, code, message, details);
export const conflict = (message: string, code = "CONFLICT") => new AppError(409, code, message);
/** A 400 that names one field, in the validator's shape (`details.fields`), for checks made in services. */
export const fieldError = (field: string, message: string, code = "VALIDATION_ERROR") => new AppError(400, code, `Проверьте введённые данные — ${message}`, { fields: { [field]: [message] } });
