-- The Turnstile stand-in's tokens (src/turnstile.ts): each issued by the stand-in's widget, spent by
-- one siteverify call, and useless 300 seconds after it was issued, as Cloudflare's are.
CREATE TABLE IF NOT EXISTS turnstile_tokens (
  token text PRIMARY KEY NOT NULL,
  sitekey text NOT NULL,
  action text,
  hostname text NOT NULL,
  issued_at integer NOT NULL,
  spent_at integer
);
