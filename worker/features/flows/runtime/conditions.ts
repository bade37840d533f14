import type { FieldValue, TurnContext } from "./types";

export interface Rule {
  id: string;
  source: "field" | "tag" | "channel" | "time" | "weekday" | "variable";
  key?: string;
  op: string;
  value?: unknown;
}

/** The wall clock in the account's time zone: "HH:mm" and the ISO weekday (1 = Monday). */
export function zonedClock(tz: string, at: number): { time: string; weekday: number } {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: tz, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(at));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return { time: `${get("hour")}:${get("minute")}`, weekday: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday")) + 1 };
}

function asText(v: FieldValue | undefined): string {
  if (v === undefined || v === null) return "";
  return Array.isArray(v) ? v.join(", ") : String(v);
}

function compare(actual: FieldValue | undefined, op: string, expected: unknown): boolean {
  const set = actual !== undefined && actual !== null && asText(actual) !== "";
  const a = asText(actual).toLocaleLowerCase("ru");
  const e = String(expected ?? "").toLocaleLowerCase("ru");
  switch (op) {
    case "isSet":
      return set;
    case "isNotSet":
      return !set;
    case "equals":
      return set && a === e;
    case "contains":
      return set && (Array.isArray(actual) ? actual.some((x) => x.toLocaleLowerCase("ru") === e) : a.includes(e));
    case "greater":
    case "less": {
      const x = Number(asText(actual).replace(",", "."));
      const y = Number(String(expected ?? "").replace(",", "."));
      if (!set || !Number.isFinite(x) || !Number.isFinite(y)) return false;
      return op === "greater" ? x > y : x < y;
    }
    default:
      return false;
  }
}

/** Whether one rule holds for the conversation now. */
export function ruleHolds(rule: Rule, ctx: TurnContext, vars: Record<string, string>): boolean {
  switch (rule.source) {
    case "field":
      return compare(ctx.contact.fields[rule.key ?? ""], rule.op, rule.value);
    case "variable":
      return compare(vars[rule.key ?? ""], rule.op, rule.value);
    case "tag": {
      const has = ctx.contact.tags.has(String(rule.value ?? ""));
      return rule.op === "hasNot" ? !has : has;
    }
    case "channel":
      return ctx.platform === String(rule.value ?? "");
    case "time": {
      const v = (rule.value ?? {}) as { from?: string; to?: string };
      const { time } = zonedClock(ctx.timezone, ctx.now);
      const from = v.from ?? "00:00";
      const to = v.to ?? "24:00";
      // A window over midnight (22:00–06:00) holds on either side of it.
      return from <= to ? from <= time && time < to : time >= from || time < to;
    }
    case "weekday": {
      const days = Array.isArray(rule.value) ? rule.value.map(Number) : [];
      return days.includes(zonedClock(ctx.timezone, ctx.now).weekday);
    }
    default:
      return false;
  }
}

/** The output a condition step takes: the first rule that holds, else `else`. */
export function conditionHandle(rules: Rule[], ctx: TurnContext, vars: Record<string, string>): string {
  const hit = rules.find((r) => ruleHolds(r, ctx, vars));
  return hit ? `branch:${hit.id}` : "else";
}
