/**
 * Disputes (chargebacks) on paid distributions (docs/decisions/093-disputes.md), against real local
 * D1 and Queues and the Stripe sandbox, whose dispute test card 4000 0000 0000 0259 is charged back as
 * fraudulent right after it pays: the withdrawal and Stripe's fee are booked once, the song is held
 * from the catalogue and the artist's payouts wait while the dispute is open, the card is never
 * charged again; won, the song and payouts are released and the money booked back; lost, it is
 * written off and the song stays out; rejecting a charged-back song refunds nothing on top of the
 * chargeback, and a refund Stripe refuses as `charge_disputed` leaves no failed refund behind.
 * Operators list disputes and send the distribution's records as evidence, once, audited. A card Radar
 * warns of (4000 0000 0000 5423) is never charged again either.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createStripe } from "../../platform/stripe-client";
import { audioCheckRejection, deliverDueSongs, rejectApprovedSong } from "../../distribution/distribution-pipeline";
import { cardRefusal } from "../../payments/cards/card-rules";
import { onDisputeEvent } from "../../payments/disputes/apply-dispute";
import { payArtist } from "../../ledger/payouts";
import { ACCOUNTS, postTransaction } from "../../ledger/ledger";
import { sendRefund } from "../../refunds/send-refund";
import { fundPlatformBalance, payableConnectedAccount } from "../../../test/platform-funds";
import { artistWithSong, chargesOf, complete, deliverEvents, paymentsOf, songPaid, uploadSong } from "../../../test/payment-support";
import { CapturingQueue, songEvents } from "../../../test/song-fixtures";
import { Browser, testContext } from "../../../test/support";
import { adminWrite, signedInOperator } from "../../../test/admin-support";
import type { AdminDispute, AdminDisputesResponse } from "@jplay/schema/disputes";

const DISPUTE_CARD = "4000000000000259";
const DISPUTE_FEE = 1500;
/** A Monday: weekly artists are paid. */
const PAYOUT_DAY = "2026-11-23";

const stripe = createStripe(env);
const ctx = testContext();

interface DisputeRow {
  id: string;
  payment_id: string | null;
  song_id: string | null;
  artist_id: string | null;
  card_fingerprint: string | null;
  amount_cents: number;
  fee_cents: number;
  status: string;
  song_held: number;
}
const disputeOf = (songId: string) => env.DB.prepare("select * from disputes where song_id = ?").bind(songId).first<DisputeRow>();

/** Waits until the product has recorded the song's dispute in `status`. */
const disputeIs = (songId: string, status: string) =>
  vi.waitFor(
    async () => {
      await deliverEvents();
      const row = await disputeOf(songId);
      if (row?.status !== status) throw new Error(`dispute is ${row?.status ?? "not recorded"}`);
      return row;
    },
    { timeout: 15_000, interval: 100 },
  );

const songStatus = async (songId: string) => (await env.DB.prepare("select status from songs where id = ?").bind(songId).first<{ status: string }>())?.status;

const ledgerOf = async (disputeId: string) =>
  (
    await env.DB.prepare(
      "select t.kind, e.account, e.amount_cents from ledger_transactions t join ledger_entries e on e.transaction_id = t.id where t.ref = ? order by t.kind, e.account",
    )
      .bind(disputeId)
      .all<{ kind: string; account: string; amount_cents: number }>()
  ).results;

/**
 * An artist whose standard song was paid with the dispute card; the chargeback recorded. Every card
 * numbered 0259 has one fingerprint: the cards of earlier tests' chargebacks are set apart first, so
 * each test's artist pays with a card no chargeback has blocked yet.
 */
async function chargedBack() {
  await env.DB.prepare("update disputes set card_fingerprint = 'earlier-test-' || id").run();
  const artist = await artistWithSong(DISPUTE_CARD);
  expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(200);
  await songPaid(artist.songId);
  const dispute = await disputeIs(artist.songId, "needs_response");
  return { ...artist, dispute };
}

/** The song reviewed, identified and due: what the delivery cron would now put in the catalogue. */
async function dueForDelivery(songId: string) {
  const now = Date.now();
  await env.DB.prepare("update songs set reviewed_at = ?1, deliver_at = ?1 - 1000, isrc = coalesce(isrc, ?2), upc = coalesce(upc, ?3) where id = ?4")
    .bind(now, `QZ${crypto.randomUUID().slice(0, 10)}`, String(Date.now()).padStart(12, "0").slice(-12), songId)
    .run();
}

/** The artist made payable: a ready connected account and a balance above the minimum. */
async function payable(artistId: string) {
  const account = await payableConnectedAccount();
  await env.DB.prepare("update artists set stripe_account_id = ?, payouts_enabled = 1, payout_requirements = '[]' where id = ?")
    .bind(account.id, artistId)
    .run();
  await postTransaction(ctx, "purchase", crypto.randomUUID(), [
    { account: ACCOUNTS.providerReceivable, amountCents: -5000 },
    { account: ACCOUNTS.artistAvailable(artistId), artistId, amountCents: 5000 },
  ]);
}

const submitEvidence = (disputeId: string, text: "winning_evidence" | "losing_evidence") =>
  stripe.disputes.update(disputeId, { evidence: { uncategorized_text: text } });

describe("a chargeback on a paid distribution", () => {
  it("is booked once, holds the song and the payouts, blocks the card; won, releases them and books the money back", async () => {
    const artist = await chargedBack();
    const [payment] = await paymentsOf(artist.songId);
    expect(artist.dispute).toMatchObject({
      payment_id: payment!.id,
      artist_id: artist.artistId,
      card_fingerprint: artist.fingerprint,
      amount_cents: 9900,
      fee_cents: DISPUTE_FEE,
    });
    expect(await ledgerOf(artist.dispute.id)).toEqual([
      { kind: "dispute.withdrawn", account: "platform:dispute_fees", amount_cents: -DISPUTE_FEE },
      { kind: "dispute.withdrawn", account: "stripe:charges", amount_cents: 9900 + DISPUTE_FEE },
      { kind: "dispute.withdrawn", account: "stripe:disputes_open", amount_cents: -9900 },
    ]);
    // Every event of the dispute again: nothing is booked twice.
    await onDisputeEvent(ctx, artist.dispute.id);
    expect(await ledgerOf(artist.dispute.id)).toHaveLength(3);

    // The song stays out of the catalogue while the fraud dispute is open.
    await dueForDelivery(artist.songId);
    expect(await deliverDueSongs(ctx, Date.now(), "test", [artist.songId])).toEqual([]);
    expect(await songStatus(artist.songId)).toBe("approved");

    // The card is never charged off-session again: the next song asks for a new card, Stripe sees no charge.
    expect(await cardRefusal(ctx, artist.fingerprint)).toMatchObject({ reason: "hard_decline", declineCode: "charged_back" });
    const second = await uploadSong(artist.browser, "Second Song");
    expect(await (await complete(artist.browser, second, "standard")).json()).toMatchObject({ requiresPaymentMethod: true });
    expect(await chargesOf(artist.customerId)).toHaveLength(1);

    // Payouts wait for the dispute.
    await payable(artist.artistId);
    expect(await payArtist(ctx, artist.artistId, PAYOUT_DAY)).toBe("held");

    // Won: the money comes back in the ledger, the song is delivered, the artist is paid.
    await submitEvidence(artist.dispute.id, "winning_evidence");
    await disputeIs(artist.songId, "won");
    expect((await ledgerOf(artist.dispute.id)).filter((entry) => entry.kind === "dispute.reinstated")).toEqual([
      { kind: "dispute.reinstated", account: "stripe:charges", amount_cents: -9900 },
      { kind: "dispute.reinstated", account: "stripe:disputes_open", amount_cents: 9900 },
    ]);
    // Delivered by this call, or by the pipeline's own delivery job that came due meanwhile.
    await deliverDueSongs(ctx, Date.now(), "test", [artist.songId]);
    expect(await songStatus(artist.songId)).toBe("distributed");
    await fundPlatformBalance(100_000);
    expect(await payArtist(ctx, artist.artistId, PAYOUT_DAY)).toBe("paid");
  });

  it("lost: written off, the song stays out (taken down if it had gone live), the payouts are released", async () => {
    const artist = await chargedBack();
    // The song went live before the dispute's next event arrived: the dispute takes it down.
    await env.DB.prepare("update songs set status = 'distributed', distributed_at = ? where id = ?").bind(Date.now(), artist.songId).run();
    await onDisputeEvent(ctx, artist.dispute.id);
    const held = await env.DB.prepare("select taken_down_at, takedown_reason from songs where id = ?")
      .bind(artist.songId)
      .first<{ taken_down_at: number | null; takedown_reason: string }>();
    expect(held?.taken_down_at).not.toBeNull();
    expect(held?.takedown_reason).toMatch(/disputed as fraudulent/);

    await submitEvidence(artist.dispute.id, "losing_evidence");
    await disputeIs(artist.songId, "lost");
    expect((await ledgerOf(artist.dispute.id)).filter((entry) => entry.kind !== "dispute.withdrawn")).toEqual([
      { kind: "dispute.lost", account: "platform:chargeback_losses", amount_cents: -9900 },
      { kind: "dispute.lost", account: "stripe:disputes_open", amount_cents: 9900 },
    ]);
    const after = await env.DB.prepare("select taken_down_at from songs where id = ?").bind(artist.songId).first<{ taken_down_at: number | null }>();
    expect(after?.taken_down_at).not.toBeNull();
    await payable(artist.artistId);
    await fundPlatformBalance(100_000);
    expect(await payArtist(ctx, artist.artistId, PAYOUT_DAY)).toBe("paid");
  });
});

describe("rejecting a charged-back song", () => {
  it("issues no refund on top of the chargeback: no refund row, no Stripe refund, no 'another way' text", async () => {
    const artist = await chargedBack();
    expect(
      await rejectApprovedSong(
        testContext({ jobs: new CapturingQueue().asQueue() }),
        artist.songId,
        audioCheckRejection("The audio file could not be decoded."),
      ),
    ).toBe(true);
    expect((await env.DB.prepare("select * from refunds where song_id = ?").bind(artist.songId).all()).results).toEqual([]);
    const [payment] = await paymentsOf(artist.songId);
    expect((await stripe.refunds.list({ payment_intent: payment!.stripe_payment_intent_id as string })).data).toEqual([]);
    expect((await songEvents(artist.songId)).map((e) => e.cause).join("\n")).not.toMatch(/another way|on its way back/);
  });

  it("a refund written before the dispute was recorded: Stripe's charge_disputed covers it, no failed row is left for an operator", async () => {
    const artist = await chargedBack();
    const [payment] = await paymentsOf(artist.songId);
    const refundId = crypto.randomUUID();
    await env.DB.prepare("update songs set status = 'rejected' where id = ?").bind(artist.songId).run();
    await env.DB.prepare(
      "insert into refunds (id, payment_id, song_id, artist_id, amount_cents, reason, status, created_at) values (?, ?, ?, ?, 9900, 'Your song was rejected: test', 'pending', ?)",
    )
      .bind(refundId, payment!.id, artist.songId, artist.artistId, Date.now())
      .run();
    expect(await sendRefund(ctx, refundId)).toBe("covered_by_chargeback");
    expect((await env.DB.prepare("select * from refunds where song_id = ?").bind(artist.songId).all()).results).toEqual([]);
    const causes = (await songEvents(artist.songId)).map((e) => e.cause).join("\n");
    expect(causes).toMatch(/bank already returned this payment/);
    expect(causes).not.toMatch(/another way/);
  });
});

describe("the operators' disputes", () => {
  it("lists an open dispute with its song, artist, amount and evidence due date; only operators see it", async () => {
    const artist = await chargedBack();
    expect((await new Browser().fetch("/api/admin/disputes")).status).toBe(401);
    const operator = await signedInOperator();
    const list = await (await operator.fetch("/api/admin/disputes")).json<AdminDisputesResponse>();
    const shown = list.disputes.find((dispute) => dispute.id === artist.dispute.id);
    expect(shown).toMatchObject({
      status: "needs_response",
      open: true,
      inquiry: false,
      reason: "fraudulent",
      amountCents: 9900,
      feeCents: DISPUTE_FEE,
      songId: artist.songId,
      songTitle: "Paid Song",
      artistId: artist.artistId,
      evidenceSubmittedAt: null,
    });
    expect(Date.parse(shown!.evidenceDueBy!)).toBeGreaterThan(Date.now());
    expect(list.openCount).toBeGreaterThanOrEqual(1);
  });

  it("sends the distribution's records to Stripe once, under review, with the operator in the audit log", async () => {
    const artist = await chargedBack();
    const operator = await signedInOperator();
    const submitted = await adminWrite(operator, "POST", `/api/admin/disputes/${artist.dispute.id}/evidence`);
    expect(submitted.status).toBe(200);
    const answer = await submitted.json<AdminDispute>();
    expect(answer).toMatchObject({ id: artist.dispute.id, status: "under_review", evidenceDueBy: null });
    expect(answer.evidenceSubmittedAt).not.toBeNull();

    const atStripe = await stripe.disputes.retrieve(artist.dispute.id);
    expect(atStripe.status).toBe("under_review");
    expect(atStripe.evidence.product_description).toContain('"Paid Song"');
    expect(atStripe.evidence.access_activity_log).toMatch(/uploaded/);

    // Again: the same answer, nothing sent twice, one audit record.
    const again = await adminWrite(operator, "POST", `/api/admin/disputes/${artist.dispute.id}/evidence`);
    expect(await again.json()).toEqual(answer);
    expect((await stripe.disputes.retrieve(artist.dispute.id)).evidence_details.submission_count).toBe(1);
    const audit = await env.DB.prepare("select actor, action, song_id from audit_log where action = 'dispute_evidence_submitted' and detail like ?")
      .bind(`%${artist.dispute.id}%`)
      .all();
    expect(audit.results).toEqual([{ actor: expect.any(String), action: "dispute_evidence_submitted", song_id: artist.songId }]);
  });
});

describe("an early fraud warning", () => {
  it("blocks the warned card for off-session charges; nothing is booked and the song is not held", async () => {
    const artist = await artistWithSong("4000000000005423");
    expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(200);
    await songPaid(artist.songId);
    await vi.waitFor(
      async () => {
        await deliverEvents();
        expect(await cardRefusal(ctx, artist.fingerprint)).toMatchObject({ reason: "hard_decline", declineCode: "charged_back" });
      },
      { timeout: 15_000, interval: 100 },
    );
    const second = await uploadSong(artist.browser, "Second Song");
    expect(await (await complete(artist.browser, second, "standard")).json()).toMatchObject({ requiresPaymentMethod: true });
    expect(await chargesOf(artist.customerId)).toHaveLength(1);
    expect(await disputeOf(artist.songId)).toBeNull();
  });
});
