// The platform floor of the ingest benchmark (bench/channels-ingest.mjs, phase "floor"): the least a
// Worker can do for "webhook answered once its body is queued; the consumer commits its events in
// one D1 batch" under wrangler dev on this machine. No signature, no contacts or threads, no search
// index, no room: one plain row per event.
// With `x-floor-work: inbox` (the inbox floor), the least the product itself must do per webhook and
// message: the body's signature checked (HMAC-SHA256 with WebCrypto, as Meta signs it), then per
// batch one transaction of three set-based statements: the senders as contacts, their conversations
// with the last message and unread count, the messages (a repeated mid is stored once; the
// unread count does not look for repeats, which the benchmark never sends). No room,
// no search index, no exactly-once outbox, no assistant's planning: those stay ours alone.
const SECRET = "ingest-floor-app-secret";
let key;
const hmacKey = () => (key ??= crypto.subtle.importKey("raw", new TextEncoder().encode(SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]));

function fromHex(hex) {
  if (hex.length !== 64) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    const b = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    if (Number.isNaN(b)) return null;
    out[i] = b;
  }
  return out;
}

const INBOX_SQL = [
  `INSERT INTO floor_contacts (sender, name, first_seen_at, last_seen_at)
   SELECT j.value ->> 's', 'Instagram ' || (j.value ->> 's'), ?2, ?2 FROM json_each(?1) j WHERE true
   ON CONFLICT (sender) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
  `INSERT INTO floor_messages (mid, sender, text, at)
   SELECT j.value ->> 'm', j.value ->> 's', j.value ->> 't', ?2 FROM json_each(?1) j WHERE true
   ON CONFLICT DO NOTHING`,
  `INSERT INTO floor_threads (sender, last_text, last_at, unread)
   SELECT j.value ->> 's', j.value ->> 't', ?2, 1 FROM json_each(?1) j WHERE true
   ON CONFLICT (sender) DO UPDATE SET last_text = excluded.last_text, last_at = excluded.last_at, unread = unread + 1`,
];

export default {
  async fetch(req, env) {
    const work = req.headers.get("x-floor-work") ?? "rows";
    if (work === "inbox") {
      const raw = new Uint8Array(await req.arrayBuffer());
      const given = fromHex((req.headers.get("x-hub-signature-256") ?? "").replace(/^sha256=/, ""));
      if (!given || !(await crypto.subtle.verify("HMAC", await hmacKey(), given, raw))) return new Response("bad signature", { status: 403 });
      await env.INBOUND.send({ body: new TextDecoder().decode(raw), work }, { contentType: "json" });
      return new Response("EVENT_RECEIVED");
    }
    const body = await req.text();
    // `x-floor-work: none`: the consumer takes the batch and does nothing (what the queue alone costs).
    await env.INBOUND.send({ body, work }, { contentType: "json" });
    return new Response("EVENT_RECEIVED");
  },
  async queue(batch, env) {
    const stmts = [];
    const inbox = [];
    for (const m of batch.messages) {
      if (m.body.work === "none") continue;
      if (m.body.work === "inbox") {
        for (const entry of JSON.parse(m.body.body).entry ?? []) for (const e of entry.messaging ?? []) inbox.push({ m: e.message.mid, s: e.sender.id, t: e.message.text });
        continue;
      }
      for (const entry of JSON.parse(m.body.body).entry ?? []) {
        for (const e of entry.messaging ?? []) {
          stmts.push(env.DB.prepare("INSERT OR IGNORE INTO events (mid, sender, text, at) VALUES (?, ?, ?, ?)").bind(e.message.mid, e.sender.id, e.message.text, Date.now()));
        }
      }
    }
    if (inbox.length) {
      const rows = JSON.stringify(inbox);
      const now = Date.now();
      for (const sql of INBOX_SQL) stmts.push(env.DB.prepare(sql).bind(rows, now));
    }
    if (stmts.length) await env.DB.batch(stmts);
  },
};
