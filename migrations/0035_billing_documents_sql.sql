-- Auto top-up charges once per crossing of the threshold: the billing tick clears
-- subscriptions.auto_topup_armed when it charges, and this trigger sets it again as soon as a
-- ledger row brings the balance back to the threshold or above (a PK lookup, only when disarmed).
CREATE TRIGGER account_balances_rearm_auto_topup AFTER UPDATE OF balance_kopecks ON account_balances
WHEN NEW.balance_kopecks >= (SELECT s.auto_topup_threshold_kopecks FROM subscriptions s WHERE s.account_id = NEW.account_id AND s.auto_topup_armed = 0)
BEGIN
  UPDATE subscriptions SET auto_topup_armed = 1 WHERE account_id = NEW.account_id AND auto_topup_armed = 0;
END;
