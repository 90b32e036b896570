-- Raised by a bet in a game session whose sign-in session has been ended (the wallet answers
-- invalid_session, or the first answer of a bet sent again).
CREATE OR REPLACE FUNCTION game_session_ended() RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'OR110', MESSAGE = 'game_session_ended';
END
$$;
