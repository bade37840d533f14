-- One rule for "an AI reply", the same in analytics and in billing (hand-written).
-- Before, analytics counted every outgoing assistant message but tool calls, and billing every
-- outgoing assistant text that was not a flow's. So a flow's scripted messages counted in analytics
-- only, a booking reminder was charged as an AI reply, and a product card sent on Telegram as one
-- photo with the reply as its caption was counted by analytics and not charged.
-- Now an AI reply is the message that carries the model's answer of one turn: written by the
-- assistant pipeline (its metadata names the model; a flow's sends, booking reminders and broadcasts
-- do not), not a tool call or result, and not the photo that goes before the answer's text when a
-- product card is sent in two parts (its dedupe key ends in ':card'). One turn, one AI reply.
DROP TRIGGER IF EXISTS messages_usage_daily;
--> statement-breakpoint
CREATE TRIGGER messages_usage_daily AFTER INSERT ON messages
WHEN NEW.direction IN ('incoming', 'outgoing') AND NEW.type NOT IN ('tool_call', 'tool_result')
BEGIN
  INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
  SELECT NEW.account_id, strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'),
    CASE WHEN NEW.direction = 'incoming' THEN 'messagesIn'
         WHEN json_extract(NEW.metadata, '$.broadcastId') IS NOT NULL THEN 'broadcastRecipients'
         ELSE 'messagesOut' END,
    coalesce(t.channel_id, ''), 1
  FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0
  ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + 1;
  INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
  SELECT NEW.account_id, strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'), 'aiReplies', json_extract(NEW.metadata, '$.model'), 1
  FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0 AND NEW.direction = 'outgoing' AND NEW.sender_type = 'assistant'
    AND json_extract(NEW.metadata, '$.model') IS NOT NULL AND coalesce(NEW.dedupe_key, '') NOT LIKE 'ai-reply:%:card'
  ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + 1;
END;
--> statement-breakpoint
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
    UNION ALL SELECT 'handoffs' WHERE json_extract(NEW.metadata, '$.event') = 'handoff'
  ) k
  WHERE t.id = NEW.thread_id AND t.is_test = 0
  ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = quantity + 1;
END;
--> statement-breakpoint
-- Analytics is a report: its past hours are corrected, the messages the old rule counted and the new
-- one does not are taken back from their hour (set-based, once). Billing's usage is money already
-- shown and charged: it keeps its past days and counts by the new rule from now on.
INSERT INTO analytics_hourly (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
SELECT m.account_id, m.created_at / 3600000, 'aiReplies', coalesce(t.channel_id, ''), coalesce(t.assistant_id, ''), '', -count(*)
FROM messages m JOIN threads t ON t.id = m.thread_id
WHERE m.direction = 'outgoing' AND m.sender_type = 'assistant' AND m.type NOT IN ('tool_call', 'tool_result') AND t.is_test = 0
  AND NOT (json_extract(m.metadata, '$.model') IS NOT NULL AND coalesce(m.dedupe_key, '') NOT LIKE 'ai-reply:%:card')
GROUP BY 1, 2, 4, 5
ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = max(0, quantity + excluded.quantity);
