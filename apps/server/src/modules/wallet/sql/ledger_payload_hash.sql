-- The ledger's payload hash of a transfer, as the Ledger computes it in TypeScript:
-- base64url(sha256(JSON.stringify([kind, reference, currency, amount, from, to]))).
CREATE OR REPLACE FUNCTION ledger_payload_hash(p_kind text, p_reference text, p_currency text, p_amount bigint, p_from text, p_to text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT translate(rtrim(encode(sha256(convert_to(
    '[' || to_json(p_kind)::text || ',' || to_json(p_reference)::text || ',' || to_json(p_currency)::text || ',' || p_amount::text || ','
        || to_json(p_from)::text || ',' || to_json(p_to)::text || ']', 'UTF8')), 'base64'), '='), '+/', '-_')
$$;
