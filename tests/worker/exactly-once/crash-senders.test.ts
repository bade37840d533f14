import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb, schema } from "../../../worker/db/client";
import { remainingQuota } from "../../../worker/features/broadcast-quota/quota";
import { deliver as deliverWebhook, INTERRUPTED_ATTEMPT } from "../../../worker/features/outgoing-webhooks/delivery";
import { resumeFlowTurns } from "../../../worker/features/flows/runtime/resume";
import { armFault, faultsThrown, resetFaults } from "../../../worker/lib/faults";
import { forgetChannels } from "../../../worker/features/webhooks/channel-memo";
import { bcBody, bcSetup, sendsPerChat } from "../broadcast-helpers";
import { balanceAndSum, deliver as deliverNotification, ledgerRows, payerActs } from "../billing-helpers";
import { sleep, waitFor } from "../channel-helpers";
import { graph, keyword, link, publishFlow, step, tgSetup } from "../flow-helpers";
import { api, ownerWithAccount } from "../helpers";
import { hookEndpoint, hookRequests } from "./senders-helpers";

/**
 * Crashes of the senders (#22): the fault seam (worker/lib/faults.ts) throws at the named point the
 * way an isolate dying there would; the queue, the cron's sweeper or the provider's repeat then runs
 * the work again. Each test proves the crash happened (faultsThrown) and that afterwards every
 * recipient got one message, the ledger one row, the receiver one delivery, and nothing was lost.
 */
afterEach(() => resetFaults());

describe("crash: mid-broadcast after N of M recipients (broadcast.afterRecipient)", () => {
  it("the tick that dies after queueing its window is retried by the queue: each of the 7 recipients gets one message, the broadcast completes and spends 7", async () => {
    const s = await bcSetup({ contacts: 7, quota: 100 });
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { pacing: { perSecond: 2 } }) });
    const id = created.body.broadcastId as string;
    // The second window's tick dies after its sends are on the queue, before the counts and the next tick.
    armFault("broadcast.afterRecipient", { skip: 1 });
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body: {} })).status).toBe(200);
    await waitFor(async () => faultsThrown("broadcast.afterRecipient") === 1, 15_000, "the crash");
    // The crash came mid-broadcast: N of the M recipients handed out, the rest not yet (the queue repeats the tick a second later).
    const handed = await env.DB.prepare("SELECT count(*) AS n FROM broadcast_recipients WHERE broadcast_id = ? AND state IS NOT NULL").bind(id).first<{ n: number }>();
    expect(handed!.n).toBeGreaterThan(0);
    expect(handed!.n).toBeLessThan(7);
    const done = await waitFor(
      async () => {
        const r = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token });
        return r.body.status === "completed" ? r.body : null;
      },
      28_000,
      "the broadcast completes",
    );
    expect(faultsThrown("broadcast.afterRecipient")).toBe(1);
    expect(done.counts).toMatchObject({ total: 7, sent: 7, queued: 0, failed: 0, skipped: 0 });
    const { calls, per } = await sendsPerChat(s.bot);
    expect(calls).toHaveLength(7);
    expect([...per.keys()].sort()).toEqual(s.contacts.map((c) => c.platformUserId).sort());
    expect([...per.values()].every((n) => n === 1)).toBe(true);
    const out = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE account_id = ? AND direction = 'outgoing'").bind(s.accountId).first<{ n: number }>();
    expect(out!.n).toBe(7);
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(93);
  });
});

describe("crash: after a flow step's send is queued, before the run advances (flow.afterSendQueued)", () => {
  const twoSteps = () =>
    graph(
      [
        step("s", "start", { triggers: [keyword("старт")] }),
        step("m1", "message", { text: "Первое сообщение", buttons: [] }),
        step("d", "delay", { amount: 1, unit: "seconds" }, "Пауза"),
        step("m2", "message", { text: "Второе сообщение", buttons: [] }),
        step("e", "end"),
      ],
      [link("s", "m1"), link("m1", "d"), link("d", "m2"), link("m2", "e")],
    );

  it("the step's message goes out once, the assistant does not answer the flow's message too, and the sweeper advances the run once", async () => {
    const s = await tgSetup();
    // The account has an assistant: a message the flow did not take would be answered by it.
    const a = await api("POST", `/accounts/${s.accountId}/assistants`, { token: s.token, body: { name: "Консультант", instructions: "Ты — консультант магазина." } });
    await env.DB.prepare("UPDATE channels SET assistant_id = ? WHERE account_id = ?").bind(a.body.assistantId, s.accountId).run();
    forgetChannels(); // the memo of this isolate must not keep the channel as it was
    await publishFlow(s.accountId, "Два шага", twoSteps());
    armFault("flow.afterSendQueued");
    await s.say("старт");
    await s.waitSent(1);
    expect(faultsThrown("flow.afterSendQueued")).toBe(1);
    // The turn committed (the run waits at the delay); its after-effects (the delay's timer) died with it.
    const run = (await s.run())!;
    expect(run).toMatchObject({ status: "waiting", step_name: "Пауза" });
    const open = await env.DB.prepare("SELECT count(*) AS n FROM flow_turns WHERE account_id = ? AND after_done_at IS NULL").bind(s.accountId).first<{ n: number }>();
    expect(open!.n).toBe(1);
    // The cron's sweeper runs the lost after-effects again (the send by message id: not sent twice).
    await resumeFlowTurns(env as never, { olderThanMs: 0 });
    await resumeFlowTurns(env as never, { olderThanMs: 0 });
    const both = await s.waitSent(2, 15_000);
    await sleep(1500);
    expect((await s.sent()).map((m) => m.text)).toEqual(["Первое сообщение", "Второе сообщение"]);
    expect(both).toHaveLength(2);
    await waitFor(async () => (await s.run())?.status === "ended", 5000, "the run ends");
    const left = await env.DB.prepare("SELECT count(*) AS n FROM flow_turns WHERE account_id = ? AND after_done_at IS NULL").bind(s.accountId).first<{ n: number }>();
    expect(left!.n).toBe(0);
    // The flow took the message: the assistant never answered it as well.
    const runs = await env.DB.prepare("SELECT count(*) AS n FROM assistant_runs WHERE account_id = ?").bind(s.accountId).first<{ n: number }>();
    expect(runs!.n).toBe(0);
    const outgoing = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE account_id = ? AND direction = 'outgoing'").bind(s.accountId).first<{ n: number }>();
    expect(outgoing!.n).toBe(2);
    // (The assistant is live on this thread: a message no flow takes is answered by it.)
    await s.say("А доставка есть?");
    await waitFor(async () => {
      const r = await env.DB.prepare("SELECT count(*) AS n FROM assistant_runs WHERE account_id = ?").bind(s.accountId).first<{ n: number }>();
      return r!.n > 0;
    }, 10_000, "the assistant's run");
  });
});

describe("crash: after a payment notification is verified, before the ledger row (billing.afterVerified)", () => {
  it("YooKassa's repeats (and a racing poll) credit the top-up exactly once", async () => {
    const o = await ownerWithAccount();
    const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "topup", amountKopecks: 250000, email: "owner@uyut.ru" } });
    expect(c.status).toBe(201);
    const { notification } = await payerActs(c.body.paymentId);
    armFault("billing.afterVerified");
    const crashed = await deliverNotification(notification);
    expect(crashed.status).toBe(500); // YooKassa repeats a notification that did not get a 200
    expect(faultsThrown("billing.afterVerified")).toBe(1);
    expect((await ledgerRows(o.accountId)).filter((r) => r.type === "topup")).toHaveLength(0);
    const between = await api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token });
    expect(between.body.status).toBe("succeeded");
    // The repeats, one of them racing the return page's poll.
    await Promise.all([deliverNotification(notification), api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token })]);
    for (let i = 0; i < 2; i++) expect((await deliverNotification(notification)).status).toBe(200);
    expect((await ledgerRows(o.accountId)).filter((r) => r.type === "topup")).toEqual([expect.objectContaining({ amount: 250000, key: `payment:${c.body.paymentId}:credit` })]);
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 250000, sum: 250000 });
    const got = await api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token });
    expect(got.body).toMatchObject({ status: "succeeded", applied: true });
  });
});

describe("crash: after an outgoing webhook was delivered, before the attempt is logged (webhook.afterDelivered)", () => {
  it("the receiver has it once; the queue's redelivery never posts again: the delivery is marked possibly delivered for the operator, who may send it again", async () => {
    const o = await ownerWithAccount();
    const ep = await hookEndpoint(o.token, o.accountId);
    armFault("webhook.afterDelivered");
    const sent = await api("POST", `/accounts/${o.accountId}/webhooks/${ep.id}/test`, { token: o.token });
    expect(sent.status).toBe(202);
    const deliveryId = sent.body.id as string;
    await waitFor(async () => faultsThrown("webhook.afterDelivered") === 1, 10_000, "the crash");
    expect(await hookRequests(ep.path)).toHaveLength(1);
    const row = () => env.DB.prepare("SELECT * FROM webhook_deliveries WHERE id = ?").bind(deliveryId).first<Record<string, any>>();
    expect((await row())!.status).toBe("sending");
    // The queue's redelivery while the dead claim's lease still holds: nothing is posted, the message comes back after the lease.
    await deliverWebhook(env as never, o.accountId, deliveryId);
    expect(await hookRequests(ep.path)).toHaveLength(1);
    expect((await row())!.status).toBe("sending");
    // After the lease: the attempt's outcome is unknown → "possibly delivered", logged, never posted again by itself.
    await env.DB.prepare("UPDATE webhook_deliveries SET lease_until = ? WHERE id = ?").bind(Date.now() - 1, deliveryId).run();
    await deliverWebhook(env as never, o.accountId, deliveryId);
    await deliverWebhook(env as never, o.accountId, deliveryId);
    expect(await hookRequests(ep.path)).toHaveLength(1);
    expect(await row()).toMatchObject({ status: "uncertain", attempt_count: 1, last_error: INTERRUPTED_ATTEMPT, lease_until: null });
    const list = await api("GET", `/accounts/${o.accountId}/webhooks/${ep.id}/deliveries?status=uncertain`, { token: o.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id: deliveryId, status: "uncertain" });
    expect(list.body.data[0].attempts).toEqual([expect.objectContaining({ ok: false, statusCode: null, error: INTERRUPTED_ATTEMPT })]);
    // The operator sends it again: the same webhook-id (the receiver's idempotency key), delivered.
    const again = await api("POST", `/accounts/${o.accountId}/webhooks/deliveries/${deliveryId}/redeliver`, { token: o.token });
    expect(again.status).toBe(202);
    await waitFor(async () => ((await row())!.status === "succeeded" ? true : null), 10_000, "the redelivery");
    const posts = await hookRequests(ep.path);
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers["webhook-id"]).toBe(posts[1]!.headers["webhook-id"]);
  });
});
