import { app } from "./app";
import type { Env } from "./env";

export { AccountRoom } from "../durable-objects/account-room/room";

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
