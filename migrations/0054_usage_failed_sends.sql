-- Billing's «исходящих сообщений» (messagesOut) are the messages that went out (hand-written). An
-- outgoing message is metered when it is stored (usage_daily, 0045; usage_hourly, 0049), so a reply
-- the messenger refused (delivery 'failed': the bot was blocked, the chat is gone, a send that may
-- have gone out and is not retried) was still counted against the plan and, beyond it, charged.
-- The rule now, as analytics' (0053): a message turning 'failed' is taken back from the UTC day and
-- channel and from the UTC hour it was metered in (never below zero), and metered again if it leaves
-- 'failed' (a later attempt sent it, an administrator replayed it from the dead letters).
-- Only messagesOut: an AI reply that was not delivered still cost the model's work (aiReplies stays),
-- and a broadcast's recipients are reserved from the plan and packages when it starts (0045).
-- Units already charged stay charged: the settlement charges only usage beyond what it charged
-- before, so a take-back after a charge lowers what the next settlement would add.
CREATE TRIGGER messages_usage_failed AFTER UPDATE OF delivery_status ON messages
WHEN NEW.direction = 'outgoing' AND NEW.type NOT IN ('tool_call', 'tool_result')
  AND NEW.delivery_status = 'failed' AND coalesce(OLD.delivery_status, '') <> 'failed'
  AND json_extract(NEW.metadata, '$.broadcastId') IS NULL
BEGIN
  UPDATE usage_daily SET quantity = quantity - 1
  WHERE account_id = NEW.account_id AND day = strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch') AND metric = 'messagesOut'
    AND dim = (SELECT coalesce(t.channel_id, '') FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0) AND quantity > 0;
  UPDATE usage_hourly SET quantity = quantity - 1
  WHERE account_id = NEW.account_id AND hour = NEW.created_at / 3600000 AND metric = 'messagesOut' AND quantity > 0
    AND EXISTS (SELECT 1 FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0);
END;
--> statement-breakpoint
CREATE TRIGGER messages_usage_unfailed AFTER UPDATE OF delivery_status ON messages
WHEN NEW.direction = 'outgoing' AND NEW.type NOT IN ('tool_call', 'tool_result')
  AND OLD.delivery_status = 'failed' AND coalesce(NEW.delivery_status, '') <> 'failed'
  AND json_extract(NEW.metadata, '$.broadcastId') IS NULL
BEGIN
  INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
  SELECT NEW.account_id, strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'), 'messagesOut', coalesce(t.channel_id, ''), 1
  FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0
  ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + 1;
  INSERT INTO usage_hourly (account_id, hour, metric, quantity)
  SELECT NEW.account_id, NEW.created_at / 3600000, 'messagesOut', 1
  FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0
  ON CONFLICT (account_id, hour, metric) DO UPDATE SET quantity = quantity + 1;
END;
