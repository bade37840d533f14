import { env } from "cloudflare:test";
import { expect } from "vitest";
import { api } from "../helpers";

/** Helpers of the senders' part of the exactly-once suite (crash-senders, remote-faults, order). */

const fakeUrls = () => JSON.parse((env as unknown as { FAKE_URLS: string }).FAKE_URLS) as Record<string, string>;
const receiverUrl = () => fakeUrls().WEBHOOK_RECEIVER_URL!;

export interface ReceivedHook {
  path: string;
  headers: Record<string, string>;
  body: any;
  verified: boolean;
}

/** What the webhook receiver fake got on a path, in order. */
export async function hookRequests(path: string): Promise<ReceivedHook[]> {
  const all = (await (await fetch(`${receiverUrl()}/__requests`)).json()) as ReceivedHook[];
  return all.filter((r) => r.path === path);
}

let seq = 0;
/** An outgoing-webhook endpoint on its own receiver path (the receiver told its secret). */
export async function hookEndpoint(token: string, accountId: string, events: string[] = ["message.received"]) {
  const path = `/eo-senders/${Date.now().toString(36)}-${++seq}`;
  const res = await api("POST", `/accounts/${accountId}/webhooks`, { token, body: { url: `${receiverUrl()}${path}`, events, description: "CRM" } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await fetch(`${receiverUrl()}/__secrets`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ path, secrets: [res.body.secret] }) });
  return { id: res.body.id as string, path };
}
