import type { Env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import { NOT_APPLICABLE, type Promotion, type PromotionUse } from "./contract";
import { PROMOTION_NOT_FOUND, promotionDto, type PromotionSqlRow, STATUS_SQL } from "./promotions.service";

/**
 * Uses of promotions. A use is recorded when the assistant applies a customer's code
 * (`apply_promotion`) or an operator records it; it counts only while the promotion is active
 * (switched on, within its dates, under its usage limit). The check and the count are one UPDATE
 * guarded by the status (two concurrent uses of the last slot: one wins, the other finds the
 * promotion exhausted), and the use's row is written in the same batch only when that UPDATE
 * changed the promotion. The promotion whose limit is reached is "exhausted" from then on.
 */

export const CODE_NOT_FOUND = "Промокод не найден";

export interface UseBy {
  source: "assistant" | "operator";
  threadId?: string | null;
  contactId?: string | null;
  userId?: string | null;
}

export type Redeemed = { applied: true; promotion: Promotion } | { applied: false; reason: string; promotion: Promotion | null };

/** The promotion with this code (case-insensitive), an active one first when several share it. */
async function byCode(env: Env, accountId: string, code: string, now: number) {
  return env.DB.prepare(
    `SELECT * FROM promotions WHERE account_id = ?2 AND code IS NOT NULL AND upper(code) = upper(?3)
      ORDER BY (${STATUS_SQL}) = 'active' DESC, created_at DESC LIMIT 1`,
  )
    .bind(now, accountId, code.trim())
    .first<PromotionSqlRow>();
}

/** Applies a promotion once: by code or id; the answer says whether it counted, and why not. */
export async function redeemPromotion(env: Env, accountId: string, target: { code?: string; promotionId?: string }, by: UseBy, now = Date.now()): Promise<Redeemed> {
  const row = target.promotionId
    ? await env.DB.prepare("SELECT * FROM promotions WHERE id = ? AND account_id = ?").bind(target.promotionId, accountId).first<PromotionSqlRow>()
    : await byCode(env, accountId, target.code ?? "", now);
  if (!row) return { applied: false, reason: target.promotionId ? PROMOTION_NOT_FOUND : CODE_NOT_FOUND, promotion: null };
  const useId = newId();
  const [updated] = await env.DB.batch<PromotionSqlRow>([
    env.DB.prepare(`UPDATE promotions SET used_count = used_count + 1, updated_at = ?1 WHERE id = ?2 AND account_id = ?3 AND (${STATUS_SQL}) = 'active' RETURNING *`).bind(now, row.id, accountId),
    env.DB.prepare(
      `INSERT INTO promotion_uses (id, account_id, promotion_id, source, thread_id, contact_id, user_id, created_at)
       SELECT ?1, ?2, ?3, ?4, (SELECT id FROM threads WHERE id = ?5 AND account_id = ?2), (SELECT id FROM contacts WHERE id = ?6 AND account_id = ?2), ?7, ?8 WHERE changes() = 1`,
    ).bind(useId, accountId, row.id, by.source, by.threadId ?? null, by.contactId ?? null, by.userId ?? null, now),
  ]);
  const after = updated!.results[0];
  if (after) return { applied: true, promotion: promotionDto(after, now) };
  const current = promotionDto(row, now);
  const status = current.status === "active" ? "exhausted" : current.status; // lost the race for the last use
  return { applied: false, reason: NOT_APPLICABLE[status], promotion: { ...current, status } };
}

/** The operator's route: 201 with the promotion, 404 for an unknown code, 409 with the reason otherwise. */
export async function recordUse(env: Env, accountId: string, target: { code?: string; promotionId?: string; threadId?: string }, userId: string) {
  const r = await redeemPromotion(env, accountId, target, { source: "operator", threadId: target.threadId, userId });
  if (r.applied) return r.promotion;
  if (!r.promotion) {
    if (target.promotionId) throw notFound(PROMOTION_NOT_FOUND, "PROMOTION_NOT_FOUND");
    throw new AppError(404, "PROMOTION_NOT_FOUND", CODE_NOT_FOUND, { fields: { code: [CODE_NOT_FOUND] } });
  }
  throw new AppError(409, "PROMOTION_NOT_ACTIVE", r.reason, { status: r.promotion.status });
}

/** The uses of a promotion, newest first, with the contact's and the operator's names. */
export async function listUses(env: Env, accountId: string, promotionId: string, q: { page: number; limit: number }) {
  const exists = await env.DB.prepare("SELECT 1 FROM promotions WHERE id = ? AND account_id = ?").bind(promotionId, accountId).first();
  if (!exists) throw notFound(PROMOTION_NOT_FOUND, "PROMOTION_NOT_FOUND");
  const [rows, total] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(
      `SELECT u.id, u.source, u.thread_id, u.contact_id, c.name AS contact_name, us.name AS user_name, u.created_at
         FROM promotion_uses u LEFT JOIN contacts c ON c.id = u.contact_id LEFT JOIN users us ON us.id = u.user_id
        WHERE u.promotion_id = ?1 AND u.account_id = ?2 ORDER BY u.created_at DESC, u.id DESC LIMIT ?3 OFFSET ?4`,
    ).bind(promotionId, accountId, q.limit, (q.page - 1) * q.limit),
    env.DB.prepare("SELECT count(*) AS n FROM promotion_uses WHERE promotion_id = ?1 AND account_id = ?2").bind(promotionId, accountId),
  ]);
  const data: PromotionUse[] = (rows!.results ?? []).map((r) => ({
    useId: String(r.id),
    promotionId,
    source: r.source as PromotionUse["source"],
    threadId: (r.thread_id as string | null) ?? null,
    contactId: (r.contact_id as string | null) ?? null,
    contactName: (r.contact_name as string | null) ?? null,
    userName: (r.user_name as string | null) ?? null,
    createdAt: Number(r.created_at),
  }));
  return paged(data, Number(total!.results[0]?.n ?? 0), q.page, q.limit);
}
