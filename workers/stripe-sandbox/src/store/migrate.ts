/**
 * The sandbox applies its own migrations (../migrations) on its first request in each isolate, so
 * `pnpm dev`, the Worker tests and the browser tests' throw-away servers all start it the same way,
 * with nothing to run beforehand. Each file runs once (recorded in sandbox_migrations).
 */
import init from "../../migrations/0000_init.sql";
import balanceFloor from "../../migrations/0001_balance_floor.sql";
import pendingEventsIndex from "../../migrations/0002_pending_events_index.sql";
import turnstileTokens from "../../migrations/0003_turnstile_tokens.sql";
import connectedBalances from "../../migrations/0005_connected_balances.sql";

/** In order; append new files, never edit applied ones. */
const MIGRATIONS: ReadonlyArray<readonly [name: string, sql: string]> = [
  ["0000_init", init],
  ["0001_balance_floor", balanceFloor],
  ["0002_pending_events_index", pendingEventsIndex],
  ["0003_turnstile_tokens", turnstileTokens],
  ["0005_connected_balances", connectedBalances],
];

const statementsOf = (sql: string) =>
  sql
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter(Boolean);

async function applyMigrations(db: D1Database): Promise<void> {
  await db.prepare("CREATE TABLE IF NOT EXISTS sandbox_migrations (name text PRIMARY KEY NOT NULL)").run();
  const { results } = await db.prepare("SELECT name FROM sandbox_migrations").all<{ name: string }>();
  const applied = new Set(results.map((row) => row.name));
  for (const [name, sql] of MIGRATIONS) {
    if (applied.has(name)) continue;
    await db.batch([
      ...statementsOf(sql).map((statement) => db.prepare(statement)),
      db.prepare("INSERT INTO sandbox_migrations (name) VALUES (?) ON CONFLICT DO NOTHING").bind(name),
    ]);
  }
}

let migrated: Promise<void> | undefined;

/** Resolves once the schema is current; a failure is retried on the next request. */
export function ensureMigrated(db: D1Database): Promise<void> {
  migrated ??= applyMigrations(db).catch((error: unknown) => {
    migrated = undefined;
    throw error;
  });
  return migrated;
}
