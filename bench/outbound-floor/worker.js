// The platform floor of the broadcast benchmark (bench/broadcasts.mjs, phase "floor"): the least a
// Worker can do for "each recipient gets one Telegram sendMessage from a queue consumer" under
// wrangler dev on this machine. No D1, no recipients table, no rendering, no pacing: the queue
// carries {chatId, text}, and the consumer does one fetch to the bot API per message, in order.
//   POST /enqueue {token, from, n, text}  → queues n messages for chats from … from+n-1
export default {
  async fetch(req, env) {
    if (req.method !== "POST") return new Response("ok");
    const { from, n, text } = await req.json();
    for (let i = 0; i < n; i += 100) {
      const chunk = Array.from({ length: Math.min(100, n - i) }, (_, k) => ({ body: { chatId: from + i + k, text }, contentType: "json" }));
      await env.OUT.sendBatch(chunk);
    }
    return Response.json({ queued: n });
  },
  async queue(batch, env) {
    for (const m of batch.messages) {
      const r = await fetch(`${env.TELEGRAM_API_BASE}/bot${env.BOT_TOKEN}/sendMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ chat_id: m.body.chatId, text: m.body.text }),
      });
      await r.arrayBuffer();
      if (r.ok) m.ack();
      else m.retry();
    }
  },
};
