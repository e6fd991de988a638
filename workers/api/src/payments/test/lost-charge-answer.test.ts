/**
 * A charge Stripe made whose answer never reached the product (the Worker stopped, or the answer was
 * lost) and whose webhook could not be delivered at once: the `hold_after_commit` fault records the
 * charge, holds the answer past the SDK's timeout and keeps the event pending. Stripe's own retry (the
 * sandbox's, due shortly after the event was made) pays the song once; the same idempotency key
 * answers the same intent. (That the sandbox's idempotent answer lands with its work is proved in
 * workers/stripe-sandbox/test/idempotency-crash.test.ts.)
 */
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createStripe } from "../../platform/stripe-client";
import { approvalEvents, artistWithSong, chargesOf, impatientStripe, paymentsOf, sandboxAdmin, songRow } from "../../../test/payment-support";

const stripe = createStripe(env);

const pendingOf = async (intentId: string) =>
  (await stripe.events.list({ type: "payment_intent.succeeded", limit: 100 })).data
    .filter((event) => (event.data.object as { id: string }).id === intentId)
    .map((event) => event.pending_webhooks);

describe("a charge whose answer and webhook were lost", () => {
  it("is recorded at Stripe with its webhook pending; Stripe's retry pays the song once, and the same key answers the same intent", async () => {
    const artist = await artistWithSong();
    // The product's claimed payment row, as `complete` leaves it just before calling Stripe.
    const paymentId = crypto.randomUUID();
    await env.DB.prepare(
      "insert into payments (id, artist_id, song_id, purpose, package, amount_cents, status) values (?1, ?2, ?3, 'distribution', 'expedited', 4999, 'processing')",
    )
      .bind(paymentId, artist.artistId, artist.songId)
      .run();

    expect((await sandboxAdmin("/v1/test_helpers/faults", { mode: "hold_after_commit", path_prefix: "/v1/payment_intents" })).status).toBe(200);
    // A caller that gives up after 300 ms, through the same binding the product uses.
    const impatient = impatientStripe();
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 4999,
      currency: "usd",
      customer: artist.customerId,
      payment_method: artist.stripePaymentMethodId,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      confirm: true,
      metadata: { paymentId, songId: artist.songId },
    };
    await expect(impatient.paymentIntents.create(params, { idempotencyKey: `payment:${paymentId}` })).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );

    // Stripe has the charge; the product does not know; the webhook is still pending.
    await expect.poll(async () => (await chargesOf(artist.customerId)).length).toBe(1);
    const [charge] = await chargesOf(artist.customerId);
    expect(charge).toMatchObject({ amount: 4999, paid: true });
    const intentId = charge!.payment_intent as string;
    expect(await pendingOf(intentId)).toEqual([1]);
    expect((await paymentsOf(artist.songId)).map((p) => p.status)).toEqual(["processing"]);
    expect((await songRow(artist.songId))?.status).toBe("pending");

    // A minute later Stripe tries again (the sandbox sends what came due when it is next called).
    expect((await sandboxAdmin("/v1/test_helpers/advance_clock", { seconds: "120" })).status).toBe(200);
    await expect.poll(() => pendingOf(intentId), { timeout: 10_000 }).toEqual([0]);
    expect(await paymentsOf(artist.songId)).toMatchObject([{ id: paymentId, status: "succeeded", stripe_payment_intent_id: intentId }]);
    expect(await songRow(artist.songId)).toMatchObject({ status: "approved", package: "expedited", distribution_fee_cents: 4999 });

    // The same key again answers the same intent; nothing is charged or applied twice.
    const replayed = await stripe.paymentIntents.create(params, { idempotencyKey: `payment:${paymentId}` });
    expect(replayed.id).toBe(intentId);
    expect((await sandboxAdmin("/v1/test_helpers/deliver_events")).body).toMatchObject({ failed: 0 });
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([4999]);
    expect(await approvalEvents(artist.songId)).toBe(1);
  });
});
