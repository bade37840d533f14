-- A plan paid from the account's balance: the balance pays first and the card the rest (or nothing,
-- when the balance covers the price). The payment records the balance's part (hand-annotated).
ALTER TABLE `payments` ADD `from_balance_kopecks` integer DEFAULT 0 NOT NULL;
