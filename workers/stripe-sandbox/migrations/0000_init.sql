-- The Stripe sandbox's state: Stripe objects as JSON rows, and answers stored per idempotency key.
CREATE TABLE IF NOT EXISTS sandbox_objects (
  id text PRIMARY KEY NOT NULL,
  object text NOT NULL,
  data text NOT NULL,
  created_at integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
CREATE INDEX IF NOT EXISTS sandbox_objects_object_idx ON sandbox_objects (object);
CREATE TABLE IF NOT EXISTS sandbox_idempotency (
  key text PRIMARY KEY NOT NULL,
  request_fingerprint text NOT NULL,
  status integer NOT NULL,
  body text NOT NULL,
  created_at integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
