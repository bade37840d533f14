import { and, asc, eq } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Segment } from "../../db/schema/segments";
import type { Env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { countAudience } from "./audience.service";
import { compileFilter } from "./compile";
import type { SegmentInput } from "./audience.schemas";

const { segments } = schema;

export const SEGMENT_NOT_FOUND = "Сегмент не найден";
export const MAX_SEGMENTS = 200;

function segmentDto(s: Segment) {
  return { segmentId: s.id, name: s.name, filter: s.filter, createdAt: s.createdAt, updatedAt: s.updatedAt };
}
export type SegmentDto = ReturnType<typeof segmentDto>;

export async function listSegments(env: Env, accountId: string) {
  const rows = await getDb(env.DB).select().from(segments).where(eq(segments.accountId, accountId)).orderBy(asc(segments.name)).all();
  return { data: rows.map(segmentDto) };
}

async function segmentRow(env: Env, accountId: string, segmentId: string): Promise<Segment> {
  const row = await getDb(env.DB)
    .select()
    .from(segments)
    .where(and(eq(segments.id, segmentId), eq(segments.accountId, accountId)))
    .get();
  if (!row) throw notFound(SEGMENT_NOT_FOUND, "SEGMENT_NOT_FOUND");
  return row;
}

export async function getSegment(env: Env, accountId: string, segmentId: string) {
  return segmentDto(await segmentRow(env, accountId, segmentId));
}

/** The filter is compiled before saving: a tag or field the account does not have is a 400, nothing saved. */
export async function createSegment(env: Env, accountId: string, input: SegmentInput) {
  await compileFilter(env, accountId, input.filter);
  const db = getDb(env.DB);
  const n = await db.$count(segments, eq(segments.accountId, accountId));
  if (n >= MAX_SEGMENTS) throw new AppError(400, "SEGMENTS_LIMIT", `В аккаунте может быть не больше ${MAX_SEGMENTS} сегментов`);
  const now = Date.now();
  const [created] = await db
    .insert(segments)
    .values({ id: newId(), accountId, name: input.name, filter: input.filter, createdAt: now, updatedAt: now })
    .returning();
  return segmentDto(created!);
}

export async function updateSegment(env: Env, accountId: string, segmentId: string, input: Partial<SegmentInput>) {
  const current = await segmentRow(env, accountId, segmentId);
  if (input.filter) await compileFilter(env, accountId, input.filter);
  const [updated] = await getDb(env.DB)
    .update(segments)
    .set({ name: input.name ?? current.name, filter: input.filter ?? current.filter, updatedAt: Date.now() })
    .where(and(eq(segments.id, segmentId), eq(segments.accountId, accountId)))
    .returning();
  if (!updated) throw notFound(SEGMENT_NOT_FOUND, "SEGMENT_NOT_FOUND");
  return segmentDto(updated);
}

export async function deleteSegment(env: Env, accountId: string, segmentId: string) {
  const deleted = await getDb(env.DB)
    .delete(segments)
    .where(and(eq(segments.id, segmentId), eq(segments.accountId, accountId)))
    .returning({ id: segments.id });
  if (deleted.length === 0) throw notFound(SEGMENT_NOT_FOUND, "SEGMENT_NOT_FOUND");
  return { segmentId };
}

/** The segment's live count (reachable contacts, per channel). */
export async function countSegment(env: Env, accountId: string, segmentId: string) {
  const segment = await segmentRow(env, accountId, segmentId);
  return countAudience(env, await compileFilter(env, accountId, segment.filter));
}
