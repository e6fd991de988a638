/**
 * `POST /api/distribute/{songId}/complete` (docs/product.md, Screens–4): the artist, at the screen, pays the
 * distribution fee of the option they chose with their saved card. The server decides the amount
 * (PACKAGES), enforces the product's timing rules from the payments rows, and charges at most once:
 * the payment row is claimed before Stripe is called, the idempotency key is derived from its id,
 * and the first answer is stored on it and replayed for the same requestId.
 */
import { PACKAGES, FEE_OPTION_SWITCH_INTERVAL_MS, PAYMENT_ATTEMPT_INTERVAL_MS, centsToDollars, type FeeOption } from "@jplay/schema/pricing";
import type { CompleteDistributionResponse } from "@jplay/schema/payments";
import type { ApiErrorBody } from "@jplay/schema/song";
import type { artists, songs } from "@jplay/schema/tables";
import { AppError, notFound } from "../../platform/errors";
import { paymentResumeAfterMs } from "../../platform/limits";
import { applySucceededPayment } from "./apply-payment";
import { cardRefusal } from "../cards/card-rules";
import { createCardFormIntent } from "../cards/card-form-intent";
import { findOwnedSong } from "../../catalogue/index";
import { chargeSavedCard } from "../cards/charge-saved-card";
import type { Ctx } from "../../platform/context";
import { closeOpenPayment } from "./close-open-payment";
import { isProActive } from "../pro/pro-status";
import { reopenRefusedPayment } from "./reopen-payment";
import {
  type PaymentRow,
  type StoredAnswer,
  claimPayment,
  latestPaymentsOf,
  openPaymentOf,
  paymentById,
  paymentByRequest,
  savedCardById,
  savedCardOf,
  storeAnswer,
  storedAnswerOf,
} from "./song-payments";

type Artist = typeof artists.$inferSelect;
type Song = typeof songs.$inferSelect;
export type CompleteAnswer = StoredAnswer<CompleteDistributionResponse | ApiErrorBody>;

export interface CompleteInput {
  songId: string;
  feeOption: FeeOption;
  requestId: string;
}

export const COMPLETE_MESSAGES = {
  inProgress: /*i18n*/ "A payment for this song is already in progress",
  requestReused: /*i18n*/ "This request was already made with another fee option. Please try again.",
} as const;

const inProgress = () => new AppError(409, "payment_in_progress", COMPLETE_MESSAGES.inProgress);

/** A 429 whose message says how many seconds to wait (its `{seconds}`), as Retry-After does. */
const tooSoon = (waitMs: number, message: string) => {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError(429, "too_many_attempts", message, { "Retry-After": String(seconds) }, { seconds });
};

/** The option a request was made with (null: a Pro request still running, not known yet). */
function requestedOption(row: PaymentRow): string | null {
  if (row.package !== "pro") return row.package;
  const body = storedAnswerOf<{ feeOption?: string }>(row)?.body;
  return body?.feeOption ?? null;
}

/** What an earlier request with this requestId answered (or 409 while it is still running). */
function replay(row: PaymentRow, feeOption: FeeOption): CompleteAnswer {
  const previousOption = requestedOption(row);
  if (previousOption !== null && previousOption !== feeOption) throw new AppError(409, "request_reused", COMPLETE_MESSAGES.requestReused);
  const stored = storedAnswerOf<CompleteDistributionResponse | ApiErrorBody>(row);
  // The request that claimed it died before answering and the webhook has since paid it: say so,
  // instead of "in progress" for ever.
  if (!stored && row.status === "succeeded") return { status: 200, body: { alreadyProcessed: true, feeOption } };
  if (!stored) throw inProgress();
  return stored;
}

/** The product's timing rules (docs/product.md, Prices and limits), measured from this song's earlier `complete` payments. */
async function enforceAttemptTiming(ctx: Ctx, input: CompleteInput, now: number): Promise<void> {
  const { songId, feeOption } = input;
  const [last] = await latestPaymentsOf(ctx, songId, ["distribution"]);
  // A concurrent copy of this very request is not an earlier attempt: it is answered as in progress.
  if (!last || last.package === "pro" || last.requestId === input.requestId) return;
  const elapsed = now - last.createdAt;
  if (last.package !== feeOption && elapsed < FEE_OPTION_SWITCH_INTERVAL_MS) {
    const wait = FEE_OPTION_SWITCH_INTERVAL_MS - elapsed;
    throw tooSoon(wait, /*i18n*/ "You changed the fee option too recently. Please wait {seconds} seconds before switching.");
  }
  if (elapsed < PAYMENT_ATTEMPT_INTERVAL_MS) {
    const wait = PAYMENT_ATTEMPT_INTERVAL_MS - elapsed;
    throw tooSoon(wait, /*i18n*/ "A payment was just attempted. Please wait {seconds} seconds before trying again.");
  }
}

/** A request that died between claiming its row and answering (e.g. Stripe timed out) may be retried with the same requestId after `resumeAfterMs`. */
function canResume(row: PaymentRow, feeOption: FeeOption, now: number, resumeAfterMs: number): boolean {
  return !row.responseJson && row.package === feeOption && (row.status === "claimed" || row.status === "processing") && now - row.updatedAt >= resumeAfterMs;
}

const answer200 = (body: CompleteDistributionResponse): CompleteAnswer => ({ status: 200, body });

/** The answer for a request that lost the race to claim the song's payment row. */
async function afterLostClaim(ctx: Ctx, input: CompleteInput): Promise<CompleteAnswer> {
  const same = await paymentByRequest(ctx, input.songId, input.requestId);
  if (same) return replay(same, input.feeOption);
  if ((await openPaymentOf(ctx, input.songId))?.status === "succeeded") return answer200({ alreadyProcessed: true, feeOption: input.feeOption });
  throw inProgress();
}

async function finish(ctx: Ctx, paymentId: string, answer: CompleteAnswer): Promise<CompleteAnswer> {
  await storeAnswer(ctx, paymentId, answer);
  return answer;
}

export async function completeDistribution(ctx: Ctx, artist: Artist, input: CompleteInput, now = ctx.now()): Promise<CompleteAnswer> {
  const song = artist.stripeCustomerId ? await findOwnedSong(ctx, input.songId, artist.stripeCustomerId) : undefined;
  if (!song) throw notFound(/*i18n*/ "Song not found");

  const earlier = await paymentByRequest(ctx, song.id, input.requestId);
  if (earlier) {
    if (canResume(earlier, input.feeOption, now, paymentResumeAfterMs(ctx.env))) return payClaimedPayment(ctx, artist, song, earlier, input.feeOption, now);
    return replay(earlier, input.feeOption);
  }

  const alreadyPaid = answer200({ alreadyProcessed: true, feeOption: input.feeOption });
  if (song.status !== "pending" || (await openPaymentOf(ctx, song.id))?.status === "succeeded") return alreadyPaid;

  const pro = await isProActive(ctx, artist.id);
  if (!pro) await enforceAttemptTiming(ctx, input, now);

  // An earlier attempt left waiting in the browser (card form, 3-D Secure) gives way to this one.
  const closed = await closeOpenPayment(ctx, song.id);
  if (closed === "paid") return alreadyPaid;
  if (closed === "busy") throw inProgress();

  // Pro artists pay no fee: a zero-amount payment records the package (split 8%, 24 h window).
  if (pro) {
    const claimed = await claimPayment(
      ctx,
      { artistId: artist.id, songId: song.id, purpose: "distribution", package: "pro", amountCents: 0, requestId: input.requestId },
      now,
    );
    if (!claimed) return afterLostClaim(ctx, input);
    await applySucceededPayment(ctx, claimed, "complete: Pro subscription");
    return finish(ctx, claimed, answer200({ success: true, feeOption: input.feeOption }));
  }

  const card = await savedCardOf(ctx, artist.id);
  const paymentId = await claimPayment(
    ctx,
    {
      artistId: artist.id,
      songId: song.id,
      purpose: "distribution",
      package: input.feeOption,
      amountCents: PACKAGES[input.feeOption].feeCents,
      requestId: input.requestId,
      paymentMethodId: card?.id ?? null,
    },
    now,
  );
  if (!paymentId) return afterLostClaim(ctx, input);
  return payClaimedPayment(ctx, artist, song, (await paymentById(ctx, paymentId))!, input.feeOption, now);
}

/**
 * Pays a claimed payment row: the saved card on-session, or the card form when there is no usable
 * card. Also resumes a row whose request died midway (the same idempotency key, or after a stored 500
 * a lookup first and the row's next key: payments/cards/charge-saved-card.ts), so Stripe charges once.
 */
async function payClaimedPayment(ctx: Ctx, artist: Artist, song: Song, payment: PaymentRow, feeOption: FeeOption, now: number): Promise<CompleteAnswer> {
  const amountCents = payment.amountCents;
  const description = `Distribution fee (${feeOption}) for "${song.title}"`;
  const card = payment.paymentMethodId ? await savedCardById(ctx, payment.paymentMethodId) : undefined;

  const payWithCardForm = async () => {
    const clientSecret = await createCardFormIntent(ctx, (await paymentById(ctx, payment.id))!, artist.stripeCustomerId, description);
    return finish(ctx, payment.id, answer200({ requiresPaymentMethod: true, clientSecret, amount: centsToDollars(amountCents), feeOption }));
  };

  // No usable saved card (none, hard-declined before, or out of attempts): the card form pays.
  // A charge already started (`processing`) is resumed as it was, never switched to the card form.
  const fingerprint = card ? (card.fingerprint ?? card.stripePaymentMethodId) : null;
  const chargeStarted = payment.status === "processing";
  if (!card || !artist.stripeCustomerId || (!chargeStarted && (await cardRefusal(ctx, fingerprint!, now)))) return payWithCardForm();

  const outcome = await chargeSavedCard(ctx, {
    paymentId: payment.id,
    stripeCustomerId: artist.stripeCustomerId,
    stripePaymentMethodId: card.stripePaymentMethodId,
    fingerprint: card.fingerprint,
    amountCents,
    offSession: false,
    description,
    metadata: { songId: song.id, purpose: "distribution" },
  });
  switch (outcome.kind) {
    case "succeeded":
      await applySucceededPayment(ctx, payment.id, "complete: saved card charged", outcome.paymentIntentId);
      return finish(ctx, payment.id, answer200({ success: true, feeOption }));
    case "requires_action":
      return finish(ctx, payment.id, answer200({ requiresAction: true, clientSecret: outcome.clientSecret, feeOption }));
    case "refused":
      // The card's budget ran out between the check and the charge: the card form pays instead.
      if (!(await reopenRefusedPayment(ctx, payment.id))) throw inProgress();
      return payWithCardForm();
    case "declined":
      return finish(ctx, payment.id, { status: 402, body: { error: { code: outcome.declineCode ?? outcome.code, message: outcome.message } } });
  }
}
