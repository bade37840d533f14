-- Billing, hand-written: the triggers that keep usage, balances and subscriptions current as rows are
-- committed, the seeded plans, and the subscriptions and usage of accounts that existed before.

-- The price list (features/billing/plans.ts). Money in kopecks; yearly = 10 months (two free).
INSERT INTO plans (id, code, name, description, monthly_price_kopecks, yearly_price_kopecks, included, overage, active, sort_order, created_at, updated_at) VALUES
('0000000000plantrial', 'trial', 'Пробный', 'Бесплатно: попробовать ассистента на одном канале', 0, 0,
 '{"aiReplies":500,"messagesIn":2000,"messagesOut":2000,"broadcastRecipients":100,"assistants":5,"channels":5,"seats":5}',
 '{"aiReplies":300,"messagesIn":5,"messagesOut":5,"broadcastRecipients":0}', 1, 0, 0, 0),
('0000000000planstart', 'start', 'Старт', 'Небольшой бизнес: один-два канала и ассистент', 199000, 1990000,
 '{"aiReplies":2000,"messagesIn":10000,"messagesOut":10000,"broadcastRecipients":1000,"assistants":3,"channels":3,"seats":3}',
 '{"aiReplies":250,"messagesIn":5,"messagesOut":5,"broadcastRecipients":0}', 1, 1, 0, 0),
('0000000planbusiness', 'business', 'Бизнес', 'Растущая команда: все мессенджеры, рассылки, операторы', 499000, 4990000,
 '{"aiReplies":10000,"messagesIn":50000,"messagesOut":50000,"broadcastRecipients":5000,"assistants":10,"channels":10,"seats":10}',
 '{"aiReplies":200,"messagesIn":3,"messagesOut":3,"broadcastRecipients":0}', 1, 2, 0, 0),
('000000000000planpro', 'pro', 'Профи', 'Большие объёмы: много ассистентов, каналов и операторов', 1499000, 14990000,
 '{"aiReplies":50000,"messagesIn":250000,"messagesOut":250000,"broadcastRecipients":25000,"assistants":50,"channels":30,"seats":50}',
 '{"aiReplies":150,"messagesIn":2,"messagesOut":2,"broadcastRecipients":0}', 1, 3, 0, 0);
--> statement-breakpoint
-- A new account starts on the trial plan, its period aligned to UTC midnight.
CREATE TRIGGER accounts_start_trial AFTER INSERT ON accounts BEGIN
  INSERT INTO subscriptions (account_id, plan_id, billing_period, status, period_start, period_end, created_at, updated_at)
  SELECT NEW.id, p.id, 'month', 'active', (NEW.created_at / 86400000) * 86400000,
    CAST(strftime('%s', date(NEW.created_at / 1000, 'unixepoch', '+1 month')) AS INTEGER) * 1000, NEW.created_at, NEW.created_at
  FROM plans p WHERE p.code = 'trial'
  ON CONFLICT (account_id) DO NOTHING;
END;
--> statement-breakpoint
INSERT INTO subscriptions (account_id, plan_id, billing_period, status, period_start, period_end, created_at, updated_at)
SELECT a.id, p.id, 'month', 'active', CAST(strftime('%s', 'now', 'start of day') AS INTEGER) * 1000,
  CAST(strftime('%s', 'now', 'start of day', '+1 month') AS INTEGER) * 1000, a.created_at, a.created_at
FROM accounts a JOIN plans p ON p.code = 'trial' WHERE 1
ON CONFLICT (account_id) DO NOTHING;
--> statement-breakpoint
-- The balance is the sum of the ledger: each inserted row adds its amount in the same statement.
CREATE TRIGGER ledger_entries_balance AFTER INSERT ON ledger_entries BEGIN
  INSERT INTO account_balances (account_id, balance_kopecks, updated_at) VALUES (NEW.account_id, NEW.amount_kopecks, NEW.created_at)
  ON CONFLICT (account_id) DO UPDATE SET balance_kopecks = balance_kopecks + excluded.balance_kopecks, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE ON ledger_entries BEGIN
  SELECT RAISE(ABORT, 'ledger rows never change: add a new row');
END;
--> statement-breakpoint
-- Messages per UTC day, channel and direction (broadcast sends apart), and AI replies per model.
-- Test chats are not metered.
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
  ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + 1;
END;
--> statement-breakpoint
-- Model tokens in and out per UTC day and model, from the runner's ai_tokens usage events.
CREATE TRIGGER usage_events_usage_daily AFTER INSERT ON usage_events
WHEN NEW.kind = 'ai_tokens'
BEGIN
  INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
  SELECT NEW.account_id, NEW.day, 'tokensIn', m.model, coalesce(json_extract(NEW.meta, '$.promptTokens'), 0)
  FROM (SELECT coalesce(json_extract(NEW.meta, '$.model'), (SELECT a.model FROM assistants a WHERE a.id = json_extract(NEW.meta, '$.assistantId')), '') AS model) m WHERE 1
  ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + excluded.quantity;
  INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
  SELECT NEW.account_id, NEW.day, 'tokensOut', m.model, coalesce(json_extract(NEW.meta, '$.completionTokens'), 0)
  FROM (SELECT coalesce(json_extract(NEW.meta, '$.model'), (SELECT a.model FROM assistants a WHERE a.id = json_extract(NEW.meta, '$.assistantId')), '') AS model) m WHERE 1
  ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + excluded.quantity;
END;
--> statement-breakpoint
-- What was there before the triggers: messages and tokens already stored.
INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
SELECT m.account_id, strftime('%Y-%m-%d', m.created_at / 1000, 'unixepoch') AS d,
  CASE WHEN m.direction = 'incoming' THEN 'messagesIn' WHEN json_extract(m.metadata, '$.broadcastId') IS NOT NULL THEN 'broadcastRecipients' ELSE 'messagesOut' END AS metric,
  coalesce(t.channel_id, '') AS dim, count(*)
FROM messages m JOIN threads t ON t.id = m.thread_id
WHERE t.is_test = 0 AND m.direction IN ('incoming', 'outgoing') AND m.type NOT IN ('tool_call', 'tool_result')
GROUP BY m.account_id, d, metric, dim
ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + excluded.quantity;
--> statement-breakpoint
INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
SELECT m.account_id, strftime('%Y-%m-%d', m.created_at / 1000, 'unixepoch') AS d, 'aiReplies', coalesce(json_extract(m.metadata, '$.model'), '') AS dim, count(*)
FROM messages m JOIN threads t ON t.id = m.thread_id
WHERE t.is_test = 0 AND m.sender_type = 'assistant' AND m.type = 'text' AND m.direction = 'outgoing'
GROUP BY m.account_id, d, dim
ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + excluded.quantity;
