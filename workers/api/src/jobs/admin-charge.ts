/**
 * The `admin.charge` job: charges one retry item off-session, at most once whatever the queue
 * redelivers. The item's payment row has the item's own id, so every delivery finds the same row
 * and the same Stripe idempotency key, or after a stored 500 looks up what that key made before
 * using the next (services/charge-saved-card.ts); the partial unique indexes on payments stop a
 * second open charge for the same song or a second initial charge. Card-network refusals and
 * `authentication_required` skip the item with their reason; declines fail it with the decline
 * code; Stripe outages are thrown so the queue tries again later.
 */
import Stripe from "stripe";
import type { Db } from "../db";
import { createDb } from "../db";
import { createStripe } from "../payments/stripe-client";
import { settleItemsStatement } from "../services/admin-retry";
import { applySucceededPayment, recordFailedPayment } from "../services/apply-payment";
import { chargeSavedCard } from "../services/charge-saved-card";
import type { JobQueue } from "./job";

interface ChargeItem {
  id: string;
  batchId: string;
  artistId: string;
  songId: string | null;
  amountCents: number;
  status: string;
  paymentMethodId: string;
  stripePaymentMethodId: string;
  fingerprint: string | null;
  stripeCustomerId: string | null;
  songStatus: string | null;
  songTitle: string | null;
}

const OPEN_OR_PAID = "('claimed', 'requires_payment_method', 'requires_action', 'processing', 'succeeded')";

async function skipItem(d1: D1Database, itemId: string, status: "skipped" | "failed", reason: string): Promise<void> {
  await d1
    .prepare("UPDATE retry_items SET status = ?1, reason = ?2, updated_at = ?3 WHERE id = ?4 AND status = 'pending'")
    .bind(status, reason, Date.now(), itemId)
    .run();
}

/** Why this item must not be charged at all, checked before its payment is claimed. */
async function reasonNotToCharge(d1: D1Database, item: ChargeItem): Promise<string | null> {
  if (item.songId !== null) {
    if (item.songStatus === "approved" || item.songStatus === "distributed") return "already_paid";
    if (item.songStatus === "rejected") return "song_rejected";
    if (item.songStatus === "removed") return "song_removed";
    return null;
  }
  const row = await d1
    .prepare(
      `SELECT
         EXISTS (SELECT 1 FROM payments WHERE artist_id = ?1 AND purpose = 'initial_charge' AND status IN ${OPEN_OR_PAID} AND id != ?2) AS charged,
         (EXISTS (SELECT 1 FROM songs WHERE artist_id = ?1 AND status IN ('approved', 'distributed'))
           OR EXISTS (SELECT 1 FROM payments WHERE artist_id = ?1 AND status = 'succeeded' AND id != ?2)) AS paid`,
    )
    .bind(item.artistId, item.id)
    .first<{ charged: number; paid: number }>();
  if (row?.charged) return "already_charged";
  if (row?.paid) return "already_paid";
  return null;
}

/**
 * Claims the item's payment row (id = item id). Returns its status, or null when the unique indexes
 * refused it because another payment for the song, or another initial charge, is open or paid.
 */
async function claimPayment(d1: D1Database, item: ChargeItem): Promise<string | null> {
  const initial = item.songId === null;
  await d1
    .prepare(
      `INSERT INTO payments (id, artist_id, song_id, purpose, package, amount_cents, status, payment_method_id, retry_item_id)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, 'claimed', ?7, ?1
       WHERE NOT EXISTS (SELECT 1 FROM songs WHERE id = ?3 AND status = 'removed')
       ON CONFLICT DO NOTHING`,
    )
    .bind(item.id, item.artistId, item.songId, initial ? "initial_charge" : "admin_retry", initial ? null : "recovery_2", item.amountCents, item.paymentMethodId)
    .run();
  const payment = await d1.prepare("SELECT status FROM payments WHERE id = ?1").bind(item.id).first<{ status: string }>();
  return payment?.status ?? null;
}

async function charge(env: Env, db: Db, item: ChargeItem): Promise<void> {
  const stripe = createStripe(env);
  try {
    const outcome = await chargeSavedCard(stripe, db, {
      paymentId: item.id,
      stripeCustomerId: item.stripeCustomerId!,
      stripePaymentMethodId: item.stripePaymentMethodId,
      fingerprint: item.fingerprint,
      amountCents: item.amountCents,
      offSession: true,
      description: item.songId === null ? "JPlay initial charge" : `JPlay distribution (admin retry): ${item.songTitle ?? item.songId}`,
      metadata: { retryItemId: item.id, batchId: item.batchId, ...(item.songId ? { songId: item.songId } : {}) },
    });
    switch (outcome.kind) {
      case "succeeded":
        await applySucceededPayment({ db, jobs: env.JOBS as JobQueue }, item.id, "admin_retry", outcome.paymentIntentId);
        return;
      case "refused":
        // Keep the network's code on the payment, so the item and the details view say "stolen_card".
        if (outcome.refusal.reason === "hard_decline") {
          await env.DB.prepare("UPDATE payments SET decline_code = ?1 WHERE id = ?2 AND status = 'skipped'").bind(outcome.refusal.declineCode, item.id).run();
        }
        return;
      case "requires_action":
        // Off-session, Stripe answers authentication_required instead; should 3-D Secure be asked for
        // anyway, nobody is at the screen: cancel it and let the artist pay themselves.
        await stripe.paymentIntents.cancel(outcome.paymentIntentId).catch(() => undefined);
        await recordFailedPayment(db, item.id, { code: "authentication_required", declineCode: "authentication_required", message: "The card asks the cardholder to authenticate.", status: "skipped" });
        return;
      case "declined":
        return; // chargeSavedCard recorded it on the payment.
    }
  } catch (error) {
    // A request Stripe refuses as invalid (e.g. the card was detached) will not succeed on retry.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      await recordFailedPayment(db, item.id, { code: error.code ?? "invalid_request", message: error.message });
      return;
    }
    throw error; // Stripe unreachable or failing: the queue retries (same key, or a lookup after a 500).
  }
}

export async function chargeRetryItem(itemId: string, env: Env): Promise<void> {
  const d1 = env.DB;
  const item = await d1
    .prepare(
      `SELECT i.id, i.batch_id AS batchId, i.artist_id AS artistId, i.song_id AS songId, i.amount_cents AS amountCents, i.status,
         pm.id AS paymentMethodId, pm.stripe_payment_method_id AS stripePaymentMethodId, pm.fingerprint,
         a.stripe_customer_id AS stripeCustomerId, s.status AS songStatus, s.title AS songTitle
       FROM retry_items i
       JOIN payment_methods pm ON pm.id = i.payment_method_id
       JOIN artists a ON a.id = i.artist_id
       LEFT JOIN songs s ON s.id = i.song_id
       WHERE i.id = ?1`,
    )
    .bind(itemId)
    .first<ChargeItem>();
  if (!item) throw new Error(`admin.charge: no retry item ${itemId}`);
  if (item.status !== "pending") return; // Settled by an earlier delivery.

  let paymentStatus = (await d1.prepare("SELECT status FROM payments WHERE id = ?1").bind(item.id).first<{ status: string }>())?.status ?? null;
  if (paymentStatus === null) {
    if (!item.stripeCustomerId) return skipItem(d1, item.id, "failed", "no_customer");
    const reason = await reasonNotToCharge(d1, item);
    if (reason) return skipItem(d1, item.id, "skipped", reason);
    paymentStatus = await claimPayment(d1, item);
    if (paymentStatus === null) {
      // Lost a race: another open or paid payment holds the song (or the artist's initial charge), or
      // the song was removed for want of payment since the item was read.
      if (item.songId === null) return skipItem(d1, item.id, "skipped", "already_charged");
      const songStatus = await songStatusOf(d1, item.songId);
      if (songStatus === "removed") return skipItem(d1, item.id, "skipped", "song_removed");
      return skipItem(d1, item.id, "skipped", songStatus === "approved" || songStatus === "distributed" ? "already_paid" : "payment_in_progress");
    }
  }

  const db = createDb(d1);
  if (paymentStatus === "claimed" || paymentStatus === "processing") await charge(env, db, item);
  else if (paymentStatus === "succeeded") await applySucceededPayment({ db, jobs: env.JOBS as JobQueue }, item.id, "admin_retry");
  else if (paymentStatus === "requires_action") return skipItem(d1, item.id, "skipped", "authentication_required");

  await settleItemsStatement(d1, { itemId: item.id }).run();
}

const songStatusOf = async (d1: D1Database, songId: string) =>
  (await d1.prepare("SELECT status FROM songs WHERE id = ?1").bind(songId).first<{ status: string }>())?.status ?? null;
