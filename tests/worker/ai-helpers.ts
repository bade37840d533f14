import { env } from "cloudflare:test";
import type { FakeReply } from "../fakes/openai";

/** Helpers for the OpenAI fake (tests/fakes/openai.ts): per-test scopes so parallel files don't collide. */
export type { FakeReply };

function fakeBase(): string {
  const urls = JSON.parse((env as unknown as { FAKE_URLS: string }).FAKE_URLS) as Record<string, string>;
  return urls.OPENAI_BASE_URL!.replace(/\/v1$/, "");
}

let n = 0;
/** A token unique to the test: put it into the customer's message so the fake recognises the conversation. */
export function scopeToken(prefix = "t") {
  n++;
  return `${prefix}${Date.now().toString(36)}x${n}x${Math.random().toString(36).slice(2, 8)}`;
}

export async function scriptModel(scope: string, replies: FakeReply[], opts: { repeatLast?: boolean } = {}) {
  const r = await fetch(`${fakeBase()}/__openai/scope`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ scope, replies, repeatLast: !!opts.repeatLast }) });
  if (!r.ok) throw new Error(`script failed ${r.status}`);
}

export async function modelRequests(scope: string): Promise<{ at: number; body: any }[]> {
  const r = await fetch(`${fakeBase()}/__openai/requests?scope=${encodeURIComponent(scope)}`);
  return (await r.json()) as { at: number; body: any }[];
}

export async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, stepMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error("waitFor: timed out");
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
