// The reference of the socket benchmark: the conventional shape of the original product —
// plain Node, socket.io, SQLite — doing the same work per operator reply as ours:
// check the session and the membership, insert the message, update the thread, broadcast
// `message` and `updateContact` to the account's room. Started by bench/inbox-sockets.mjs.
// Usage: node bench/reference-socketio/server.mjs <port> <sqlite file>
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { DatabaseSync } from "node:sqlite";
import { Server } from "socket.io";

const port = Number(process.argv[2] ?? 8794);
const file = process.argv[3] ?? ":memory:";
const db = new DatabaseSync(file);
db.exec(`
  PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
  CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS members (account_id TEXT NOT NULL, user_id TEXT NOT NULL, PRIMARY KEY (account_id, user_id));
  CREATE TABLE IF NOT EXISTS contacts (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, name TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS threads (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, contact_id TEXT NOT NULL, last_message TEXT, updated_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS messages (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, thread_id TEXT NOT NULL, contact_id TEXT NOT NULL,
    type TEXT NOT NULL, direction TEXT NOT NULL, content TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS messages_thread_created ON messages (thread_id, created_at, id);
  CREATE INDEX IF NOT EXISTS messages_contact_created ON messages (contact_id, created_at, id);
`);
const sha = (s) => createHash("sha256").update(s).digest("hex");
const q = {
  session: db.prepare("SELECT user_id FROM sessions WHERE token_hash = ?"),
  member: db.prepare("SELECT 1 AS ok FROM members WHERE account_id = ? AND user_id = ?"),
  contact: db.prepare("SELECT * FROM contacts WHERE id = ? AND account_id = ?"),
  thread: db.prepare("SELECT * FROM threads WHERE contact_id = ? AND account_id = ? ORDER BY updated_at DESC LIMIT 1"),
  insert: db.prepare("INSERT INTO messages VALUES (?, ?, ?, ?, 'text', 'outgoing', ?, ?, ?)"),
  touch: db.prepare("UPDATE threads SET last_message = ?, updated_at = ? WHERE id = ? RETURNING *"),
};
function auth(token, accountId) {
  const s = token ? q.session.get(sha(token)) : undefined;
  if (!s) return 401;
  return q.member.get(accountId, s.user_id) ? 200 : 403;
}

const http = createServer(async (req, res) => {
  const url = new URL(req.url, "http://x");
  if (req.method === "POST" && url.pathname === "/setup") {
    // One user, one account, one contact with its thread: what the benchmark needs.
    const token = randomBytes(24).toString("hex");
    const ids = { userId: "u1", accountId: "a1", contactId: "c1", threadId: "t1" };
    db.prepare("INSERT OR REPLACE INTO sessions VALUES (?, ?)").run(sha(token), ids.userId);
    db.prepare("INSERT OR IGNORE INTO members VALUES (?, ?)").run(ids.accountId, ids.userId);
    db.prepare("INSERT OR IGNORE INTO contacts VALUES (?, ?, ?)").run(ids.contactId, ids.accountId, "Клиент");
    db.prepare("INSERT OR IGNORE INTO threads VALUES (?, ?, ?, NULL, ?)").run(ids.threadId, ids.accountId, ids.contactId, Date.now());
    res.writeHead(200, { "content-type": "application/json" });
    return res.end(JSON.stringify({ token, ...ids }));
  }
  const m = /^\/api\/accounts\/([^/]+)\/contacts\/([^/]+)\/messages$/.exec(url.pathname);
  if (req.method === "POST" && m) {
    const [, accountId, contactId] = m;
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const status = auth(token, accountId);
    let raw = "";
    for await (const chunk of req) raw += chunk;
    if (status !== 200) {
      res.writeHead(status);
      return res.end();
    }
    const { content } = JSON.parse(raw || "{}");
    const contact = q.contact.get(contactId, accountId);
    const thread = contact && q.thread.get(contactId, accountId);
    if (!thread) {
      res.writeHead(404);
      return res.end();
    }
    const now = Date.now();
    const id = `${now.toString(36)}${randomBytes(6).toString("hex")}`;
    q.insert.run(id, accountId, thread.id, contactId, content, now, now);
    const t = q.touch.get(content, now, thread.id);
    const message = { messageId: id, messageType: "text", messageDirection: "outgoing", content, createdAt: now, updatedAt: now, contactId, threadId: t.id };
    io.to(accountId).emit("message", message);
    io.to(accountId).emit("updateContact", { contactId, name: contact.name, thread: { threadId: t.id, lastMessage: t.last_message, updatedAt: t.updated_at } });
    res.writeHead(201, { "content-type": "application/json" });
    return res.end(JSON.stringify({ data: [message] }));
  }
  res.writeHead(404);
  res.end();
});

const io = new Server(http, { path: "/ws", serveClient: false, transports: ["websocket"] });
io.use((socket, next) => {
  const { token, accountId } = socket.handshake.query;
  const status = auth(String(token ?? ""), String(accountId ?? ""));
  if (status !== 200) return next(new Error(String(status)));
  next();
});
io.on("connection", (socket) => {
  socket.on("joinAccount", ({ accountId }) => {
    if (accountId !== socket.handshake.query.accountId) return;
    socket.join(accountId);
    socket.emit("joinedAccount", { accountId });
  });
});
http.listen(port, "127.0.0.1", () => process.stdout.write(`reference listening on ${port}\n`));
process.on("SIGTERM", () => process.exit(0));
