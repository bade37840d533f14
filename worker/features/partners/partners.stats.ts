import { paged } from "../../lib/validation";
import { maskName } from "./partners.service";

const MONTH = "strftime('%Y-%m', created_at / 1000, 'unixepoch')";

function monthStart(m: string): number {
  const [y, mo] = m.split("-").map(Number);
  return Date.UTC(y!, mo! - 1, 1);
}
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = monthStart(from); t <= monthStart(to) && out.length < 120; t = Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth() + 1, 1)) out.push(monthOf(t));
  return out;
}
/** The period: `from`/`to` months (YYYY-MM, inclusive), by default the last six months. */
export function period(q: { from?: string; to?: string }, now = Date.now()) {
  const to = q.to ?? monthOf(now);
  const d = new Date(monthStart(to));
  const from = q.from ?? monthOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 5, 1));
  if (monthStart(from) > monthStart(to)) return { from: to, to: from, months: monthsBetween(to, from) };
  return { from, to, months: monthsBetween(from, to) };
}

interface Row {
  codeId: string | null;
  m?: string;
  n: number;
}
interface MoneyRow {
  codeId: string | null;
  m?: string;
  paying: number;
  revenue: number;
  commission: number;
}
const empty = () => ({ clicks: 0, registrations: 0, payingAccounts: 0, revenueKopecks: 0, commissionKopecks: 0 });

/**
 * Stats per code and month: clicks (deduped visits), registrations (attributions), accounts that
 * paid (distinct accounts with an accrual), referred revenue (payments less refunds) and the
 * commission (accruals less reversals). `codeId` narrows to one code.
 */
export async function partnerStats(d1: D1Database, partnerId: string, q: { from?: string; to?: string; codeId?: string }) {
  const p = period(q);
  const start = monthStart(p.from);
  const end = Date.UTC(new Date(monthStart(p.to)).getUTCFullYear(), new Date(monthStart(p.to)).getUTCMonth() + 1, 1);
  const codeFilter = q.codeId ? " AND code_id = ?4" : "";
  const args = q.codeId ? [partnerId, start, end, q.codeId] : [partnerId, start, end];
  const money = (group: string) =>
    `SELECT code_id AS codeId${group ? `, ${MONTH} AS m` : ""}, count(DISTINCT CASE WHEN kind = 'accrual' THEN account_id END) AS paying,
       sum(CASE WHEN kind = 'accrual' THEN base_kopecks ELSE -base_kopecks END) AS revenue, sum(amount_kopecks) AS commission
     FROM partner_commissions WHERE partner_id = ?1 AND created_at >= ?2 AND created_at < ?3${codeFilter} GROUP BY code_id${group ? ", m" : ""}`;
  const [clicks, regs, byMonth, byCode, totalPaying, codes] = await d1.batch([
    d1.prepare(`SELECT code_id AS codeId, ${MONTH} AS m, count(*) AS n FROM partner_clicks WHERE code_id IN (SELECT id FROM partner_codes WHERE partner_id = ?1) AND created_at >= ?2 AND created_at < ?3${codeFilter} GROUP BY code_id, m`).bind(...args),
    d1.prepare(`SELECT code_id AS codeId, ${MONTH} AS m, count(*) AS n FROM partner_attributions WHERE partner_id = ?1 AND created_at >= ?2 AND created_at < ?3${codeFilter} GROUP BY code_id, m`).bind(...args),
    d1.prepare(money("m")).bind(...args),
    d1.prepare(money("")).bind(...args),
    d1.prepare(`SELECT count(DISTINCT account_id) AS n FROM partner_commissions WHERE partner_id = ?1 AND kind = 'accrual' AND created_at >= ?2 AND created_at < ?3${codeFilter}`).bind(...args),
    d1.prepare("SELECT id, code, label FROM partner_codes WHERE partner_id = ?1 ORDER BY is_default DESC, created_at").bind(partnerId),
  ]);
  const months = new Map(p.months.map((m) => [m, { month: m, ...empty() }]));
  const perCode = new Map<string, ReturnType<typeof empty>>();
  const codeRow = (id: string | null) => {
    const key = id ?? "";
    if (!perCode.has(key)) perCode.set(key, empty());
    return perCode.get(key)!;
  };
  for (const r of clicks!.results as unknown as Row[]) {
    const mo = months.get(r.m!);
    if (mo) mo.clicks += r.n;
    codeRow(r.codeId).clicks += r.n;
  }
  for (const r of regs!.results as unknown as Row[]) {
    const mo = months.get(r.m!);
    if (mo) mo.registrations += r.n;
    codeRow(r.codeId).registrations += r.n;
  }
  for (const r of byMonth!.results as unknown as MoneyRow[]) {
    const mo = months.get(r.m!);
    if (!mo) continue;
    mo.payingAccounts += r.paying;
    mo.revenueKopecks += r.revenue;
    mo.commissionKopecks += r.commission;
  }
  for (const r of byCode!.results as unknown as MoneyRow[]) Object.assign(codeRow(r.codeId), { payingAccounts: r.paying, revenueKopecks: r.revenue, commissionKopecks: r.commission });
  const codeList = (codes!.results as unknown as { id: string; code: string; label: string | null }[]).filter((c) => !q.codeId || c.id === q.codeId);
  const byCodeRows = codeList.map((c) => ({ codeId: c.id as string | null, code: c.code as string | null, label: c.label, ...(perCode.get(c.id) ?? empty()) }));
  // Rows of a code deleted since keep their numbers under "deleted code".
  if (perCode.has("") && !q.codeId) byCodeRows.push({ codeId: null, code: null, label: null, ...perCode.get("")! });
  const monthRows = [...months.values()];
  const totals = monthRows.reduce((t, m) => ({ clicks: t.clicks + m.clicks, registrations: t.registrations + m.registrations, payingAccounts: 0, revenueKopecks: t.revenueKopecks + m.revenueKopecks, commissionKopecks: t.commissionKopecks + m.commissionKopecks }), empty());
  totals.payingAccounts = (totalPaying!.results[0] as { n: number } | undefined)?.n ?? 0;
  return { from: p.from, to: p.to, months: monthRows, codes: byCodeRows, totals };
}

/**
 * Accounts the partner brought: the name partly masked, registered, plan, paid total (less refunds), commission. Nothing else of them.
 * Each account's payments by its own index (`+status`: the status index walked every account's succeeded payments).
 */
export async function referredAccounts(d1: D1Database, partnerId: string, q: { page: number; limit: number }) {
  const [rows, total] = await d1.batch([
    d1
      .prepare(
        `SELECT a.id AS id, a.name AS name, a.created_at AS createdAt, pl.name AS plan,
           (SELECT coalesce(sum(amount_kopecks - refunded_kopecks), 0) FROM payments WHERE account_id = a.id AND +status = 'succeeded') AS paidKopecks,
           (SELECT coalesce(sum(amount_kopecks), 0) FROM partner_commissions WHERE account_id = a.id AND partner_id = ?1) AS commissionKopecks
         FROM accounts a JOIN partner_attributions pa ON pa.user_id = a.created_by LEFT JOIN subscriptions s ON s.account_id = a.id LEFT JOIN plans pl ON pl.id = s.plan_id
         WHERE pa.partner_id = ?1 ORDER BY a.created_at DESC, a.id LIMIT ?2 OFFSET ?3`,
      )
      .bind(partnerId, q.limit, (q.page - 1) * q.limit),
    d1.prepare("SELECT count(*) AS n FROM accounts a JOIN partner_attributions pa ON pa.user_id = a.created_by WHERE pa.partner_id = ?1").bind(partnerId),
  ]);
  const data = (rows!.results as unknown as { id: string; name: string; createdAt: number; plan: string | null; paidKopecks: number; commissionKopecks: number }[]).map((r) => ({
    id: r.id,
    name: maskName(r.name),
    registeredAt: r.createdAt,
    plan: r.plan,
    paidKopecks: r.paidKopecks,
    commissionKopecks: r.commissionKopecks,
  }));
  return paged(data, (total!.results[0] as { n: number }).n, q.page, q.limit);
}

/** The partner's commission ledger, newest first; each row held until `availableAt`. */
export async function commissionLedger(d1: D1Database, partnerId: string, q: { page: number; limit: number }, now = Date.now()) {
  const [rows, total] = await d1.batch([
    d1
      .prepare(
        `SELECT c.id AS id, c.kind AS kind, c.amount_kopecks AS amountKopecks, c.base_kopecks AS baseKopecks, c.rate_bp AS rateBp, c.available_at AS availableAt, c.created_at AS createdAt,
           a.name AS accountName, k.code AS code
         FROM partner_commissions c LEFT JOIN accounts a ON a.id = c.account_id LEFT JOIN partner_codes k ON k.id = c.code_id
         WHERE c.partner_id = ?1 ORDER BY c.created_at DESC, c.id LIMIT ?2 OFFSET ?3`,
      )
      .bind(partnerId, q.limit, (q.page - 1) * q.limit),
    d1.prepare("SELECT count(*) AS n FROM partner_commissions WHERE partner_id = ?1").bind(partnerId),
  ]);
  const data = (rows!.results as unknown as { id: string; kind: "accrual" | "reversal"; amountKopecks: number; baseKopecks: number; rateBp: number; availableAt: number; createdAt: number; accountName: string | null; code: string | null }[]).map((r) => ({
    id: r.id,
    kind: r.kind,
    amountKopecks: r.amountKopecks,
    baseKopecks: r.baseKopecks,
    ratePercent: r.rateBp / 100,
    status: r.availableAt > now ? ("held" as const) : ("available" as const),
    availableAt: r.availableAt,
    createdAt: r.createdAt,
    account: r.accountName ? maskName(r.accountName) : null,
    code: r.code,
  }));
  return paged(data, (total!.results[0] as { n: number }).n, q.page, q.limit);
}
