import type { AppType } from "@worker/app";
import type { ExtractSchema } from "hono/types";
import type { SuccessStatusCode } from "hono/utils/http-status";

/**
 * The API's answers and bodies as the worker's routes declare them (type-only: nothing of the
 * worker reaches the bundle). Indexing the app's route schema costs the compiler a fraction of what
 * the `hc<AppType>` client's proxy types cost (README, design decisions), so the SPA keeps its thin
 * `api` wrapper and names the route it calls: `api.get<ApiResponse<"/accounts/:accountId">>(…)`.
 * A route whose answer changes then breaks the typecheck of every page that reads it.
 */
type Routes = ExtractSchema<AppType>;
type Methods = "get" | "post" | "put" | "patch" | "delete";

/** Paths under /api, as the routes spell them (`:param` for parameters). */
export type ApiPath = keyof Routes extends infer K ? (K extends `/api${infer P}` ? P : never) : never;

type Endpoint<P extends ApiPath, M extends Methods> = `/api${P}` extends keyof Routes
  ? `$${M}` extends keyof Routes[`/api${P}`]
    ? Routes[`/api${P}`][`$${M}`]
    : never
  : never;

/** The JSON a route answers on success (its error answers are the ApiErrorBody of web/lib/api.ts). */
export type ApiResponse<P extends ApiPath, M extends Methods = "get"> =
  Extract<Endpoint<P, M>, { status: SuccessStatusCode }> extends { output: infer O } ? O : never;

/** The JSON body a route validates, as its zod schema's input (what the SPA may send; a schema with a default makes it optional). */
export type ApiBody<P extends ApiPath, M extends Methods = "post"> =
  Endpoint<P, M> extends { input: infer I } ? ("json" extends keyof I ? Exclude<I["json" & keyof I], undefined> : never) : never;
