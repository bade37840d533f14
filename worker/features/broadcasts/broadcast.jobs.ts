import type { Env } from "../../env";
import type { JobOf } from "../jobs/jobs";

/** One pacing window of a broadcast: recipients handed to the outbound sender (#15). */
export async function runBroadcastTick(_env: Env, _job: JobOf<"broadcast-tick">): Promise<void> {
  throw new Error("broadcasts are not built yet");
}
