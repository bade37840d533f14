-- Analytics' «исходящих» (messagesOut) count the messages that went out (hand-written): an outgoing
-- message is counted when it is stored (0047), and a broadcast's message pulled back before it was
-- sent is taken back (0052). A message the messenger refused (delivery 'failed': the send failed for
-- good, or it may have gone out and is not retried) was still counted, so a broadcast to a list with
-- blocked or unknown recipients showed more outgoing messages than went out.
-- The rule now: a message turning 'failed' is taken back from the hour, channel and assistant it was
-- counted in (never below zero), and counted again if it leaves 'failed' (a later attempt sent it, or
-- an administrator replayed it from the dead letters). Every outgoing message, not only broadcasts':
-- an operator's or the assistant's reply that never reached the customer did not go out either.
-- Reply counters (aiReplies, operatorReplies, response times) are not touched: the answer was given.
-- Figures stored before keep their failed messages (they could be recounted, but the hours are
-- closed: a day's figures do not move when read later).
CREATE TRIGGER messages_analytics_failed AFTER UPDATE OF delivery_status ON messages
WHEN NEW.direction = 'outgoing' AND NEW.type NOT IN ('tool_call', 'tool_result')
  AND NEW.delivery_status = 'failed' AND coalesce(OLD.delivery_status, '') <> 'failed'
BEGIN
  UPDATE analytics_hourly SET quantity = quantity - 1
  WHERE account_id = NEW.account_id AND hour = NEW.created_at / 3600000 AND metric = 'messagesOut' AND dim = '' AND quantity > 0
    AND (channel_id, assistant_id) = (SELECT coalesce(t.channel_id, ''), coalesce(t.assistant_id, '') FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0);
END;
--> statement-breakpoint
CREATE TRIGGER messages_analytics_unfailed AFTER UPDATE OF delivery_status ON messages
WHEN NEW.direction = 'outgoing' AND NEW.type NOT IN ('tool_call', 'tool_result')
  AND OLD.delivery_status = 'failed' AND coalesce(NEW.delivery_status, '') <> 'failed'
BEGIN
  INSERT INTO analytics_hourly (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
  SELECT NEW.account_id, NEW.created_at / 3600000, 'messagesOut', coalesce(t.channel_id, ''), coalesce(t.assistant_id, ''), '', 1
  FROM threads t WHERE t.id = NEW.thread_id AND t.is_test = 0
  ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = quantity + 1;
END;
