import { eq } from "drizzle-orm";
import { schema, type Db } from "../../db/client";

const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function check(digits: number[], weights: number[]): number {
  return (weights.reduce((s, w, i) => s + w * digits[i]!, 0) % 11) % 10;
}

/**
 * Why an INN is not valid, or null: 10 digits (a company: one check digit) or 12 digits (a sole
 * trader or a person: two check digits), each the weighted sum mod 11 mod 10 (the tax service's rule).
 */
export function innProblem(inn: string): string | null {
  if (!/^\d+$/.test(inn)) return "ИНН состоит только из цифр";
  if (inn.length !== 10 && inn.length !== 12) return "ИНН — 10 цифр (организация) или 12 цифр (ИП)";
  const d = [...inn].map(Number);
  const ok = inn.length === 10 ? check(d, W10) === d[9] : check(d, W11) === d[10] && check(d, W12) === d[11];
  return ok ? null : "ИНН не проходит проверку контрольной суммы: проверьте цифры";
}

export interface RequisitesInput {
  legalName: string;
  inn: string;
  kpp?: string | null;
  address: string;
  email: string;
}

export async function getRequisites(db: Db, accountId: string) {
  const row = await db.select().from(schema.billingRequisites).where(eq(schema.billingRequisites.accountId, accountId)).get();
  return row ? { legalName: row.legalName, inn: row.inn, kpp: row.kpp, address: row.address, email: row.email, updatedAt: row.updatedAt } : null;
}

export async function putRequisites(db: Db, accountId: string, input: RequisitesInput) {
  const values = { accountId, legalName: input.legalName, inn: input.inn, kpp: input.kpp ?? null, address: input.address, email: input.email, updatedAt: Date.now() };
  await db.insert(schema.billingRequisites).values(values).onConflictDoUpdate({ target: schema.billingRequisites.accountId, set: values });
  return getRequisites(db, accountId);
}
