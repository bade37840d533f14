-- The inbox floor (worker.js, `x-floor-work: inbox`): the three rows an inbox needs per customer
-- message (who wrote, their conversation with its last message and unread count, the message), each
-- with the one index a screen reads it by.
CREATE TABLE floor_contacts (sender TEXT PRIMARY KEY, name TEXT NOT NULL, first_seen_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL);
CREATE TABLE floor_threads (sender TEXT PRIMARY KEY, last_text TEXT NOT NULL, last_at INTEGER NOT NULL, unread INTEGER NOT NULL);
CREATE INDEX floor_threads_last ON floor_threads (last_at);
CREATE TABLE floor_messages (mid TEXT PRIMARY KEY, sender TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX floor_messages_log ON floor_messages (sender, at);
