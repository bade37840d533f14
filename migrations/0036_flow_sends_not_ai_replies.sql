-- A flow's scripted messages (metadata.flowId, written by the flow runtime with sender_type
-- 'assistant') are messages out, not AI replies: they no longer count against the plan's aiReplies.
-- The trigger is 0024's with that one condition added.
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
  SELECT NEW.account_id, strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'), 'aiReplies', coalesce(json_extract(NEW.metadata, '$.model'), ''), 1
  FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0 AND NEW.sender_type = 'assistant' AND NEW.type = 'text' AND NEW.direction = 'outgoing'
    AND json_extract(NEW.metadata, '$.flowId') IS NULL
  ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + 1;
END;
