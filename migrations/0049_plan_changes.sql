-- Changing plan mid-period, periods from the payment's moment, one saved entry per card (hand-written).
-- An upgrade credits the unused whole days of the paid period against the new plan's price: the
-- payment records that credit (what it was computed for: the plan and the period's end), so it is
-- applied only while the subscription is still that period. A downgrade waits for the period's end:
-- the subscription holds the plan and period it will renew into.
ALTER TABLE subscriptions ADD COLUMN scheduled_plan_id text REFERENCES plans(id);
--> statement-breakpoint
ALTER TABLE subscriptions ADD COLUMN scheduled_billing_period text;
--> statement-breakpoint
ALTER TABLE subscriptions ADD COLUMN scheduled_at integer;
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN credit_kopecks integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN credit_plan_id text;
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN credit_days integer;
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN credited_period_end integer;
--> statement-breakpoint
-- YooKassa gives every payment that saves a card a new method id, so the same card was listed once
-- per payment. A card is one entry (type, last four digits, expiry); its newest method id is the one
-- renewals charge. The duplicates saved before are merged into the newest row of each card.
CREATE TABLE _payment_method_merge AS
SELECT id AS old_id, first_value(id) OVER (
  PARTITION BY account_id, provider, coalesce(card_type, ''), card_last4, coalesce(expiry, '') ORDER BY created_at DESC, id DESC) AS keep_id
FROM payment_methods WHERE type = 'bank_card' AND card_last4 IS NOT NULL;
--> statement-breakpoint
DELETE FROM _payment_method_merge WHERE old_id = keep_id;
--> statement-breakpoint
UPDATE subscriptions SET payment_method_id = (SELECT keep_id FROM _payment_method_merge WHERE old_id = subscriptions.payment_method_id)
WHERE payment_method_id IN (SELECT old_id FROM _payment_method_merge);
--> statement-breakpoint
UPDATE payments SET payment_method_id = (SELECT keep_id FROM _payment_method_merge WHERE old_id = payments.payment_method_id)
WHERE payment_method_id IN (SELECT old_id FROM _payment_method_merge);
--> statement-breakpoint
DELETE FROM payment_methods WHERE id IN (SELECT old_id FROM _payment_method_merge);
--> statement-breakpoint
DROP TABLE _payment_method_merge;
--> statement-breakpoint
CREATE UNIQUE INDEX payment_methods_card_uq ON payment_methods (account_id, provider, coalesce(card_type, ''), card_last4, coalesce(expiry, ''))
WHERE type = 'bank_card' AND card_last4 IS NOT NULL;
--> statement-breakpoint
-- A subscription row of the ledger names its plan (a renewal into a scheduled plan is paid from the
-- balance without a payment that would name it; an upgrade's credit names the plan it came from).
ALTER TABLE ledger_entries ADD COLUMN plan_id text;
--> statement-breakpoint
-- /billing's usage charts count days in the account's time zone, so the charted units are kept per
-- UTC hour as well (usage_daily's days are UTC and stay what periods are metered by): customers'
-- messages, outgoing messages (broadcasts apart) and AI replies, by usage_daily's rules. Test chats
-- are not metered.
CREATE TABLE usage_hourly (
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  hour integer NOT NULL,
  metric text NOT NULL,
  quantity integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, hour, metric)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER messages_usage_hourly AFTER INSERT ON messages
WHEN NEW.direction IN ('incoming', 'outgoing') AND NEW.type NOT IN ('tool_call', 'tool_result')
BEGIN
  INSERT INTO usage_hourly (account_id, hour, metric, quantity)
  SELECT NEW.account_id, NEW.created_at / 3600000, k.metric, 1
  FROM threads t JOIN (
    SELECT 'messagesIn' AS metric WHERE NEW.direction = 'incoming'
    UNION ALL SELECT 'messagesOut' WHERE NEW.direction = 'outgoing' AND json_extract(NEW.metadata, '$.broadcastId') IS NULL
    UNION ALL SELECT 'aiReplies' WHERE NEW.direction = 'outgoing' AND NEW.sender_type = 'assistant'
      AND json_extract(NEW.metadata, '$.model') IS NOT NULL AND coalesce(NEW.dedupe_key, '') NOT LIKE 'ai-reply:%:card'
  ) k
  WHERE t.id = NEW.thread_id AND t.is_test = 0
  ON CONFLICT (account_id, hour, metric) DO UPDATE SET quantity = quantity + 1;
END;
--> statement-breakpoint
-- What was there before: the messages of the last 400 days (the charts reach 90 days back).
INSERT INTO usage_hourly (account_id, hour, metric, quantity)
SELECT m.account_id, m.created_at / 3600000 AS h, k.metric, count(*)
FROM messages m
JOIN threads t ON t.id = m.thread_id AND t.is_test = 0
JOIN (SELECT 'messagesIn' AS metric UNION ALL SELECT 'messagesOut' UNION ALL SELECT 'aiReplies') k
  ON (k.metric = 'messagesIn' AND m.direction = 'incoming')
  OR (k.metric = 'messagesOut' AND m.direction = 'outgoing' AND json_extract(m.metadata, '$.broadcastId') IS NULL)
  OR (k.metric = 'aiReplies' AND m.direction = 'outgoing' AND m.sender_type = 'assistant'
      AND json_extract(m.metadata, '$.model') IS NOT NULL AND coalesce(m.dedupe_key, '') NOT LIKE 'ai-reply:%:card')
WHERE m.type NOT IN ('tool_call', 'tool_result') AND m.created_at >= (CAST(strftime('%s', 'now') AS INTEGER) - 400 * 86400) * 1000
GROUP BY m.account_id, h, k.metric
ON CONFLICT (account_id, hour, metric) DO UPDATE SET quantity = excluded.quantity;
