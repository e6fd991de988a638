/**
 * An operator's retry or Charge All request (issue 5, spec sections 3 and 5): recorded as a batch of
 * items, each charged by one `admin.charge` queue job (jobs/admin-charge.ts), and read back as the
 * batch's progress. The server sets every amount (ADMIN_RETRY_CENTS for a song, ADMIN_INITIAL_CHARGE_CENTS
 * for an initial charge); the browser's `amount` is ignored. Ownership is checked with one statement
 * over the whole request (json_each), so a large batch needs no IN list and no query per item.
 */
import { ADMIN_INITIAL_CHARGE_CENTS, ADMIN_RETRY_CENTS } from "@jplay/schema/pricing";
import type { RetryBatchResponse, RetryItemRequest, RetryItemStatus } from "@jplay/schema/admin";
import { AppError, badRequest, notFound } from "../errors";
import type { Job, JobQueue } from "../jobs/job";

/** Items one request may hold: a Charge All larger than this is sent in several requests. */
export const RETRY_BATCH_MAX_ITEMS = 1000;
/** Cloudflare Queues take at most 100 messages per sendBatch call. */
const QUEUE_SEND_BATCH_MAX = 100;

export const NO_FAILED_PAYMENTS_MESSAGE = "There are no failed payments to retry for the selected payment methods.";

/** What the service reads of a requested item; `amount` is never read. */
type RequestedItem = Pick<RetryItemRequest, "paymentMethodId" | "artistId" | "songId">;

export interface RetryDeps {
  d1: D1Database;
  jobs: JobQueue;
}

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
async function assertOwnership(d1: D1Database, items: RequestedItem[]): Promise<void> {
  const { results } = await d1
    .prepare(
      `SELECT CAST(j.key AS INTEGER) AS idx,
         json_extract(j.value, '$.artistId') AS artistId,
         json_extract(j.value, '$.paymentMethodId') AS paymentMethodId,
         json_extract(j.value, '$.songId') AS songId,
         a.id AS artistFound, pm.id AS methodFound, s.id AS songFound
       FROM json_each(?1) j
       LEFT JOIN artists a ON a.id = json_extract(j.value, '$.artistId')
       LEFT JOIN payment_methods pm ON pm.id = json_extract(j.value, '$.paymentMethodId') AND pm.artist_id = a.id
       LEFT JOIN songs s ON s.id = json_extract(j.value, '$.songId') AND s.artist_id = a.id
       ORDER BY idx`,
    )
    .bind(JSON.stringify(items.map(({ artistId, paymentMethodId, songId }) => ({ artistId, paymentMethodId, songId }))))
    .all<OwnershipRow>();
  for (const row of results) {
    if (!row.artistFound) throw badRequest(`No artist ${row.artistId}. Refresh the admin data and try again.`);
    if (!row.methodFound) throw badRequest(`Payment method ${row.paymentMethodId} is not a saved card of artist ${row.artistId}.`);
    if (row.songId !== null && !row.songFound) throw badRequest(`Song ${row.songId} is not a song of artist ${row.artistId}.`);
  }
}

/** Records the batch and its items, then queues one charge job per item. */
export async function createRetryBatch(deps: RetryDeps, requested: RequestedItem[]): Promise<RetryBatchResponse> {
  if (requested.length === 0) throw new AppError(400, "no_failed_payments", NO_FAILED_PAYMENTS_MESSAGE);
  if (requested.length > RETRY_BATCH_MAX_ITEMS) {
    throw badRequest(`At most ${RETRY_BATCH_MAX_ITEMS} payments can be retried at once. Select fewer and try again.`);
  }
  await assertOwnership(deps.d1, requested);
  const items = distinctItems(requested);

  const batchId = crypto.randomUUID();
  const rows = items.map((item) => ({
    id: crypto.randomUUID(),
    artistId: item.artistId,
    songId: item.songId,
    paymentMethodId: item.paymentMethodId,
    amountCents: item.songId === null ? ADMIN_INITIAL_CHARGE_CENTS : ADMIN_RETRY_CENTS,
  }));
  const kind = items.every((item) => item.songId === null) ? "charge_all" : "retry";
  const now = Date.now();
  // One D1 batch is one transaction: the batch and all its items, or nothing.
  await deps.d1.batch([
    deps.d1.prepare("INSERT INTO retry_batches (id, kind, item_count, created_at) VALUES (?1, ?2, ?3, ?4)").bind(batchId, kind, rows.length, now),
    deps.d1
      .prepare(
        `INSERT INTO retry_items (id, batch_id, artist_id, song_id, payment_method_id, amount_cents, status, updated_at)
         SELECT json_extract(value, '$.id'), ?1, json_extract(value, '$.artistId'), json_extract(value, '$.songId'),
           json_extract(value, '$.paymentMethodId'), json_extract(value, '$.amountCents'), 'pending', ?2
         FROM json_each(?3)`,
      )
      .bind(batchId, now, JSON.stringify(rows)),
  ]);

  for (let start = 0; start < rows.length; start += QUEUE_SEND_BATCH_MAX) {
    const chunk = rows.slice(start, start + QUEUE_SEND_BATCH_MAX);
    try {
      await deps.jobs.sendBatch(chunk.map((row) => ({ body: { type: "admin.charge", itemId: row.id } satisfies Job })));
    } catch (error) {
      // Items that never reached the queue would stay pending forever: fail them visibly instead.
      console.error(JSON.stringify({ level: "error", event: "retry_enqueue_failed", batchId, error: String(error) }));
      const unsent = JSON.stringify(rows.slice(start).map((row) => row.id));
      await deps.d1
        .prepare("UPDATE retry_items SET status = 'failed', reason = 'not_queued', updated_at = ?1 WHERE id IN (SELECT value FROM json_each(?2)) AND status = 'pending'")
        .bind(Date.now(), unsent)
        .run();
      break;
    }
  }
  return readRetryBatch(deps.d1, batchId);
}

/**
 * Moves pending items whose payment has settled (the job's own answer, or a Stripe webhook after a
 * timeout) to the payment's outcome. One rule for both the job and progress reads: succeeded stays
 * succeeded; a refusal or `authentication_required` (the artist must act) is skipped; any other
 * decline is failed; the reason is the decline code, else the failure code.
 */
export function settleItemsStatement(d1: D1Database, scope: { batchId: string } | { itemId: string }, now = Date.now()) {
  const [column, value] = "batchId" in scope ? ["batch_id", scope.batchId] : ["id", scope.itemId];
  return d1
    .prepare(
      `UPDATE retry_items SET
         status = CASE
           WHEN p.status = 'succeeded' THEN 'succeeded'
           WHEN p.status = 'skipped' OR coalesce(p.decline_code, p.failure_code) = 'authentication_required' THEN 'skipped'
           ELSE 'failed' END,
         reason = CASE WHEN p.status = 'succeeded' THEN NULL ELSE coalesce(p.decline_code, p.failure_code, 'failed') END,
         updated_at = ?1
       FROM payments p
       WHERE p.retry_item_id = retry_items.id AND retry_items.${column} = ?2
         AND (retry_items.status = 'pending' OR (retry_items.reason = 'job_failed' AND p.status = 'succeeded'))
         AND p.status IN ('succeeded', 'failed', 'skipped')`,
    )
    .bind(now, value);
}

/**
 * A pending item whose job ended in the dead-letter queue (failed_jobs) will not be charged by the
 * queue any more: it fails with reason `job_failed`, so its batch finishes. Should Stripe have taken
 * the payment after all (a webhook settles it later), the rule above turns it into succeeded.
 */
const failDeadLetteredItems = (d1: D1Database, batchId: string, now = Date.now()) =>
  d1
    .prepare(
      `UPDATE retry_items SET status = 'failed', reason = 'job_failed', updated_at = ?1
       WHERE batch_id = ?2 AND status = 'pending' AND EXISTS (
         SELECT 1 FROM failed_jobs f
         WHERE f.job_type = 'admin.charge' AND json_valid(f.payload) AND json_extract(f.payload, '$.itemId') = retry_items.id)`,
    )
    .bind(now, batchId);

/** An item as the progress answer shows it (schema/src/admin.ts). */
type ItemRow = RetryBatchResponse["items"][number];

/** The batch's progress: the spec's summary (`failed` counts failed and skipped), pending, and items. */
export async function readRetryBatch(d1: D1Database, batchId: string): Promise<RetryBatchResponse> {
  const [, , batch, items] = await d1.batch([
    settleItemsStatement(d1, { batchId }),
    failDeadLetteredItems(d1, batchId),
    d1.prepare("SELECT id FROM retry_batches WHERE id = ?1").bind(batchId),
    d1
      .prepare(
        `SELECT id, artist_id AS artistId, song_id AS songId, payment_method_id AS paymentMethodId, amount_cents AS amountCents, status, reason
         FROM retry_items WHERE batch_id = ?1 ORDER BY rowid`,
      )
      .bind(batchId),
  ]);
  if (!batch?.results.length) throw notFound("No such retry batch.");
  const rows = (items?.results ?? []) as ItemRow[];
  const count = (...statuses: RetryItemStatus[]) => rows.filter((row) => statuses.includes(row.status)).length;
  return {
    batchId,
    summary: { succeeded: count("succeeded"), failed: count("failed", "skipped") },
    pending: count("pending"),
    items: rows,
  };
}
