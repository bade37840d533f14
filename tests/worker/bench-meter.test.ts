import { describe, expect, it } from "vitest";
import { env } from "./helpers";
import type { Env } from "../../worker/env";
import { metered, meterReset, meterSnapshot } from "../../worker/lib/bench-meter";

// The cost benchmark's meter (worker/lib/bench-meter.ts): off unless BENCH_METER=1 in development;
// on, it sums D1's own meta for every way a statement is sent (run, batch, and raw, which drizzle's
// selects use and which drops the meta for the caller).
describe("bench meter", () => {
  it("leaves the env untouched unless BENCH_METER is 1", () => {
    expect(metered(env as Env, "fetch")).toBe(env);
    expect(metered({ ...(env as Env), BENCH_METER: "1", ENVIRONMENT: "production" }, "fetch").DB).toBe((env as Env).DB);
  });

  it("counts rows read, written and returned per statement, and the invocations", async () => {
    const on = metered({ ...(env as Env), BENCH_METER: "1" }, "queue");
    await on.DB.prepare("CREATE TABLE IF NOT EXISTS meter_probe (id INTEGER PRIMARY KEY, v TEXT)").run();
    meterReset();
    const insert = on.DB.prepare("INSERT INTO meter_probe (v) VALUES (?)");
    await on.DB.batch([insert.bind("а"), insert.bind("б"), insert.bind("в")]);
    const rows = await on.DB.prepare("SELECT v FROM meter_probe ORDER BY id").raw();
    metered({ ...(env as Env), BENCH_METER: "1" }, "fetch");
    const m = meterSnapshot();
    expect(rows).toEqual([["а"], ["б"], ["в"]]);
    expect(m.d1Queries).toBe(4);
    expect(m.d1RowsWritten).toBe(3);
    const select = m.statements.find((s) => s.sql.startsWith("SELECT v FROM meter_probe"));
    expect(select).toMatchObject({ n: 1, returned: 3, written: 0 });
    expect(select!.read).toBeGreaterThanOrEqual(3);
    expect(m.statements.find((s) => s.sql.startsWith("INSERT"))).toMatchObject({ n: 3, written: 3 });
    expect(m.invocations.fetch).toBe(1);
  });

  it("keys a statement without its id literals, so statements built with ids group as one (the sample is the first text)", async () => {
    const on = metered({ ...(env as Env), BENCH_METER: "1" }, "fetch");
    meterReset();
    for (const id of ["0mx0qh208gqjb3whggp", "0mx0q7ul9o2h7ublx0t"]) await on.DB.prepare(`SELECT '${id}' AS id, 'ended' AS s`).all();
    const m = meterSnapshot();
    expect(m.statements).toHaveLength(1);
    expect(m.statements[0]).toMatchObject({ n: 2, sql: "SELECT '0mx0qh208gqjb3whggp' AS id, 'ended' AS s" });
  });
});

