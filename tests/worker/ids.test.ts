import { describe, expect, it } from "vitest";
import { orderedId, sequencedId } from "../../worker/features/inbox/rows";

describe("row ids", () => {
  it("orderedId: 20 base-36 characters, in creation order, none repeated across many pages of random bytes", () => {
    // 5 000 ids draw 40 000 random bytes: the 4 096-byte pool is refilled about ten times on the way.
    const ids = Array.from({ length: 5000 }, () => orderedId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    // The random part is not the same few characters: across ids every base-36 character turns up.
    expect(new Set(ids.flatMap((id) => [...id.slice(12)])).size).toBe(36);
    // The time part is this millisecond's (the Worker's clock), so ids of one moment share it.
    expect(parseInt(ids.at(-1)!.slice(0, 9), 36)).toBeLessThanOrEqual(Date.now());
  });

  it("sequencedId: the platform's time and number first, then six random characters; sorts after every orderedId of that ms", () => {
    const at = Date.now();
    const a = sequencedId(at, 41);
    const b = sequencedId(at, 42);
    expect(a).toMatch(/^[0-9a-z]{9}~[0-9a-z]{8}[0-9a-z]{6}$/);
    expect(a.slice(0, 9)).toBe(at.toString(36).padStart(9, "0"));
    expect(a < b).toBe(true);
    expect(sequencedId(at, 41)).not.toBe(a);
    expect(a > at.toString(36).padStart(9, "0") + "zzz" + "zzzzzzzz").toBe(true);
  });
});
