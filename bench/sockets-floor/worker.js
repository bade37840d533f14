// The platform floor of the socket benchmark (bench/inbox-sockets.mjs): the least a Worker and a
// Durable Object can do for "post → every socket of the room gets a frame" under wrangler dev on
// this machine. No session, no D1, no numbering or backlog: the post goes to the object, which
// sends one frame of the same shape and size as our `message` frame to every socket.
// With `x-floor-store: d1` (the storing floor), the post is also stored once, one plain row in D1
// written while the object fans it out, and answered when both are done: the least "an operator's
// reply is stored and shown" can cost here (D1's commit and its disk flush included).
import { DurableObject } from "cloudflare:workers";

const contact = JSON.stringify({
  contactId: "0mwrzxmt90010ayl9rpu", name: "Бенчмарк", platformUsername: null,
  platformUserId: "test-bot:0mwrzxmqlih7x6jyvhz", platform: "WEBCHAT", avatar: null, status: null, about: null, phone: null,
  isTestContact: true, customFields: {}, firstSeenAt: 1795361587386, lastSeenAt: 1795361587386, createdAt: 1795361587386, updatedAt: 1795361587386,
  thread: { threadId: "0mwrzxmta000n3r2dqdm", status: "active", gptStatus: "COMPLETED", isGptActive: false, lastMessage: "bench 1", lastMessageType: "text",
    updatedAt: 1795361587959, unreadCount: 0, channelId: null, kind: "dm", assistantId: null, testChatAssistantId: null, lastIncomingAt: 1795361587386 },
}).replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`); // ASCII, as the room sends it

export class Room extends DurableObject {
  seq = 0;
  async fetch(req) {
    if (new URL(req.url).pathname === "/ws") {
      const [client, server] = Object.values(new WebSocketPair());
      this.ctx.acceptWebSocket(server);
      return new Response(null, { status: 101, webSocket: client });
    }
    const { content } = await req.json();
    const now = Date.now();
    const frame = `{"event":"message","data":{"messageId":"m${now}${this.seq}","messageType":"text","messageDirection":"outgoing","content":${JSON.stringify(content)},"createdAt":${now},"updatedAt":${now},"payloadUrl":null,"fileName":null,"mimeType":null,"fileSize":null,"isSystem":false,"isRead":false,"isDelivered":false,"isSent":true,"deliveryStatus":"sent","senderType":"operator","metadata":{},"contactId":"0mwrzxmt90010ayl9rpu","threadId":"0mwrzxmta000n3r2dqdm","contact":${contact}},"seq":${++this.seq}}`;
    for (const ws of this.ctx.getWebSockets()) ws.send(frame);
    return Response.json({ seq: this.seq }, { status: 201 });
  }
  webSocketMessage() {}
}

export default {
  async fetch(req, env) {
    const room = env.ROOM.get(env.ROOM.idFromName("floor"));
    if (req.headers.get("x-floor-store") !== "d1") return room.fetch(req);
    const body = await req.text();
    const { content } = JSON.parse(body);
    const [shown] = await Promise.all([
      room.fetch(new Request(req.url, { method: "POST", body })),
      env.DB.prepare("INSERT INTO posts (id, content, at) VALUES (?, ?, ?)").bind(crypto.randomUUID(), content, Date.now()).run(),
    ]);
    return shown;
  },
};
