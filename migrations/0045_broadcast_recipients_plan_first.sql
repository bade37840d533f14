-- Broadcast recipients come from the plan first, then from packages (hand-written).
-- Before, a broadcast's start reserved its recipients from packages only, so the plan's included
-- recipients (the trial's 100) could not be used, and a recipient a package paid for was also
-- counted as the plan's usage. Now a start reserves, in one transaction, what the plan still has
-- (included − what the period's usage counted − what running broadcasts hold of the plan and have
-- not sent yet) as a row here, and only the rest from packages (broadcast_quota_allocations).
-- `requested` is the whole reservation, `amount` the plan's part of it, `sent` how many of the
-- broadcast's messages exist (kept by the triggers below). A broadcast's message is counted as
-- `broadcastRecipients` usage only while the broadcast's messages are within its plan part: what a
-- package pays for is not the plan's usage, so it is counted once and never charged beyond the plan.
-- A message taken back before it was sent (a pause, a cancel) comes off the count again.
CREATE TABLE broadcast_plan_holds (
  broadcast_id text PRIMARY KEY NOT NULL,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  requested integer NOT NULL,
  amount integer NOT NULL,
  sent integer NOT NULL DEFAULT 0,
  created_at integer NOT NULL,
  settled_at integer
);
--> statement-breakpoint
CREATE INDEX broadcast_plan_holds_open_idx ON broadcast_plan_holds (account_id) WHERE settled_at IS NULL;
--> statement-breakpoint
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
    AND (NEW.direction = 'incoming' OR json_extract(NEW.metadata, '$.broadcastId') IS NULL
      OR EXISTS (SELECT 1 FROM broadcast_plan_holds h WHERE h.broadcast_id = json_extract(NEW.metadata, '$.broadcastId') AND h.account_id = NEW.account_id AND h.sent < h.amount))
  ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + 1;
  UPDATE broadcast_plan_holds SET sent = sent + 1
  WHERE NEW.direction = 'outgoing' AND broadcast_id = json_extract(NEW.metadata, '$.broadcastId') AND account_id = NEW.account_id
    AND EXISTS (SELECT 1 FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0);
  INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
  SELECT NEW.account_id, strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'), 'aiReplies', json_extract(NEW.metadata, '$.model'), 1
  FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0 AND NEW.direction = 'outgoing' AND NEW.sender_type = 'assistant'
    AND json_extract(NEW.metadata, '$.model') IS NOT NULL AND coalesce(NEW.dedupe_key, '') NOT LIKE 'ai-reply:%:card'
  ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + 1;
END;
--> statement-breakpoint
CREATE TRIGGER messages_usage_daily_unsent AFTER DELETE ON messages
WHEN OLD.direction = 'outgoing' AND OLD.delivery_status = 'pending' AND OLD.platform_message_id IS NULL
  AND json_extract(OLD.metadata, '$.broadcastId') IS NOT NULL
BEGIN
  UPDATE usage_daily SET quantity = quantity - 1
  WHERE account_id = OLD.account_id AND day = strftime('%Y-%m-%d', OLD.created_at / 1000, 'unixepoch') AND metric = 'broadcastRecipients'
    AND dim = (SELECT coalesce(t.channel_id, '') FROM threads t WHERE t.id = OLD.thread_id AND t.is_test = 0) AND quantity > 0
    AND EXISTS (SELECT 1 FROM broadcast_plan_holds h WHERE h.broadcast_id = json_extract(OLD.metadata, '$.broadcastId') AND h.account_id = OLD.account_id AND h.sent > 0 AND h.sent <= h.amount);
  UPDATE broadcast_plan_holds SET sent = sent - 1
  WHERE broadcast_id = json_extract(OLD.metadata, '$.broadcastId') AND account_id = OLD.account_id AND sent > 0
    AND EXISTS (SELECT 1 FROM threads t WHERE t.id = OLD.thread_id AND t.is_test = 0);
END;
