/**
 * The offer panel of /payment-recovery (docs/product.md, Screens; States and flows; Errors): the tier's reduced fee with the
 * old price crossed out, the provider's share, 7-14 days delivery and partner promotion, then
 * 'I ACCEPT' / 'ACCEPT FINAL OFFER' and 'Decline Offer'. Accepting asks the server; its answer
 * pays with the saved card, opens the card form for a new card, or moves to the next tier with the
 * product's toasts and 1.5 s redirects; 3-D Secure on the saved card runs like on the offer screen.
 * Every figure comes from the pricing table.
 */
import { useState } from "react";
import { useNavigate } from "@/lib/router/location";
import { formatCents, PACKAGES, RECOVERY_TIERS, type RecoveryTier } from "@jplay/schema/pricing";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { CardPaymentForm, type CardPaymentFailure, deliveryText, percentOfBps, markDistributionSuccess, useDelayedNavigate } from "@/features/payments";
import { useAcceptRecoveryOffer } from "../api/accept-recovery-offer";
import { FINAL_TIER, suggestedTier } from "../recovery-tier";
import { invalidateSongReads } from "@/features/catalogue";

const TEXT = {
  betterOffer: "Special Final Offer Available",
  betterOfferBody: "We have a better offer for you that's likely to succeed!",
  finalOffer: "We Have a Final Offer",
  finalOfferBody: "We're able to provide you with an even better offer!",
  error: "Error",
  errorBody: "Failed to create payment. Please try again.",
  paymentFailed: "Payment Failed",
  paymentError: "Payment Error",
  paymentFailedBody: "Failed to process payment",
  successful: "Payment Successful",
  successfulBody: "Your song is on its way to listeners.",
  newCard: "Your saved card cannot be charged for this offer. Please pay with a new card.",
  already: "Already Processed",
  alreadyBody: "This song's distribution has already been paid.",
  authentication: "Additional Authentication Required",
  authenticationBody: "Your bank needs you to confirm this payment.",
} as const;

/** What the previous tier learned, handed over in the navigation state. */
export interface RecoveryHandover {
  requiresNewCard?: boolean;
  message?: string;
}

export function RecoveryOffer({ songId, tier, handover }: { songId: string; tier: RecoveryTier; handover?: RecoveryHandover | undefined }) {
  const navigate = useNavigate();
  const navigateSoon = useDelayedNavigate();
  const accept = useAcceptRecoveryOffer();
  const [payment, setPayment] = useState<{ mode: "card" | "authenticate"; clientSecret: string } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [newCardNotice, setNewCardNotice] = useState<string | null>(
    handover?.requiresNewCard ? handover.message || TEXT.newCard : null,
  );
  const offer = RECOVERY_TIERS[tier];
  const isFinal = tier === FINAL_TIER;
  const fee = formatCents(offer.feeCents);

  const goToTier = (next: RecoveryTier, title: string, body: string, state?: RecoveryHandover) => {
    setLeaving(true);
    toast.info(title, body);
    navigateSoon(`/payment-recovery/${encodeURIComponent(songId)}/${next}`, state);
  };

  const succeed = (alreadyProcessed = false) => {
    setLeaving(true);
    if (alreadyProcessed) toast.info(TEXT.already, TEXT.alreadyBody);
    else toast.success(TEXT.successful, TEXT.successfulBody);
    markDistributionSuccess(songId);
    invalidateSongReads();
    void navigate("/");
  };

  async function onAccept() {
    let outcome;
    try {
      outcome = await accept.mutateAsync({ songId, offerTier: tier });
    } catch (error) {
      if (!isFinal) return goToTier(FINAL_TIER, TEXT.finalOffer, TEXT.finalOfferBody);
      toast.error(TEXT.error, apiErrorMessage(error, TEXT.errorBody));
      return;
    }
    if (outcome.kind === "paid") return succeed(outcome.alreadyProcessed);
    if (outcome.kind === "authenticate") {
      setPayment({ mode: "authenticate", clientSecret: outcome.clientSecret });
      toast.info(TEXT.authentication, TEXT.authenticationBody);
      return;
    }
    if (outcome.kind === "card") {
      if (outcome.requiresNewCard) setNewCardNotice(outcome.message || TEXT.newCard);
      setPayment({ mode: "card", clientSecret: outcome.clientSecret });
      return;
    }
    const handoverNext: RecoveryHandover | undefined = outcome.requiresNewCard
      ? { requiresNewCard: true, ...(outcome.message ? { message: outcome.message } : {}) }
      : undefined;
    const next = outcome.suggestNextTier ? suggestedTier(outcome.nextTier) : null;
    if (next !== null && next !== tier) return goToTier(next, TEXT.betterOffer, TEXT.betterOfferBody, handoverNext);
    if (!isFinal) return goToTier(FINAL_TIER, TEXT.finalOffer, TEXT.finalOfferBody, handoverNext);
    if (outcome.requiresNewCard) setNewCardNotice(outcome.message || TEXT.newCard);
    toast.error(TEXT.error, outcome.message || TEXT.errorBody);
  }

  function onCardFailed(failure: CardPaymentFailure) {
    if (!isFinal) return goToTier(FINAL_TIER, TEXT.finalOffer, TEXT.finalOfferBody);
    const message = failure.message || (failure.exception ? apiErrorMessage(failure.exception, TEXT.paymentFailedBody) : TEXT.paymentFailedBody);
    toast.error(failure.exception ? TEXT.paymentError : TEXT.paymentFailed, message);
    // A failed bank challenge cannot be answered again: accepting the offer again starts a new payment.
    // A declined typed card can: its payment stays open for another card.
    if (payment?.mode === "authenticate") setPayment(null);
  }

  const processing = accept.isPending || leaving;
  const heading = `${offer.title} - Limited Time Only`;
  return (
    <section aria-labelledby="recovery-offer-heading" className="space-y-5 rounded-3xl border-2 border-accent bg-surface p-5 sm:p-8">
      <h2 id="recovery-offer-heading" className="text-2xl font-extrabold">
        {heading}
      </h2>
      <ul className="space-y-3">
        <li>
          <span className="font-semibold">Reduced distribution fee: </span>
          <span className="text-2xl font-extrabold">{fee}</span> <span className="sr-only">instead of </span>
          <s className="text-muted">{formatCents(offer.wasCents)}</s>
        </li>
        <li>
          <span className="font-semibold">{percentOfBps(offer.revenueSplitBps)} revenue share</span> to the provider (you keep{" "}
          {percentOfBps(10_000 - offer.revenueSplitBps)})
        </li>
        <li>
          Priority processing with <span className="font-semibold">{deliveryText(offer.package)} delivery</span>
        </li>
        <li>Full promotion on the partner platform</li>
      </ul>
      {newCardNotice && (
        <p role="alert" className="rounded-xl border border-amber-500/60 bg-amber-500/10 p-3 font-medium">
          {newCardNotice}
        </p>
      )}
      {payment ? (
        <CardPaymentForm
          key={payment.clientSecret}
          title={payment.mode === "card" ? "Payment details" : "Confirm with your bank"}
          focusTitle
          submitLabel={payment.mode === "card" ? `Pay ${fee}` : `Authenticate and Pay ${fee}`}
          savedCardOnly={payment.mode === "authenticate"}
          disabled={leaving}
          pay={(card) =>
            payment.mode === "card" ? card.confirmPayment(payment.clientSecret) : card.authenticatePayment(payment.clientSecret)
          }
          onSucceeded={() => succeed()}
          onFailed={onCardFailed}
        >
          <p className="text-sm text-muted">
            {payment.mode === "card"
              ? `Enter a card to pay ${fee} and complete your distribution.`
              : `Your bank asks you to confirm the payment of ${fee} with the card you saved.`}
          </p>
        </CardPaymentForm>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button size="lg" onClick={() => void onAccept()} disabled={processing} aria-busy={accept.isPending}>
            {accept.isPending ? "Processing…" : isFinal ? "ACCEPT FINAL OFFER" : "I ACCEPT"}
          </Button>
          <Button size="lg" variant="secondary" onClick={() => void navigate("/")} disabled={processing}>
            Decline Offer
          </Button>
        </div>
      )}
      <p className="text-xs text-muted">
        Standard distribution costs {formatCents(PACKAGES.standard.feeCents)}. This offer is for this song only.
      </p>
    </section>
  );
}
