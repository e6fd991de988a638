/**
 * An operator's retry or Charge All request (docs/artists-and-operators.md, "Admin portal"): recorded as a batch of
 * items, each charged by one `admin.charge` queue job (payments/jobs/admin-charge.ts), and read back as the
 * batch's progress. The server sets every amount (ADMIN_RETRY_CENTS for a song, ADMIN_INITIAL_CHARGE_CENTS
 * for an initial charge); the browser's `amount` is ignored. Ownership is checked with one statement
 * over the whole request (json_each), so a large batch needs no IN list and no query per item. The batch,
 * its items and one audit record per item naming the operator are written in one D1 batch
 * (docs/decisions/087-audit-log-hash-chain.md).
 */
import { ADMIN_INITIAL_CHARGE_CENTS, ADMIN_RETRY_CENTS } from "@jplay/schema/pricing";
import { formatMoney } from "@jplay/schema/language";
import type { RetryBatchResponse, RetryItemRequest, RetryItemStatus } from "@jplay/schema/admin";
import { and, eq, sql } from "drizzle-orm";
import { retryBatches, retryItems } from "@jplay/schema/tables";
import { auditEntry } from "../../platform/audit-log";
import type { Ctx } from "../../platform/context";
import { runBatch } from "../../platform/db";
import { AppError, badRequest, notFound } from "../../platform/errors";
import type { Job } from "../../platform/job";
import { failDeadLetteredItems, settleRetryItems } from "./retry-items";
import { loggableError } from "../../platform/loggable-error";

/** Items one request may hold: a Charge All larger than this is sent in several requests. */
export const RETRY_BATCH_MAX_ITEMS = 1000;
/** Cloudflare Queues take at most 100 messages per sendBatch call. */
const QUEUE_SEND_BATCH_MAX = 100;

export const NO_FAILED_PAYMENTS_MESSAGE = "There are no failed payments to retry for the selected payment methods.";

/** What the service reads of a requested item; `amount` is never read. */
type RequestedItem = Pick<RetryItemRequest, "paymentMethodId" | "artistId" | "songId">;

interface OwnershipRow {
  idx: number;
  artistId: string;
  paymentMethodId: string;
  songId: string | null;
  artistFound: string | null;
  methodFound: string | null;
  songFound: string | null;
}

/** One item per (artist, song): the same song or initial charge twice in one request is charged once. */
function distinctItems(items: RequestedItem[]): RequestedItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.artistId}\u0000${item.songId ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** 400 with a message naming the first item that is not the artist's own card or song. */
async function assertOwnership(ctx: Ctx, items: RequestedItem[]): Promise<void> {
  // One statement over the whole request: the items travel as one JSON parameter (json_each), which
  // drizzle's builder cannot join against, hence raw SQL.
  const requested = JSON.stringify(items.map(({ artistId, paymentMethodId, songId }) => ({ artistId, paymentMethodId, songId })));
  const rows = await ctx.db.all<OwnershipRow>(sql`
    select cast(j.key as integer) as idx,
      json_extract(j.value, '$.artistId') as artistId,
      json_extract(j.value, '$.paymentMethodId') as paymentMethodId,
      json_extract(j.value, '$.songId') as songId,
      a.id as artistFound, pm.id as methodFound, s.id as songFound
    from json_each(${requested}) j
    left join artists a on a.id = json_extract(j.value, '$.artistId')
    left join payment_methods pm on pm.id = json_extract(j.value, '$.paymentMethodId') and pm.artist_id = a.id
    left join songs s on s.id = json_extract(j.value, '$.songId') and s.artist_id = a.id
    order by idx`);
  for (const row of rows) {
    if (!row.artistFound) throw badRequest(`No artist ${row.artistId}. Refresh the admin data and try again.`);
    if (!row.methodFound) throw badRequest(`Payment method ${row.paymentMethodId} is not a saved card of artist ${row.artistId}.`);
    if (row.songId !== null && !row.songFound) throw badRequest(`Song ${row.songId} is not a song of artist ${row.artistId}.`);
  }
}

/** Records the batch, its items and the operator's audit records, then queues one charge job per item. */
export async function createRetryBatch(ctx: Ctx, requested: RequestedItem[], operator: string): Promise<RetryBatchResponse> {
  if (requested.length === 0) throw new AppError(400, "no_failed_payments", NO_FAILED_PAYMENTS_MESSAGE);
  if (requested.length > RETRY_BATCH_MAX_ITEMS) {
    throw badRequest(`At most ${RETRY_BATCH_MAX_ITEMS} payments can be retried at once. Select fewer and try again.`);
  }
  const { db } = ctx;
  await assertOwnership(ctx, requested);
  const items = distinctItems(requested);

  const batchId = crypto.randomUUID();
  const rows = items.map((item) => {
    const amountCents = item.songId === null ? ADMIN_INITIAL_CHARGE_CENTS : ADMIN_RETRY_CENTS;
    const charge = item.songId === null ? "Initial charge" : "Retry of a failed song's charge";
    return {
      id: crypto.randomUUID(),
      artistId: item.artistId,
      songId: item.songId,
      paymentMethodId: item.paymentMethodId,
      amountCents,
      detail: `${charge}: ${formatMoney(amountCents, "en")} on card ${item.paymentMethodId} (retry batch ${batchId})`,
    };
  });
  const kind = items.every((item) => item.songId === null) ? "charge_all" : "retry";
  const now = ctx.now();
  const itemsJson = JSON.stringify(rows);
  // One D1 batch is one transaction: the batch, all its items and their audit records, or nothing. The
  // items travel as one JSON parameter (D1 binds at most 100 per statement).
  await runBatch(db, [
    sql`insert into retry_batches (id, kind, item_count, created_at) values (${batchId}, ${kind}, ${rows.length}, ${now})`,
    sql`
      insert into retry_items (id, batch_id, artist_id, song_id, payment_method_id, amount_cents, status, reason, updated_at)
      select json_extract(value, '$.id'), ${batchId}, json_extract(value, '$.artistId'), json_extract(value, '$.songId'),
        json_extract(value, '$.paymentMethodId'), json_extract(value, '$.amountCents'), 'pending', null, ${now}
      from json_each(${itemsJson})`,
    auditEntry(
      {
        at: now,
        actor: operator,
        action: "charge_retry",
        artistId: sql`json_extract(value, '$.artistId')`,
        songId: sql`json_extract(value, '$.songId')`,
        detail: sql`json_extract(value, '$.detail')`,
      },
      undefined,
      sql`json_each(${itemsJson})`,
    ),
  ]);

  for (let start = 0; start < rows.length; start += QUEUE_SEND_BATCH_MAX) {
    const chunk = rows.slice(start, start + QUEUE_SEND_BATCH_MAX);
    try {
      await ctx.jobs.sendBatch(chunk.map((row) => ({ body: { type: "admin.charge", itemId: row.id } satisfies Job })));
    } catch (error) {
      // Items that never reached the queue would stay pending forever: fail them visibly instead.
      console.error(JSON.stringify({ level: "error", event: "retry_enqueue_failed", batchId, ...loggableError(error) }));
      const unsent = JSON.stringify(rows.slice(start).map((row) => row.id));
      await db
        .update(retryItems)
        .set({ status: "failed", reason: "not_queued", updatedAt: ctx.now() })
        .where(and(sql`${retryItems.id} in (select value from json_each(${unsent}))`, eq(retryItems.status, "pending")));
      break;
    }
  }
  return readRetryBatch(ctx, batchId);
}

/** The batch's progress: the admin screen's summary (`failed` counts failed and skipped), pending, and items. */
export async function readRetryBatch(ctx: Ctx, batchId: string): Promise<RetryBatchResponse> {
  const { db } = ctx;
  const [, , batch, rows] = await db.batch([
    settleRetryItems(db, { batchId }),
    failDeadLetteredItems(db, batchId),
    db.select({ id: retryBatches.id }).from(retryBatches).where(eq(retryBatches.id, batchId)).limit(1),
    db
      .select({
        id: retryItems.id,
        artistId: retryItems.artistId,
        songId: retryItems.songId,
        paymentMethodId: retryItems.paymentMethodId,
        amountCents: retryItems.amountCents,
        status: retryItems.status,
        reason: retryItems.reason,
      })
      .from(retryItems)
      .where(eq(retryItems.batchId, batchId))
      .orderBy(sql`rowid`),
  ]);
  if (batch.length === 0) throw notFound("No such retry batch.");
  const count = (...statuses: RetryItemStatus[]) => rows.filter((row) => statuses.includes(row.status)).length;
  return {
    batchId,
    summary: { succeeded: count("succeeded"), failed: count("failed", "skipped") },
    pending: count("pending"),
    items: rows,
  };
}
