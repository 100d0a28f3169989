-- New tickets' codes are typeable at the door: 16 characters of Crockford's base32 (no I, L, O or
-- U), each picked by one of 16 random bytes (256 is a multiple of 32, so each is as likely), as
-- common/ticket-code.ts makes them. Codes already issued stay as they are.
CREATE OR REPLACE FUNCTION new_ticket_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', get_byte(random.bytes, i) % 32 + 1, 1), '' ORDER BY i)
  FROM (SELECT sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) AS bytes) AS random, generate_series(0, 15) AS i
$$;
