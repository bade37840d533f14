-- Billing, hand-written.
-- 1. The free plan «Пробный» gave 5 assistants, 5 channels and 5 seats (the seed of 0024_billing_sql),
-- more than the paid «Старт» (3 / 3 / 3), and its description spoke of one channel. It now includes
-- what «Старт» does (three assistants, the three messengers, three seats: the owner, an administrator
-- and an operator, so the first hour can connect every messenger and try every role), with fewer
-- replies and messages; its description says so. Only the seeded row still holding the seeded caps
-- changes (and its description only while it is the seeded one): an administrator's edits are kept.
UPDATE plans SET included = json_set(included, '$.assistants', 3, '$.channels', 3, '$.seats', 3),
  description = CASE WHEN description = 'Бесплатно: попробовать ассистента на одном канале' THEN 'Бесплатно: попробовать ассистентов во всех мессенджерах' ELSE description END,
  updated_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000
WHERE id = '0000000000plantrial' AND code = 'trial'
  AND json_extract(included, '$.assistants') = 5 AND json_extract(included, '$.channels') = 5 AND json_extract(included, '$.seats') = 5;
--> statement-breakpoint
-- 2. A saved card is named by its type and last four digits ("MasterCard •••• 4444", as /payment-info
-- shows it, the same in every interface language), not by the provider's English title ("Bank card
-- *4444"); features/billing/method-title.ts names new ones so.
UPDATE payment_methods SET title = trim(coalesce(card_type, '') || ' •••• ' || card_last4), updated_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000
WHERE type = 'bank_card' AND card_last4 IS NOT NULL AND card_last4 <> '' AND title <> trim(coalesce(card_type, '') || ' •••• ' || card_last4);
--> statement-breakpoint
-- The payments made with a card that is still saved take its name; the others keep their last four digits.
UPDATE payments SET method_title = (SELECT m.title FROM payment_methods m WHERE m.id = payments.payment_method_id AND m.account_id = payments.account_id)
WHERE method_title LIKE 'Bank card *%'
  AND EXISTS (SELECT 1 FROM payment_methods m WHERE m.id = payments.payment_method_id AND m.account_id = payments.account_id AND m.type = 'bank_card' AND m.card_last4 = substr(payments.method_title, -4));
--> statement-breakpoint
UPDATE payments SET method_title = '•••• ' || substr(method_title, -4)
WHERE method_title LIKE 'Bank card *____' AND substr(method_title, -4) GLOB '[0-9][0-9][0-9][0-9]';
