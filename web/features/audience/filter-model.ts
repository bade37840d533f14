import type { AudienceFilter } from "@worker/features/audience/filter";

/** One condition on a custom field, as the filter holds it. */
export type FieldCondition = NonNullable<AudienceFilter["fields"]>[number];
export type FieldOp = FieldCondition["op"];
export type TagMode = "any" | "all" | "none";
export type Channel = NonNullable<AudienceFilter["channels"]>[number];
export type Subscription = NonNullable<AudienceFilter["subscription"]>;

export const FIELD_OPS: readonly FieldOp[] = ["equals", "contains", "greater", "less", "isSet", "isNotSet"];
export const TAG_MODES: readonly TagMode[] = ["any", "all", "none"];
export const AUDIENCE_CHANNELS: readonly Channel[] = ["TELEGRAM", "WHATSAPP", "INSTAGRAM", "WEBCHAT"];
export const SUBSCRIPTION_STATES: readonly Subscription[] = ["subscribed", "unsubscribed", "blocked"];

/** The operators that make sense for a field type (contains: text-like and multi-select; greater/less: numbers and dates). */
export function opsForType(type: string): FieldOp[] {
  if (type === "number" || type === "date" || type === "datetime") return ["equals", "greater", "less", "isSet", "isNotSet"];
  if (type === "boolean" || type === "select") return ["equals", "isSet", "isNotSet"];
  if (type === "multiselect") return ["contains", "isSet", "isNotSet"];
  return ["equals", "contains", "isSet", "isNotSet"];
}

export const needsValue = (op: FieldOp) => op !== "isSet" && op !== "isNotSet";

/** A condition the server can run: a field chosen and, unless the operator takes none, a value. */
export function isComplete(c: FieldCondition): boolean {
  return !!c.key && (!needsValue(c.op) || (c.value !== undefined && c.value !== ""));
}

/**
 * The filter as the API takes it: empty parts dropped, unfinished field conditions left out (the
 * builder keeps them while they are being typed). Every consumer sends `readyFilter(value)`.
 */
export function readyFilter(f: AudienceFilter): AudienceFilter {
  const out: AudienceFilter = {};
  if (f.channels?.length) out.channels = f.channels;
  const tags: NonNullable<AudienceFilter["tags"]> = {};
  for (const m of TAG_MODES) if (f.tags?.[m]?.length) tags[m] = f.tags[m];
  if (Object.keys(tags).length) out.tags = tags;
  const fields = (f.fields ?? []).filter(isComplete).map((c) => (needsValue(c.op) ? c : { key: c.key, op: c.op }));
  if (fields.length) out.fields = fields;
  if (f.lastActivity?.from || f.lastActivity?.to) {
    out.lastActivity = {};
    if (f.lastActivity.from) out.lastActivity.from = f.lastActivity.from;
    if (f.lastActivity.to) out.lastActivity.to = f.lastActivity.to;
  }
  if (f.subscription) out.subscription = f.subscription;
  if (f.q?.trim()) out.q = f.q.trim();
  return out;
}

/** A stable string of the ready filter ("" for none): the URL parameter, a query key, a comparison. */
export function filterKey(f: AudienceFilter): string {
  const r = readyFilter(f);
  return Object.keys(r).length ? JSON.stringify(r) : "";
}

export const isEmptyFilter = (f: AudienceFilter) => filterKey(f) === "";

const strings = (v: unknown, allowed?: readonly string[]): string[] | undefined =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && (!allowed || allowed.includes(x))) : undefined;

/** A filter read back from a URL or a stored segment: unknown keys and wrong types are dropped, never thrown. */
export function parseFilter(raw: string | null | undefined): AudienceFilter {
  if (!raw) return {};
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) return {};
  const o = v as Record<string, unknown>;
  const f: AudienceFilter = {};
  const channels = strings(o.channels, AUDIENCE_CHANNELS) as Channel[] | undefined;
  if (channels?.length) f.channels = channels;
  if (o.tags && typeof o.tags === "object") {
    const t = o.tags as Record<string, unknown>;
    f.tags = {};
    for (const m of TAG_MODES) {
      const list = strings(t[m]);
      if (list?.length) f.tags[m] = list;
    }
  }
  if (Array.isArray(o.fields)) {
    f.fields = o.fields
      .filter((c): c is Record<string, unknown> => !!c && typeof c === "object" && typeof c.key === "string" && FIELD_OPS.includes(c.op as FieldOp))
      .map((c) => ({ key: c.key as string, op: c.op as FieldOp, ...(["string", "number", "boolean"].includes(typeof c.value) ? { value: c.value as string | number | boolean } : {}) }));
  }
  if (o.lastActivity && typeof o.lastActivity === "object") {
    const la = o.lastActivity as Record<string, unknown>;
    f.lastActivity = { ...(typeof la.from === "string" ? { from: la.from } : {}), ...(typeof la.to === "string" ? { to: la.to } : {}) };
  }
  if (SUBSCRIPTION_STATES.includes(o.subscription as Subscription)) f.subscription = o.subscription as Subscription;
  if (typeof o.q === "string") f.q = o.q;
  return readyOrDraft(f);
}

// Keep unfinished field conditions (a shared link may carry one being typed) but drop empty parts.
function readyOrDraft(f: AudienceFilter): AudienceFilter {
  const r = readyFilter(f);
  if (f.fields?.some((c) => !isComplete(c))) r.fields = f.fields;
  return r;
}
