-- Stores a chat message from p_account in p_room once every rule that needs the database allows it
-- (docs/chat.md "Who may write" and "Safety"), in this one statement: one round trip a message.
-- The text's own rules (length, links, addresses, flood) and its repeat key and code-like words
-- are the TypeScript's (src/server/chat/textRules.ts), read before this is called; the settings
-- (CHAT_MIN_ROUNDS, CHAT_RATE and its window, the repeat window) come in as arguments.
-- p_share_bet: the sender's bet to share (p_text is '' then), or NULL for a text.
-- Returns {"message": {id, room, nickname, text, at, share}, "shadow": bool}, or, with nothing
-- written, the first rule broken, in this order:
--   {"refused": "blocked", "reason"}, {"refused": "chatExcluded"},
--   {"refused": "chatMuted", "until", "reason"} (a shadow mute is not a refusal: "shadow" is true),
--   {"refused": "chatRounds", "played"}, {"refused": "chatRate", "oldest"} (the oldest of the last
--   p_rate messages in the window), {"refused": "chatSlow", "slowSeconds", "last"},
--   {"refused": "noSuchBet" | "shareNotOwn" | "shareUnsettled"},
--   {"refused": "chatRepeat" | "chatReferral"}.
-- A per-account advisory lock (first key 2; the betting window's is 1) counts two messages sent
-- at once, from two tabs or two gateways, one after the other.
CREATE OR REPLACE FUNCTION post_chat_message(
  p_account bigint, p_room text, p_text text, p_share_bet bigint, p_repeat_key text, p_code_words text[],
  p_at bigint, p_min_rounds integer, p_rate integer, p_rate_window_ms bigint, p_repeat_window_ms bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_player record;
  v_mute chat_mutes;
  v_shadow boolean := false;
  v_played bigint[] := '{}';
  v_round bigint;
  v_recent record;
  v_slow integer;
  v_last bigint;
  v_bet record;
  v_share jsonb;
  v_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(2, (p_account % 2147483647)::int);
  SELECT a.nickname, a.blocked_reason, e.account_id IS NOT NULL AND (e.until IS NULL OR e.until > p_at) AS excluded
    INTO v_player
    FROM accounts a LEFT JOIN exclusions e ON e.account_id = a.id
    WHERE a.id = p_account;
  IF v_player.blocked_reason <> '' THEN
    RETURN jsonb_build_object('refused', 'blocked', 'reason', v_player.blocked_reason);
  END IF;
  IF v_player.excluded THEN RETURN '{"refused": "chatExcluded"}'; END IF;
  SELECT * INTO v_mute FROM chat_mutes WHERE account_id = p_account AND until > p_at;
  IF FOUND THEN
    IF NOT v_mute.shadow THEN
      RETURN jsonb_build_object('refused', 'chatMuted', 'until', v_mute.until, 'reason', v_mute.reason);
    END IF;
    v_shadow := true;
  END IF;
  IF p_min_rounds > 0 THEN
    -- The rounds played, read until there are p_min_rounds of them: a player holds a few bets a
    -- round at most, so a regular's whole past is never read (and the count is exact below that).
    FOR v_round IN SELECT round_id FROM bets
        WHERE account_id = p_account AND status <> 'CANCELED' AND status <> 'VOID' LOOP
      IF NOT v_round = ANY (v_played) THEN v_played := v_played || v_round; END IF;
      EXIT WHEN cardinality(v_played) >= p_min_rounds;
    END LOOP;
    IF cardinality(v_played) < p_min_rounds THEN
      RETURN jsonb_build_object('refused', 'chatRounds', 'played', cardinality(v_played));
    END IF;
  END IF;

  SELECT count(*) AS n, min(at) AS oldest INTO v_recent FROM (
    SELECT at FROM chat_messages WHERE account_id = p_account AND at > p_at - p_rate_window_ms
    ORDER BY id DESC LIMIT p_rate
  ) recent;
  IF v_recent.n >= p_rate THEN RETURN jsonb_build_object('refused', 'chatRate', 'oldest', v_recent.oldest); END IF;
  SELECT slow_seconds INTO v_slow FROM chat_rooms WHERE room = p_room;
  IF v_slow > 0 THEN
    SELECT at INTO v_last FROM chat_messages WHERE account_id = p_account AND room = p_room ORDER BY id DESC LIMIT 1;
    IF v_last + v_slow * 1000 > p_at THEN
      RETURN jsonb_build_object('refused', 'chatSlow', 'slowSeconds', v_slow, 'last', v_last);
    END IF;
  END IF;

  IF p_share_bet IS NOT NULL THEN
    -- Settled: cashed out, or lost in a round that has ended.
    SELECT b.id, b.account_id, b.round_id, b.amount, b.rate, b.win_amount,
        b.status = 'CASHED_OUT' OR (b.status = 'CREATED' AND r.state = 'ENDED') AS settled
      INTO v_bet
      FROM bets b JOIN rounds r ON r.id = b.round_id WHERE b.id = p_share_bet;
    IF NOT FOUND THEN RETURN '{"refused": "noSuchBet"}'; END IF;
    IF v_bet.account_id <> p_account THEN RETURN '{"refused": "shareNotOwn"}'; END IF;
    IF NOT v_bet.settled THEN RETURN '{"refused": "shareUnsettled"}'; END IF;
    v_share := jsonb_build_object('betId', v_bet.id, 'gameId', v_bet.round_id, 'amount', v_bet.amount,
      'rate', v_bet.rate, 'winAmount', v_bet.win_amount);
  ELSE
    IF EXISTS (SELECT 1 FROM chat_messages WHERE account_id = p_account AND at > p_at - p_repeat_window_ms
        AND repeat_key = p_repeat_key) THEN
      RETURN '{"refused": "chatRepeat"}';
    END IF;
    IF cardinality(p_code_words) > 0 AND EXISTS (SELECT 1 FROM accounts WHERE referral_code = ANY (p_code_words)) THEN
      RETURN '{"refused": "chatReferral"}';
    END IF;
  END IF;

  INSERT INTO chat_messages (room, account_id, text, repeat_key, share_bet_id, at, shadow)
    VALUES (p_room, p_account, p_text, p_repeat_key, p_share_bet, p_at, v_shadow)
    RETURNING id INTO v_id;
  RETURN jsonb_build_object(
    'message', jsonb_build_object(
      'id', v_id, 'room', p_room, 'nickname', v_player.nickname, 'text', p_text, 'at', p_at, 'share', v_share),
    'shadow', v_shadow);
END $$;
