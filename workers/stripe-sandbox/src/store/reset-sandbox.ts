/**
 * The sandbox as a fresh deployment finds it: every table emptied (the clock, faults, billing and
 * webhook settings live there too) and the request-rate limits back to the deployment's setting.
 * Test runtimes run their files one after another in one sandbox; each file starts from here
 * (`POST /v1/test_helpers/reset`; the product's test harness calls it before every file).
 */
import { setRateLimits } from "../http/rate-limits";

/** The migrations' own record stays: the tables stay migrated. */
const KEPT_TABLES = new Set(["sandbox_migrations"]);

export async function resetSandbox(db: D1Database): Promise<{ tables: number }> {
  const { results } = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .all<{ name: string }>();
  const emptied = results.map((row) => row.name).filter((name) => !KEPT_TABLES.has(name));
  if (emptied.length > 0) await db.batch(emptied.map((name) => db.prepare(`DELETE FROM "${name.replaceAll('"', '""')}"`)));
  setRateLimits(undefined);
  return { tables: emptied.length };
}
