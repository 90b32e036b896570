-- Raised by a bet cleared at a rules version that has moved since (the platform checks it again).
CREATE OR REPLACE FUNCTION pre_bet_rules_moved() RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'OR109', MESSAGE = 'pre_bet_rules_moved';
END
$$;
