// The platform floor of the ingest benchmark (bench/channels-ingest.mjs, phase "floor"): the least a
// Worker can do for "webhook answered once its body is queued; the consumer commits its events in
// one D1 batch" under wrangler dev on this machine. No signature, no contacts or threads, no search
// index, no room: one plain row per event.
export default {
  async fetch(req, env) {
    const body = await req.text();
    // `x-floor-work: none`: the consumer takes the batch and does nothing (what the queue alone costs).
    await env.INBOUND.send({ body, work: req.headers.get("x-floor-work") ?? "rows" }, { contentType: "json" });
    return new Response("EVENT_RECEIVED");
  },
  async queue(batch, env) {
    const stmts = [];
    for (const m of batch.messages) {
      if (m.body.work === "none") continue;
      for (const entry of JSON.parse(m.body.body).entry ?? []) {
        for (const e of entry.messaging ?? []) {
          stmts.push(env.DB.prepare("INSERT OR IGNORE INTO events (mid, sender, text, at) VALUES (?, ?, ?, ?)").bind(e.message.mid, e.sender.id, e.message.text, Date.now()));
        }
      }
    }
    if (stmts.length) await env.DB.batch(stmts);
  },
};
