-- Analytics' «исходящих» (messagesOut) without the broadcast messages that never went out
-- (hand-written). A broadcast's message is stored (and counted by messages_analytics, 0047) when the
-- pump hands it to the sender, before it is sent; a pause or a cancel deletes the ones the sender has
-- not taken yet (still pending, no messenger id), and a resume stores them again. They stayed counted,
-- so a paused or cancelled broadcast showed more outgoing messages than went out, and a resumed one
-- counted its pulled-back recipients twice.
-- The rule: an outgoing message counts when it is stored, and a broadcast's message deleted before it
-- was sent is taken back from the hour, channel and assistant it was counted in (as 0045's
-- messages_usage_daily_unsent takes it back from billing's usage). Never below zero. Other deletes
-- (clearing a chat) keep their history: those messages went out. Replies are not touched: a
-- broadcast's message is none (0047).
-- The figures stored before cannot be recounted: a deleted message leaves no trace of the hour or
-- channel it was counted in (nor how many times a recipient was pulled back), so they stay as they are.
CREATE TRIGGER messages_analytics_unsent AFTER DELETE ON messages
WHEN OLD.direction = 'outgoing' AND OLD.type NOT IN ('tool_call', 'tool_result')
  AND OLD.delivery_status = 'pending' AND OLD.platform_message_id IS NULL
  AND json_extract(OLD.metadata, '$.broadcastId') IS NOT NULL
BEGIN
  UPDATE analytics_hourly SET quantity = quantity - 1
  WHERE account_id = OLD.account_id AND hour = OLD.created_at / 3600000 AND metric = 'messagesOut' AND dim = '' AND quantity > 0
    AND (channel_id, assistant_id) = (SELECT coalesce(t.channel_id, ''), coalesce(t.assistant_id, '') FROM threads t WHERE t.id = OLD.thread_id AND t.is_test = 0);
END;
