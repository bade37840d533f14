-- A broadcast's recipient the messenger refused is not the plan's usage (hand-written). A broadcast's
-- message is counted as `broadcastRecipients` usage when it is stored, while the broadcast's messages
-- are within its plan part (0045); the settlement already spends packages only on what went out
-- (failed recipients are not in its count), but a refused message (the bot blocked, the chat gone,
-- a send interrupted and not repeated, a WhatsApp failure reported after sending) stayed counted
-- against the plan's included recipients and, beyond them, charged. The rule now, as 0054's for
-- replies and the take-back of an unsent message (0045): a broadcast's message turning 'failed' comes
-- off its day's and channel's count if it was within the plan part, and off the broadcast's
-- `sent`, so the plan part covers the next message instead (what the broadcast still holds of the
-- plan grows by one until it settles); leaving 'failed' counts it again as a new message would be.
CREATE TRIGGER messages_usage_broadcast_failed AFTER UPDATE OF delivery_status ON messages
WHEN NEW.direction = 'outgoing' AND NEW.delivery_status = 'failed' AND coalesce(OLD.delivery_status, '') <> 'failed'
  AND json_extract(NEW.metadata, '$.broadcastId') IS NOT NULL
BEGIN
  UPDATE usage_daily SET quantity = quantity - 1
  WHERE account_id = NEW.account_id AND day = strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch') AND metric = 'broadcastRecipients'
    AND dim = (SELECT coalesce(t.channel_id, '') FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0) AND quantity > 0
    AND EXISTS (SELECT 1 FROM broadcast_plan_holds h WHERE h.broadcast_id = json_extract(NEW.metadata, '$.broadcastId') AND h.account_id = NEW.account_id AND h.sent > 0 AND h.sent <= h.amount);
  UPDATE broadcast_plan_holds SET sent = sent - 1
  WHERE broadcast_id = json_extract(NEW.metadata, '$.broadcastId') AND account_id = NEW.account_id AND sent > 0
    AND EXISTS (SELECT 1 FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0);
END;
--> statement-breakpoint
CREATE TRIGGER messages_usage_broadcast_unfailed AFTER UPDATE OF delivery_status ON messages
WHEN NEW.direction = 'outgoing' AND OLD.delivery_status = 'failed' AND coalesce(NEW.delivery_status, '') <> 'failed'
  AND json_extract(NEW.metadata, '$.broadcastId') IS NOT NULL
BEGIN
  INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
  SELECT NEW.account_id, strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'), 'broadcastRecipients', coalesce(t.channel_id, ''), 1
  FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0
    AND EXISTS (SELECT 1 FROM broadcast_plan_holds h WHERE h.broadcast_id = json_extract(NEW.metadata, '$.broadcastId') AND h.account_id = NEW.account_id AND h.sent < h.amount)
  ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + 1;
  UPDATE broadcast_plan_holds SET sent = sent + 1
  WHERE broadcast_id = json_extract(NEW.metadata, '$.broadcastId') AND account_id = NEW.account_id
    AND EXISTS (SELECT 1 FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0);
END;
