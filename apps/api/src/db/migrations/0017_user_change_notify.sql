-- Every API process keeps the users it has authenticated (http/known-users.ts) instead of reading
-- the user on each request. Any change to a user row, committed, tells every process to forget
-- that user; so a deactivation, a role change or ended sessions (token_version) take effect at once.
CREATE FUNCTION kontor_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('kontor_user_changed', '*');
  ELSE
    PERFORM pg_notify('kontor_user_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION kontor_user_changed();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION kontor_user_changed();
