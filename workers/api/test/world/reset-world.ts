/**
 * A fresh world for each test file, in the runtime the file shares with the others of its slot: a new
 * world stamp first (late jobs of the last file are dropped: test-world.ts), then the Stripe sandbox as
 * a new deployment finds it, every table of D1 emptied in one batch, every object of R2 deleted, a
 * new catalogue generation in the edge cache and the payout pacer idle. The setup (setup-world.ts) then makes the
 * product's webhook endpoints again, as the first file found them.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { purgeCatalogue } from "../../src/catalogue/edge-cache";
import { PACER_NAME, type TransferPacer } from "../../src/ledger/transfer-pacer";
import { SANDBOX_SECRET_KEY } from "../../src/platform/stripe-client";
import { startNextWorld } from "./test-world";

/** Tables that hold the schema's own state, not the world's. */
const SCHEMA_TABLES = new Set(["d1_migrations"]);
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface SchemaRow {
  type: "table" | "trigger";
  name: string;
  sql: string | null;
}

/**
 * Empties every table in one transaction. Append-only tables refuse DELETE by trigger: their
 * triggers are dropped and made again inside the same batch. Foreign keys are checked at commit,
 * when every table is empty. An FTS5 table is emptied through itself, never through its shadow tables.
 */
export async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .all<SchemaRow>();
  const virtualTables = results.filter((row) => row.type === "table" && /^CREATE VIRTUAL TABLE/i.test(row.sql ?? "")).map((row) => row.name);
  const isShadowTable = (name: string) => virtualTables.some((virtual) => name.startsWith(`${virtual}_`));
  const tables = results.filter((row) => row.type === "table" && !SCHEMA_TABLES.has(row.name) && !isShadowTable(row.name));
  const triggers = results.filter((row) => row.type === "trigger" && row.sql);
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = ON"),
    ...triggers.map((trigger) => db.prepare(`DROP TRIGGER ${quoted(trigger.name)}`)),
    ...tables.map((table) => db.prepare(`DELETE FROM ${quoted(table.name)}`)),
    ...triggers.map((trigger) => db.prepare(trigger.sql!)),
  ]);
}

/** Deletes every object of `bucket`, a page at a time. */
export async function emptyBucket(bucket: R2Bucket): Promise<void> {
  for (;;) {
    const page = await bucket.list({ limit: 1000 });
    if (page.objects.length === 0) return;
    await bucket.delete(page.objects.map((object) => object.key));
  }
}

async function resetSandbox(): Promise<void> {
  if (!env.STRIPE_SANDBOX) throw new Error("the Worker tests run with the Stripe sandbox beside the product (vitest.config.ts)");
  const answer = await env.STRIPE_SANDBOX.fetch("http://stripe-sandbox/v1/test_helpers/reset", {
    method: "POST",
    headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
  });
  if (!answer.ok) throw new Error(`the Stripe sandbox refused to reset: ${answer.status} ${await answer.text()}`);
}

/**
 * The payout pacer as an idle one holds it: no send time reserved. Its times live in the Durable
 * Object's memory, which outlives a file; a file that paced thousands of Transfers would make the
 * next one wait for them.
 */
async function idlePacer(): Promise<void> {
  await runInDurableObject(env.TRANSFER_PACER.getByName(PACER_NAME), (pacer: TransferPacer) => {
    Object.assign(pacer, { nextAnyAt: 0, nextTransferAt: 0 });
  });
}

export async function resetWorld(): Promise<void> {
  startNextWorld();
  await resetSandbox();
  await emptyDatabase(env.DB);
  await emptyBucket(env.MEDIA);
  await purgeCatalogue();
  await idlePacer();
}
