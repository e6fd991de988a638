/**
 * The admin payment overview's summary counts (Total Artists, Payment Methods, Pending Payments), kept
 * in one row of admin_summary_counts and counted again at most once a minute, after the answer: counting
 * reads every card and every pending song (an index walk that grows with the artists, 150–300 ms at
 * 100,000), so the first page answers from the stored row, a primary-key read. The counts shown are at
 * most a minute older than the list — the portal polls every minute anyway
 * (docs/decisions/072-admin-counts-and-payout-run-at-scale.md). Only the first count ever is made while
 * the operator waits, and the one the operator asks for with the portal's Refresh button.
 */
import { eq, sql } from "drizzle-orm";
import { waitUntil } from "cloudflare:workers";
import { adminSummaryCounts } from "@jplay/schema/tables";
import type { AdminPaymentsResponse } from "@jplay/schema/admin";
import type { Ctx } from "../../platform/context";
import type { Db } from "../../platform/db";

/** How long stored counts are answered before they are counted again. */
export const ADMIN_SUMMARY_FRESH_MS = 60_000;

/** Payment statuses that mean "a charge for this song is claimed or in flight". */
export const PROCESSING_PAYMENT_STATUSES = ["claimed", "processing", "requires_action"] as const;

type Summary = NonNullable<AdminPaymentsResponse["summary"]>;

/** The stored counts, for the first page's batch. */
export const storedSummaryQuery = (db: Db) => db.select().from(adminSummaryCounts).where(eq(adminSummaryCounts.id, 1)).limit(1);

/**
 * Counts over every artist with a card, from indexes (payment_methods_artist_idx,
 * songs_status_artist_idx, payments_status_idx), and stores them with `now` — unless counts newer than
 * `freshForMs` are stored already (an answer that found them stale while another was counting): one
 * statement, so D1 runs the check and the write together.
 */
async function recount(ctx: Ctx, now: number, freshForMs = ADMIN_SUMMARY_FRESH_MS): Promise<void> {
  const inFlight = sql.join(
    PROCESSING_PAYMENT_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  await ctx.db.run(sql`insert into admin_summary_counts (id, total_artists, payment_methods, pending_payments, counted_at)
    select 1,
      (select count(distinct artist_id) from payment_methods),
      (select count(*) from payment_methods),
      (select count(*) from songs s where s.status = 'pending'
        and exists (select 1 from payment_methods pm where pm.artist_id = s.artist_id))
      + (select count(distinct p.song_id) from payments p join songs s on s.id = p.song_id
        where p.status in (${inFlight}) and s.status <> 'pending'
        and exists (select 1 from payment_methods pm where pm.artist_id = s.artist_id)),
      ${now}
    where not exists (select 1 from admin_summary_counts where id = 1 and counted_at > ${now - freshForMs})
    on conflict (id) do update set total_artists = excluded.total_artists, payment_methods = excluded.payment_methods,
      pending_payments = excluded.pending_payments, counted_at = excluded.counted_at`);
}

/**
 * The summary from the stored row the first page's batch read: counted now when none is stored yet;
 * when it is older than a minute, answered as it is and counted again after the answer.
 */
export async function adminSummary(ctx: Ctx, stored: typeof adminSummaryCounts.$inferSelect | undefined): Promise<Summary> {
  const now = ctx.now();
  let counts = stored;
  if (!counts) {
    await recount(ctx, now);
    [counts] = await storedSummaryQuery(ctx.db);
  } else if (counts.countedAt <= now - ADMIN_SUMMARY_FRESH_MS) {
    waitUntil(recount(ctx, now));
  }
  return summaryOf(counts);
}

function summaryOf(counts: typeof adminSummaryCounts.$inferSelect | undefined): Summary {
  if (!counts) throw new Error("admin_summary_counts: no row after counting");
  return { totalArtists: counts.totalArtists, paymentMethods: counts.paymentMethods, pendingPayments: counts.pendingPayments };
}

/**
 * `POST /api/admin/payments/summary`: counts now, whatever is stored, and answers the new counts. The
 * portal's Refresh asks for it before reading the list again, so an operator who refreshes sees counts
 * as current as the list under them.
 */
export async function recountAdminSummary(ctx: Ctx): Promise<Summary> {
  await recount(ctx, ctx.now(), 0);
  const [counts] = await storedSummaryQuery(ctx.db);
  return summaryOf(counts);
}
