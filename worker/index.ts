import { app } from "./app";
import type { Env } from "./env";
import { setLogLevel } from "./lib/logger";
import { queue } from "./queues";

export { AccountRoom } from "../durable-objects/account-room/room";

export default {
  fetch: (request, env, ctx) => {
    setLogLevel(env.LOG_LEVEL);
    return app.fetch(request, env, ctx);
  },
  queue: (batch, env, ctx) => {
    setLogLevel(env.LOG_LEVEL);
    return queue(batch, env, ctx);
  },
} satisfies ExportedHandler<Env>;
