import type { TFunction } from "i18next";
import { formatDate, formatNumber, formatRub, localeTag } from "@/lib/i18n";
import type { AuditEntry } from "./api";

/**
 * The "before → after" of an administrators' audit line in the reader's language: one short line per
 * field that changed ("Баланс: −825 ₽ → −325 ₽", "Статус: на рассмотрении → одобрена"), the essential
 * fields of what was created or deleted, a plan's nested limits and prices flattened to labelled lines.
 * The worker stores `before`/`after` as the JSON its writers give (worker: every `auditStatement` call);
 * an action or key this table does not know still reads as "key: value", never as a JSON blob.
 */
type T = TFunction<"admin">;
type Entry = Pick<AuditEntry, "action" | "before" | "after" | "reason">;

export interface AuditValue {
  text: string;
  /** An id or a code: monospace, read left to right. */
  mono?: boolean;
  /** The whole value when `text` is shortened (ids). */
  title?: string;
}

/** One line: "label: from → to"; a value alone when one side is null (what was created, deleted or added). */
export interface AuditLine {
  key: string;
  label: string;
  from: AuditValue | null;
  to: AuditValue | null;
}

type Status = "application" | "partner" | "payout" | "invoice" | "refund";

interface ActionSpec {
  /** diff: the fields that changed; created/deleted: the listed fields of `after`/`before`. */
  kind: "diff" | "created" | "deleted";
  fields?: string[];
  /** Keys never shown (derived or meaningless to a person: internal ids, stamps). */
  skip?: string[];
  /** Which status vocabulary `status` is in. */
  status?: Status;
  /** A field's label key when the action means something narrower by it. */
  labels?: Record<string, string>;
  /** The field naming what was changed ("Тариф: Бизнес"), shown first when it did not change itself. */
  subject?: { key: string; label: string };
}

const PLAN_ESSENTIALS = ["name", "code", "monthlyPriceKopecks", "yearlyPriceKopecks"];
const PLAN_SKIP = ["id", "createdAt", "updatedAt", "yearlyDiscountPercent", "free"];
const PLAN_SUBJECT = { key: "name", label: "plan" };

const ACTIONS: Record<string, ActionSpec> = {
  "account.block": { kind: "diff", labels: { reason: "blockReason" } },
  "account.unblock": { kind: "diff", labels: { reason: "blockReason" } },
  "account.plan": { kind: "diff" },
  "account.delete": { kind: "deleted", fields: ["name", "createdAt"] },
  "balance.adjust": { kind: "diff" },
  "payment.refund": { kind: "diff", status: "refund", labels: { status: "refundStatus", balanceKopecks: "balanceBeforeKopecks" } },
  "plan.create": { kind: "created", fields: PLAN_ESSENTIALS },
  "plan.update": { kind: "diff", skip: PLAN_SKIP, subject: PLAN_SUBJECT },
  "plan.archive": { kind: "diff", skip: PLAN_SKIP, subject: PLAN_SUBJECT },
  "plan.delete": { kind: "deleted", fields: PLAN_ESSENTIALS },
  "invoice.mark_paid": { kind: "diff", status: "invoice", skip: ["paymentId"] },
  "invoice.cancel": { kind: "diff", status: "invoice" },
  "partner.approve": { kind: "diff", status: "application" },
  "partner.reject": { kind: "diff", status: "application" },
  "partner.update": { kind: "diff", status: "partner" },
  "partner.attribution": { kind: "diff", skip: ["codeId"] },
  "payout.approve": { kind: "diff", status: "payout" },
  "payout.paid": { kind: "diff", status: "payout" },
  "payout.reject": { kind: "diff", status: "payout" },
};

/** The order lines come in (the rest after these, as the writer gave them). */
const ORDER = [
  "name",
  "code",
  "number",
  "plan",
  "period",
  "blocked",
  "status",
  "ratePercent",
  "amountKopecks",
  "refundedKopecks",
  "balanceKopecks",
  "refundId",
  "reference",
  "partnerId",
  "description",
  "monthlyPriceKopecks",
  "yearlyPriceKopecks",
  "archived",
  "active",
  "sortOrder",
  "included",
  "overage",
  "reason",
  "createdAt",
];
/** Groups whose keys are billing units (worker/features/billing/units.ts). */
const UNIT_GROUPS = new Set(["included", "overage"]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const leaf = (path: string) => path.split(".").at(-1)!;
const group = (path: string) => (path.includes(".") ? path.split(".")[0]! : null);

/** Nested objects as "group.key" leaves (a plan's `included.aiReplies`); arrays and primitives stay leaves. */
function flatten(obj: Record<string, unknown>, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (isObject(v) && Object.keys(v).length > 0) for (const [p, x] of flatten(v, path)) out.set(p, x);
    else out.set(path, v);
  }
  return out;
}

function rank(path: string): number {
  const i = ORDER.indexOf(path.split(".")[0]!);
  return i < 0 ? ORDER.length : i;
}
const ordered = (paths: string[]) => paths.map((p, i) => [p, i] as const).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map(([p]) => p);

function shortId(id: string): AuditValue {
  return id.length > 10 ? { text: `…${id.slice(-8)}`, mono: true, title: id } : { text: id, mono: true };
}

function percent(value: number): string {
  return new Intl.NumberFormat(localeTag(), { style: "percent", maximumFractionDigits: 2 }).format(value / 100);
}

function label(t: T, path: string, spec?: ActionSpec): string {
  const field = (key: string) => t(`audit.fields.${spec?.labels?.[key] ?? key}`, { defaultValue: key });
  const parts = path.split(".");
  if (parts.length === 1) return field(parts[0]!);
  const [head, ...rest] = parts;
  const item = UNIT_GROUPS.has(head!) && rest.length === 1 ? t(`audit.units.${rest[0]}`, { defaultValue: rest[0]! }) : rest.map((k) => field(k)).join(" · ");
  return t("audit.nested", { group: field(head!), item });
}

/** An unknown value without JSON braces: "k: v, k: v", lists joined by commas. */
function plain(t: T, v: unknown): string {
  if (v === null || v === undefined) return t("audit.none");
  if (typeof v === "boolean") return t(v ? "audit.yes" : "audit.no");
  if (typeof v === "number") return formatNumber(v);
  if (Array.isArray(v)) return v.map((x) => plain(t, x)).join(", ");
  if (isObject(v)) return Object.entries(v).map(([k, x]) => `${k}: ${plain(t, x)}`).join(", ") || t("audit.none");
  return String(v);
}

function value(t: T, path: string, v: unknown, spec?: ActionSpec): AuditValue {
  const key = leaf(path);
  const grp = group(path);
  if (v === null || v === undefined || v === "") return { text: t("audit.none") };
  if (typeof v === "number") {
    if (key.endsWith("Kopecks") || grp === "overage") return { text: formatRub(v) };
    if (key.endsWith("Percent")) return { text: percent(v) };
    if (key.endsWith("At") && v > 1e11) return { text: formatDate(v, { withTime: true }) };
    return { text: formatNumber(v) };
  }
  if (typeof v === "boolean") {
    if (key === "blocked") return { text: t(v ? "audit.states.blocked" : "audit.states.active") };
    return { text: t(v ? "audit.yes" : "audit.no") };
  }
  if (typeof v === "string") {
    if (key === "status") return { text: spec?.status ? t(`audit.statuses.${spec.status}.${v}`, { defaultValue: v }) : v };
    if (key === "period" || key === "billingPeriod") return { text: t(`audit.periods.${v}`, { defaultValue: v }) };
    if (key === "id" || key.endsWith("Id")) return shortId(v);
    if (key === "code") return { text: v, mono: true };
    return { text: v };
  }
  return { text: plain(t, v) };
}

function line(t: T, path: string, from: unknown, to: unknown, spec: ActionSpec | undefined, has: { from: boolean; to: boolean }): AuditLine {
  return { key: path, label: label(t, path, spec), from: has.from ? value(t, path, from, spec) : null, to: has.to ? value(t, path, to, spec) : null };
}

/** The listed (or all) fields of one side, as value-only lines. */
function listed(t: T, obj: Record<string, unknown>, spec: ActionSpec | undefined, side: "from" | "to", fields?: string[]): AuditLine[] {
  const flat = flatten(obj);
  const keys = [...flat.keys()];
  const paths = fields ? fields.flatMap((f) => (flat.has(f) ? [f] : keys.filter((p) => p.startsWith(`${f}.`)))) : ordered(keys);
  return paths
    .filter((p) => !skipped(spec, p) && flat.get(p) !== null && flat.get(p) !== undefined)
    .map((p) => line(t, p, flat.get(p), flat.get(p), spec, { from: side === "from", to: side === "to" }));
}

const skipped = (spec: ActionSpec | undefined, path: string) => !!spec?.skip && (spec.skip.includes(path) || spec.skip.includes(leaf(path)));

function diff(t: T, e: Entry, spec: ActionSpec | undefined): AuditLine[] {
  const before = isObject(e.before) ? flatten(e.before) : null;
  const after = isObject(e.after) ? flatten(e.after) : null;
  const paths = ordered([...new Set([...(before?.keys() ?? []), ...(after?.keys() ?? [])])]).filter((p) => !skipped(spec, p));
  const out: AuditLine[] = [];
  for (const p of paths) {
    const inBefore = !!before?.has(p);
    const inAfter = !!after?.has(p);
    const was = before?.get(p);
    const now = after?.get(p);
    // A reason given where there was none is the entry's own reason, shown in its own column.
    if (leaf(p) === "reason" && e.reason && now === e.reason && !was) continue;
    if (inBefore && inAfter) {
      if (!same(was, now)) out.push(line(t, p, was, now, spec, { from: true, to: true }));
    } else if (inAfter) {
      if (now === null || now === undefined) continue;
      // Nothing before at all (a user with no partner yet): "— → …"; a field only the after has: just its value.
      out.push(line(t, p, null, now, spec, { from: before === null, to: true }));
    } else {
      if (was === null || was === undefined) continue;
      out.push(line(t, p, was, null, spec, { from: true, to: after === null }));
    }
  }
  if (spec?.subject) {
    // What was changed, unless its name is itself a changed line (a plan saved unchanged: just its name).
    const name = (isObject(e.after) ? e.after[spec.subject.key] : undefined) ?? (isObject(e.before) ? e.before[spec.subject.key] : undefined);
    if (name !== undefined && name !== null && !out.some((l) => l.key === spec.subject!.key)) {
      out.unshift({ key: `subject.${spec.subject.key}`, label: t(`audit.fields.${spec.subject.label}`), from: null, to: value(t, spec.subject.key, name, spec) });
    }
    return out;
  }
  // Nothing differs (a plan moved to itself, a partner saved as it was): what it is now.
  if (!out.length && after) return listed(t, e.after as Record<string, unknown>, spec, "to");
  return out;
}

/** The lines of an audit entry's change; none when it has neither before nor after. */
export function auditChange(t: T, e: Entry): AuditLine[] {
  if ((e.before === null || e.before === undefined) && (e.after === null || e.after === undefined)) return [];
  const spec = ACTIONS[e.action];
  if (!isObject(e.before) && !isObject(e.after)) {
    // Not the shape any writer uses: a bare value or two.
    const has = { from: e.before !== null && e.before !== undefined, to: e.after !== null && e.after !== undefined };
    return [{ key: "value", label: t("audit.fields.value"), from: has.from ? { text: plain(t, e.before) } : null, to: has.to ? { text: plain(t, e.after) } : null }];
  }
  const kind = spec?.kind ?? (e.before === null || e.before === undefined ? "created" : e.after === null || e.after === undefined ? "deleted" : "diff");
  if (kind === "created" && isObject(e.after)) return listed(t, e.after, spec, "to", spec?.fields);
  if (kind === "deleted" && isObject(e.before)) return listed(t, e.before, spec, "from", spec?.fields);
  return diff(t, e, spec);
}

/** A line as text: "Баланс: −825 ₽ → −325 ₽", "Сумма: 500 ₽". */
export function auditLineText(t: T, l: AuditLine): string {
  const values = [l.from, l.to].filter((v): v is AuditValue => v !== null).map((v) => v.text);
  return `${t("audit.label", { label: l.label })} ${values.join(` ${t("audit.arrow")} `)}`;
}

/** Whom or what an audit line is about, as the worker names it (worker/features/admin/audit-log.ts `AuditTarget`). */
type Target = NonNullable<AuditEntry["target"]>;

export interface AuditTargetView {
  /** "Аккаунт", "Партнёр", "Пользователь". */
  label: string;
  name: string;
  /** The admin page that shows it; null when there is none (a user, a deleted account). */
  href: string | null;
  /** The account was deleted since: its name is the one its deletion recorded. */
  deleted: boolean;
}

/**
 * The target of an audit line ("Аккаунт: Кофейня «Зерно»", linked to its admin page); null when the
 * line names nothing (a plan names itself in its change) or when it is the account whose page the
 * log is on (`onAccount`).
 */
export function auditTarget(t: T, target: Target | null | undefined, onAccount?: string): AuditTargetView | null {
  if (!target?.name) return null;
  if (target.kind === "account") {
    if (onAccount && target.accountId === onAccount) return null;
    return { label: t("audit.targets.account"), name: target.name, href: target.accountId ? `/admin/accounts/${target.accountId}` : null, deleted: !target.accountId };
  }
  if (target.kind === "partner") return { label: t("audit.targets.partner"), name: target.name, href: "/admin/partners", deleted: false };
  return { label: t("audit.targets.user"), name: target.name, href: null, deleted: false };
}
