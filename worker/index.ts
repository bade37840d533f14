import { app } from "./app";
import type { Env } from "./env";
import { queue } from "./queues";

export { AccountRoom } from "../durable-objects/account-room/room";

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  queue,
} satisfies ExportedHandler<Env>;
