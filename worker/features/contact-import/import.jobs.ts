import type { Env } from "../../env";
import type { JobOf } from "../jobs/jobs";

/** Imports one chunk of an import job's rows (contact import, #15). */
export async function runImportChunk(_env: Env, _job: JobOf<"import-chunk">): Promise<void> {
  throw new Error("contact import is not built yet");
}
