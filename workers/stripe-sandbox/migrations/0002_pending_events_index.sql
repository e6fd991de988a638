-- The events still to be delivered, found without reading every event: after each request the
-- sandbox looks for deliveries that came due (src/webhooks.ts, retryDueEvents), and with one event a
-- Transfer a payout run's 90,000 Transfers made that look read 90,000 rows each time. The query's
-- WHERE repeats this index's, so SQLite uses it (a partial index, https://sqlite.org/partialindex.html).
CREATE INDEX IF NOT EXISTS sandbox_objects_pending_events_idx ON sandbox_objects (object)
  WHERE object = 'event' AND json_extract(data, '$.pending_webhooks') > 0;
