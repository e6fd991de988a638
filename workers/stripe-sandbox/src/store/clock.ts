/**
 * The sandbox's clock: real time plus an offset a test can move forward
 * (`POST /v1/test_helpers/advance_clock`), so what Stripe does hours later (webhook retries, funds
 * becoming available) can be tested now. Unix seconds, as Stripe's timestamps.
 */
import { invalidRequest } from "../http/errors";

const CLOCK_ID = "sandbox_clock";

export async function clockOffsetSeconds(db: D1Database): Promise<number> {
  const row = await db.prepare("SELECT json_extract(data, '$.offset') AS offset FROM sandbox_objects WHERE id = ?").bind(CLOCK_ID).first<{ offset: number }>();
  return row?.offset ?? 0;
}

export async function sandboxNow(db: D1Database): Promise<number> {
  return Math.floor(Date.now() / 1000) + (await clockOffsetSeconds(db));
}

/** Moves the clock forward by `seconds` (never back: Stripe's time does not run backwards). */
export async function advanceClock(db: D1Database, seconds: number): Promise<number> {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 90 * 24 * 60 * 60)
    throw invalidRequest("seconds must be a whole number from 1 to 7776000 (90 days).", { param: "seconds" });
  await db
    .prepare(
      `INSERT INTO sandbox_objects (id, object, data) VALUES (?1, 'sandbox.clock', json_object('offset', ?2))
       ON CONFLICT(id) DO UPDATE SET data = json_set(data, '$.offset', json_extract(data, '$.offset') + ?2)`,
    )
    .bind(CLOCK_ID, seconds)
    .run();
  return sandboxNow(db);
}
