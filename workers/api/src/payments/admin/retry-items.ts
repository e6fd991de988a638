/**
 * One item of an operator's retry or Charge All batch, read and written for the `admin.charge` job
 * (payments/jobs/admin-charge.ts) and the batch's progress (payments/admin/admin-retry.ts): the item with the card,
 * customer and song it charges; why it must not be charged at all; skipping it; and copying its
 * payment's outcome onto it. The job decides what to do; the SQL lives here.
 */
import { and, eq, exists, inArray, ne, or, sql } from "drizzle-orm";
import { artists, failedJobs, OPEN_PAYMENT_STATUSES, paymentMethods, payments, retryItems, songs } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import type { Db } from "../../platform/db";

export type RetryItemToCharge = NonNullable<Awaited<ReturnType<typeof retryItemToCharge>>>;

/** The item with what charging it needs; undefined when there is no such item. */
export async function retryItemToCharge(ctx: Ctx, itemId: string) {
  const [item] = await ctx.db
    .select({
      id: retryItems.id,
      batchId: retryItems.batchId,
      artistId: retryItems.artistId,
      songId: retryItems.songId,
      amountCents: retryItems.amountCents,
      status: retryItems.status,
      paymentMethodId: paymentMethods.id,
      stripePaymentMethodId: paymentMethods.stripePaymentMethodId,
      fingerprint: paymentMethods.fingerprint,
      stripeCustomerId: artists.stripeCustomerId,
      songStatus: songs.status,
      songTitle: songs.title,
    })
    .from(retryItems)
    .innerJoin(paymentMethods, eq(paymentMethods.id, retryItems.paymentMethodId))
    .innerJoin(artists, eq(artists.id, retryItems.artistId))
    .leftJoin(songs, eq(songs.id, retryItems.songId))
    .where(eq(retryItems.id, itemId))
    .limit(1);
  return item;
}

/** Settles a still-pending item without a charge, with its reason. */
export async function skipRetryItem(ctx: Ctx, itemId: string, status: "skipped" | "failed", reason: string, now = ctx.now()): Promise<void> {
  await ctx.db
    .update(retryItems)
    .set({ status, reason, updatedAt: now })
    .where(and(eq(retryItems.id, itemId), eq(retryItems.status, "pending")));
}

/** Why this item must not be charged at all, checked before its payment is claimed; null to charge. */
export async function reasonNotToCharge(ctx: Ctx, item: Pick<RetryItemToCharge, "id" | "artistId" | "songId" | "songStatus">): Promise<string | null> {
  const { db } = ctx;
  if (item.songId !== null) {
    if (item.songStatus === "approved" || item.songStatus === "distributed") return "already_paid";
    if (item.songStatus === "rejected") return "song_rejected";
    if (item.songStatus === "removed") return "song_removed";
    return null;
  }
  // An initial charge: not when the artist has another one open or paid, nor has paid for anything.
  const otherPayments = and(eq(payments.artistId, item.artistId), ne(payments.id, item.id));
  const [charged, paidSong, paidPayment] = await db.batch([
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(otherPayments, eq(payments.purpose, "initial_charge"), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])))
      .limit(1),
    db
      .select({ id: songs.id })
      .from(songs)
      .where(and(eq(songs.artistId, item.artistId), inArray(songs.status, ["approved", "distributed"])))
      .limit(1),
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(otherPayments, eq(payments.status, "succeeded")))
      .limit(1),
  ]);
  if (charged.length > 0) return "already_charged";
  if (paidSong.length > 0 || paidPayment.length > 0) return "already_paid";
  return null;
}

/** Keeps the card network's code on a refused item's payment, so the item and the details view say "stolen_card". */
export async function keepRefusalDeclineCode(ctx: Ctx, paymentId: string, declineCode: string): Promise<void> {
  await ctx.db
    .update(payments)
    .set({ declineCode })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "skipped")));
}

/**
 * Moves pending items whose payment has settled (the job's own answer, or a Stripe webhook after a
 * timeout) to the payment's outcome. One rule for both the job and progress reads: succeeded stays
 * succeeded; a refusal or `authentication_required` (the artist must act) is skipped; any other
 * decline is failed; the reason is the decline code, else the failure code. An item failed as
 * `job_failed` whose payment succeeded after all becomes succeeded. Await it, or put it in a batch.
 */
export function settleRetryItems(db: Db, scope: { batchId: string } | { itemId: string }, now = Date.now()) {
  const inScope = "batchId" in scope ? eq(retryItems.batchId, scope.batchId) : eq(retryItems.id, scope.itemId);
  return db
    .update(retryItems)
    .set({
      status: sql`case
        when ${payments.status} = 'succeeded' then 'succeeded'
        when ${payments.status} = 'skipped' or coalesce(${payments.declineCode}, ${payments.failureCode}) = 'authentication_required' then 'skipped'
        else 'failed' end`,
      reason: sql`case when ${payments.status} = 'succeeded' then null else coalesce(${payments.declineCode}, ${payments.failureCode}, 'failed') end`,
      updatedAt: now,
    })
    .from(payments)
    .where(
      and(
        eq(payments.retryItemId, retryItems.id),
        inScope,
        or(eq(retryItems.status, "pending"), and(eq(retryItems.reason, "job_failed"), eq(payments.status, "succeeded"))),
        inArray(payments.status, ["succeeded", "failed", "skipped"]),
      ),
    );
}

/**
 * A pending item whose job ended in the dead-letter queue (failed_jobs) will not be charged by the
 * queue any more: it fails with reason `job_failed`, so its batch finishes. Should Stripe have taken
 * the payment after all (a webhook settles it later), `settleRetryItems` turns it into succeeded.
 */
export function failDeadLetteredItems(db: Db, batchId: string, now = Date.now()) {
  return db
    .update(retryItems)
    .set({ status: "failed", reason: "job_failed", updatedAt: now })
    .where(
      and(
        eq(retryItems.batchId, batchId),
        eq(retryItems.status, "pending"),
        exists(
          db
            .select({ id: failedJobs.id })
            .from(failedJobs)
            .where(
              and(
                eq(failedJobs.jobType, "admin.charge"),
                sql`json_valid(${failedJobs.payload})`,
                sql`json_extract(${failedJobs.payload}, '$.itemId') = ${retryItems.id}`,
              ),
            ),
        ),
      ),
    );
}
