-- Analytics' replies by one rule (hand-written). Before, every outgoing operator message counted in
-- «Ответы операторов», a broadcast's send too (the broadcast pump writes its messages as the
-- operator's), and every outgoing assistant message was a reply to the conversation: a flow's
-- scripted sends and booking reminders took the AI's first response, its resolution and «Без
-- оператора» (aiOnly), while «Ответы ИИ» (0044) counted the model's answers only.
-- Now a reply is what the counters call one: the AI's = a message that carries the model's answer
-- (its metadata names the model; the product card's photo before the answer's text is part of it),
-- an operator's = an operator's message that is not a broadcast's. A flow's sends, booking reminders
-- and broadcasts are messages out, never replies: they count in no first response, resolution or
-- aiOnly, and a conversation a flow alone answered has no first response.
DROP TRIGGER IF EXISTS messages_analytics;
--> statement-breakpoint
CREATE TRIGGER messages_analytics AFTER INSERT ON messages
WHEN NEW.type NOT IN ('tool_call', 'tool_result')
BEGIN
  INSERT INTO analytics_hourly (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
  SELECT NEW.account_id, NEW.created_at / 3600000, k.metric, coalesce(t.channel_id, ''), coalesce(t.assistant_id, ''), '', 1
  FROM threads t JOIN (
    SELECT 'messagesIn' AS metric WHERE NEW.direction = 'incoming'
    UNION ALL SELECT 'messagesOut' WHERE NEW.direction = 'outgoing'
    UNION ALL SELECT 'aiReplies' WHERE NEW.direction = 'outgoing' AND NEW.sender_type = 'assistant'
      AND json_extract(NEW.metadata, '$.model') IS NOT NULL AND coalesce(NEW.dedupe_key, '') NOT LIKE 'ai-reply:%:card'
    UNION ALL SELECT 'operatorReplies' WHERE NEW.direction = 'outgoing' AND NEW.sender_type = 'operator'
      AND json_extract(NEW.metadata, '$.broadcastId') IS NULL
    UNION ALL SELECT 'handoffs' WHERE json_extract(NEW.metadata, '$.event') = 'handoff'
  ) k
  WHERE t.id = NEW.thread_id AND t.is_test = 0
  ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = quantity + 1;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS messages_analytics_reply;
--> statement-breakpoint
-- 0039's trigger with the new rule in its WHEN; its body is unchanged.
CREATE TRIGGER messages_analytics_reply AFTER INSERT ON messages
WHEN NEW.direction = 'outgoing' AND NEW.type NOT IN ('tool_call', 'tool_result')
  AND ((NEW.sender_type = 'assistant' AND json_extract(NEW.metadata, '$.model') IS NOT NULL)
    OR (NEW.sender_type = 'operator' AND json_extract(NEW.metadata, '$.broadcastId') IS NULL))
BEGIN
  INSERT INTO analytics_hourly (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
  SELECT c.account_id, c.started_at / 3600000, CASE WHEN NEW.sender_type = 'assistant' THEN 'frtAi' ELSE 'frtOperator' END, c.channel_id, c.assistant_id,
    (SELECT count(*) FROM analytics_time_buckets b WHERE b.upper_ms < NEW.created_at - c.started_at), 1
  FROM analytics_conversations c
  WHERE c.thread_id = NEW.thread_id AND c.started_at = (SELECT max(x.started_at) FROM analytics_conversations x WHERE x.thread_id = NEW.thread_id)
    AND c.closed = 0 AND c.first_reply_at IS NULL
  ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = quantity + 1;
  INSERT INTO analytics_hourly (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
  SELECT c.account_id, c.started_at / 3600000, CASE WHEN c.last_reply_by = 'assistant' THEN 'resAi' ELSE 'resOperator' END, c.channel_id, c.assistant_id,
    (SELECT count(*) FROM analytics_time_buckets b WHERE b.upper_ms < c.last_reply_at - c.started_at), -1
  FROM analytics_conversations c
  WHERE c.thread_id = NEW.thread_id AND c.started_at = (SELECT max(x.started_at) FROM analytics_conversations x WHERE x.thread_id = NEW.thread_id)
    AND c.closed = 0 AND c.last_reply_at IS NOT NULL
  ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = quantity - 1;
  INSERT INTO analytics_hourly (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
  SELECT c.account_id, c.started_at / 3600000, CASE WHEN NEW.sender_type = 'assistant' THEN 'resAi' ELSE 'resOperator' END, c.channel_id, c.assistant_id,
    (SELECT count(*) FROM analytics_time_buckets b WHERE b.upper_ms < NEW.created_at - c.started_at), 1
  FROM analytics_conversations c
  WHERE c.thread_id = NEW.thread_id AND c.started_at = (SELECT max(x.started_at) FROM analytics_conversations x WHERE x.thread_id = NEW.thread_id)
    AND c.closed = 0
  ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = quantity + 1;
  INSERT INTO analytics_hourly (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
  SELECT c.account_id, c.started_at / 3600000, 'aiOnly', c.channel_id, c.assistant_id, '', CASE WHEN NEW.sender_type = 'assistant' THEN 1 ELSE -1 END
  FROM analytics_conversations c
  WHERE c.thread_id = NEW.thread_id AND c.started_at = (SELECT max(x.started_at) FROM analytics_conversations x WHERE x.thread_id = NEW.thread_id)
    AND c.closed = 0 AND c.operator_involved = 0
    AND ((NEW.sender_type = 'assistant' AND c.ai_replied = 0) OR (NEW.sender_type = 'operator' AND c.ai_replied = 1))
  ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = quantity + excluded.quantity;
  UPDATE analytics_conversations SET
    first_reply_at = coalesce(first_reply_at, NEW.created_at), last_reply_at = NEW.created_at, last_reply_by = NEW.sender_type,
    ai_replied = max(ai_replied, NEW.sender_type = 'assistant'), operator_involved = max(operator_involved, NEW.sender_type = 'operator'),
    last_at = max(last_at, NEW.created_at)
  WHERE thread_id = NEW.thread_id AND started_at = (SELECT max(x.started_at) FROM analytics_conversations x WHERE x.thread_id = NEW.thread_id) AND closed = 0;
END;
--> statement-breakpoint
-- The stored figures, corrected once (analytics is a report; billing's usage is not touched).
-- 1. «Ответы операторов»: the broadcasts' sends taken back from their hour (as 0044 took back the AI
-- replies it no longer counted). Only from rows that exist, never below zero; counters whose
-- messages were cleared since keep their history.
UPDATE analytics_hourly AS h SET quantity = max(0, h.quantity - x.n)
FROM (
  SELECT m.account_id, m.created_at / 3600000 AS hour, coalesce(t.channel_id, '') AS ch, coalesce(t.assistant_id, '') AS asst, count(*) AS n
  FROM messages m JOIN threads t ON t.id = m.thread_id
  WHERE m.direction = 'outgoing' AND m.sender_type = 'operator' AND m.type NOT IN ('tool_call', 'tool_result') AND t.is_test = 0
    AND json_extract(m.metadata, '$.broadcastId') IS NOT NULL
  GROUP BY 1, 2, 3, 4
) x
WHERE h.account_id = x.account_id AND h.hour = x.hour AND h.metric = 'operatorReplies' AND h.channel_id = x.ch AND h.assistant_id = x.asst AND h.dim = '';
--> statement-breakpoint
-- 2. The conversations an assistant message without a model (a flow's send, a booking reminder)
-- answered: recomputed from their messages by the new rule, as 0039's backfill computed them. A
-- conversation's messages are those from its start to its last_at (the last message the triggers
-- took while it was open: nothing after a close). Who first answered before (for its frt bucket) is
-- the old rule's reply at first_reply_at. Their histogram and aiOnly entries are then moved: the old
-- values' taken back, the new ones' added, so every other conversation keeps its figures.
CREATE TABLE analytics_recount_0047 (
  thread_id text NOT NULL,
  started_at integer NOT NULL,
  account_id text NOT NULL,
  channel_id text NOT NULL,
  assistant_id text NOT NULL,
  old_first_at integer,
  old_first_by text,
  old_last_at integer,
  old_last_by text,
  old_ai integer NOT NULL,
  op integer NOT NULL,
  new_first_at integer,
  new_first_by text,
  new_last_at integer,
  new_last_by text,
  new_ai integer NOT NULL,
  PRIMARY KEY (thread_id, started_at)
);
--> statement-breakpoint
INSERT INTO analytics_recount_0047
SELECT c.thread_id, c.started_at, c.account_id, c.channel_id, c.assistant_id,
  c.first_reply_at,
  (SELECT m.sender_type FROM messages m
   WHERE m.thread_id = c.thread_id AND m.created_at = c.first_reply_at AND m.direction = 'outgoing' AND m.sender_type IN ('assistant', 'operator')
     AND m.type NOT IN ('tool_call', 'tool_result') AND json_extract(m.metadata, '$.broadcastId') IS NULL
   ORDER BY m.id LIMIT 1),
  c.last_reply_at, c.last_reply_by, c.ai_replied, c.operator_involved,
  (SELECT min(m.created_at) FROM messages m WHERE m.thread_id = c.thread_id AND m.created_at >= c.started_at AND m.created_at <= c.last_at
    AND m.direction = 'outgoing' AND m.type NOT IN ('tool_call', 'tool_result')
    AND ((m.sender_type = 'assistant' AND json_extract(m.metadata, '$.model') IS NOT NULL) OR (m.sender_type = 'operator' AND json_extract(m.metadata, '$.broadcastId') IS NULL))),
  NULL,
  (SELECT max(m.created_at) FROM messages m WHERE m.thread_id = c.thread_id AND m.created_at >= c.started_at AND m.created_at <= c.last_at
    AND m.direction = 'outgoing' AND m.type NOT IN ('tool_call', 'tool_result')
    AND ((m.sender_type = 'assistant' AND json_extract(m.metadata, '$.model') IS NOT NULL) OR (m.sender_type = 'operator' AND json_extract(m.metadata, '$.broadcastId') IS NULL))),
  NULL,
  EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = c.thread_id AND m.created_at >= c.started_at AND m.created_at <= c.last_at
    AND m.direction = 'outgoing' AND m.sender_type = 'assistant' AND m.type NOT IN ('tool_call', 'tool_result') AND json_extract(m.metadata, '$.model') IS NOT NULL)
FROM analytics_conversations c
WHERE EXISTS (
  SELECT 1 FROM messages m WHERE m.thread_id = c.thread_id AND m.created_at >= c.started_at AND m.created_at <= c.last_at
    AND m.direction = 'outgoing' AND m.sender_type = 'assistant' AND m.type NOT IN ('tool_call', 'tool_result')
    AND json_extract(m.metadata, '$.broadcastId') IS NULL AND json_extract(m.metadata, '$.model') IS NULL);
--> statement-breakpoint
-- A conversation whose old first reply is not found is left as it is (its frt entry could not be taken back).
DELETE FROM analytics_recount_0047 WHERE old_first_at IS NOT NULL AND old_first_by IS NULL;
--> statement-breakpoint
UPDATE analytics_recount_0047 AS r SET
  new_first_by = (SELECT m.sender_type FROM messages m WHERE m.thread_id = r.thread_id AND m.created_at = r.new_first_at
    AND m.direction = 'outgoing' AND m.type NOT IN ('tool_call', 'tool_result')
    AND ((m.sender_type = 'assistant' AND json_extract(m.metadata, '$.model') IS NOT NULL) OR (m.sender_type = 'operator' AND json_extract(m.metadata, '$.broadcastId') IS NULL))
    ORDER BY m.id LIMIT 1),
  new_last_by = (SELECT m.sender_type FROM messages m WHERE m.thread_id = r.thread_id AND m.created_at = r.new_last_at
    AND m.direction = 'outgoing' AND m.type NOT IN ('tool_call', 'tool_result')
    AND ((m.sender_type = 'assistant' AND json_extract(m.metadata, '$.model') IS NOT NULL) OR (m.sender_type = 'operator' AND json_extract(m.metadata, '$.broadcastId') IS NULL))
    ORDER BY m.id DESC LIMIT 1)
WHERE r.new_first_at IS NOT NULL;
--> statement-breakpoint
CREATE TABLE analytics_recount_0047_delta (
  account_id text NOT NULL,
  hour integer NOT NULL,
  metric text NOT NULL,
  channel_id text NOT NULL,
  assistant_id text NOT NULL,
  dim text NOT NULL,
  quantity integer NOT NULL,
  PRIMARY KEY (account_id, hour, metric, channel_id, assistant_id, dim)
);
--> statement-breakpoint
-- The moves, per rollup row (D1 takes at most five SELECTs in one compound: one statement per figure).
INSERT INTO analytics_recount_0047_delta (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
SELECT x.account_id, x.hour, x.metric, x.channel_id, x.assistant_id, x.dim, sum(x.q) FROM (
  SELECT r.account_id, r.started_at / 3600000 AS hour, CASE WHEN r.old_first_by = 'assistant' THEN 'frtAi' ELSE 'frtOperator' END AS metric, r.channel_id, r.assistant_id, (SELECT count(*) FROM analytics_time_buckets b WHERE b.upper_ms < r.old_first_at - r.started_at) AS dim, -1 AS q
  FROM analytics_recount_0047 r WHERE r.old_first_at IS NOT NULL
  UNION ALL
  SELECT r.account_id, r.started_at / 3600000, CASE WHEN r.new_first_by = 'assistant' THEN 'frtAi' ELSE 'frtOperator' END, r.channel_id, r.assistant_id, (SELECT count(*) FROM analytics_time_buckets b WHERE b.upper_ms < r.new_first_at - r.started_at), 1
  FROM analytics_recount_0047 r WHERE r.new_first_at IS NOT NULL
) x
GROUP BY x.account_id, x.hour, x.metric, x.channel_id, x.assistant_id, x.dim
ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = quantity + excluded.quantity;
--> statement-breakpoint
INSERT INTO analytics_recount_0047_delta (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
SELECT x.account_id, x.hour, x.metric, x.channel_id, x.assistant_id, x.dim, sum(x.q) FROM (
  SELECT r.account_id, r.started_at / 3600000 AS hour, CASE WHEN r.old_last_by = 'assistant' THEN 'resAi' ELSE 'resOperator' END AS metric, r.channel_id, r.assistant_id, (SELECT count(*) FROM analytics_time_buckets b WHERE b.upper_ms < r.old_last_at - r.started_at) AS dim, -1 AS q
  FROM analytics_recount_0047 r WHERE r.old_last_at IS NOT NULL
  UNION ALL
  SELECT r.account_id, r.started_at / 3600000, CASE WHEN r.new_last_by = 'assistant' THEN 'resAi' ELSE 'resOperator' END, r.channel_id, r.assistant_id, (SELECT count(*) FROM analytics_time_buckets b WHERE b.upper_ms < r.new_last_at - r.started_at), 1
  FROM analytics_recount_0047 r WHERE r.new_last_at IS NOT NULL
) x
GROUP BY x.account_id, x.hour, x.metric, x.channel_id, x.assistant_id, x.dim
ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = quantity + excluded.quantity;
--> statement-breakpoint
INSERT INTO analytics_recount_0047_delta (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
SELECT x.account_id, x.hour, x.metric, x.channel_id, x.assistant_id, x.dim, sum(x.q) FROM (
  SELECT r.account_id, r.started_at / 3600000 AS hour, 'aiOnly' AS metric, r.channel_id, r.assistant_id, '' AS dim, -1 AS q
  FROM analytics_recount_0047 r WHERE r.old_ai = 1 AND r.op = 0
  UNION ALL
  SELECT r.account_id, r.started_at / 3600000, 'aiOnly', r.channel_id, r.assistant_id, '', 1
  FROM analytics_recount_0047 r WHERE r.new_ai = 1 AND r.op = 0
) x
GROUP BY x.account_id, x.hour, x.metric, x.channel_id, x.assistant_id, x.dim
ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = quantity + excluded.quantity;
--> statement-breakpoint
UPDATE analytics_hourly AS h SET quantity = max(0, h.quantity + d.quantity)
FROM analytics_recount_0047_delta d
WHERE h.account_id = d.account_id AND h.hour = d.hour AND h.metric = d.metric AND h.channel_id = d.channel_id AND h.assistant_id = d.assistant_id AND h.dim = d.dim
  AND d.quantity <> 0;
--> statement-breakpoint
INSERT INTO analytics_hourly (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
SELECT d.account_id, d.hour, d.metric, d.channel_id, d.assistant_id, d.dim, d.quantity FROM analytics_recount_0047_delta d WHERE d.quantity > 0
ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO NOTHING;
--> statement-breakpoint
UPDATE analytics_conversations AS c SET
  first_reply_at = r.new_first_at, last_reply_at = r.new_last_at, last_reply_by = r.new_last_by, ai_replied = r.new_ai
FROM analytics_recount_0047 r
WHERE c.thread_id = r.thread_id AND c.started_at = r.started_at;
--> statement-breakpoint
DROP TABLE analytics_recount_0047_delta;
--> statement-breakpoint
DROP TABLE analytics_recount_0047;
