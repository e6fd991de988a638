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
import { PACKAGES, RECOVERY_TIERS, type RecoveryTier } from "@jplay/schema/pricing";
import { Button, buttonClass } from "@/components/ui/button";
import { hasErrorCode } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/error-message";
import { Link } from "@/lib/router/link";
import { useI18n } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";
import { slots, withElements } from "@/lib/i18n/with-elements";
import { toast } from "@/lib/toast";
import { CardPaymentForm, type CardPaymentFailure, deliveryText, percentOfBps, markDistributionSuccess, useDelayedNavigate } from "@/features/payments";
import { useAcceptRecoveryOffer } from "../api/accept-recovery-offer";
import { FINAL_TIER, suggestedTier, tierTitle } from "../recovery-tier";
import { invalidateSongReads } from "@/features/catalogue";

const TEXT = {
  betterOffer: /*i18n*/ "Special Final Offer Available",
  betterOfferBody: /*i18n*/ "We have a better offer for you that's likely to succeed!",
  finalOffer: /*i18n*/ "We Have a Final Offer",
  finalOfferBody: /*i18n*/ "We're able to provide you with an even better offer!",
  error: /*i18n*/ "Error",
  errorBody: /*i18n*/ "Failed to create payment. Please try again.",
  paymentFailed: /*i18n*/ "Payment Failed",
  paymentError: /*i18n*/ "Payment Error",
  paymentFailedBody: /*i18n*/ "Failed to process payment",
  successful: /*i18n*/ "Payment Successful",
  successfulBody: /*i18n*/ "Your song is on its way to listeners.",
  newCard: /*i18n*/ "Your saved card cannot be charged for this offer. Please pay with a new card.",
  already: /*i18n*/ "Already Processed",
  alreadyBody: /*i18n*/ "This song's distribution has already been paid.",
  authentication: /*i18n*/ "Additional Authentication Required",
  authenticationBody: /*i18n*/ "Your bank needs you to confirm this payment.",
  unavailable: /*i18n*/ "Offer Not Available",
} as const;

/** What the previous tier learned, handed over in the navigation state. */
export interface RecoveryHandover {
  requiresNewCard?: boolean;
  message?: string;
}

export function RecoveryOffer({ songId, tier, handover }: { songId: string; tier: RecoveryTier; handover?: RecoveryHandover | undefined }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const navigateSoon = useDelayedNavigate();
  const accept = useAcceptRecoveryOffer();
  const [payment, setPayment] = useState<{ mode: "card" | "authenticate"; clientSecret: string } | null>(null);
  const [leaving, setLeaving] = useState(false);
  /** The server's reason this song may not have the offer (docs/decisions/059): no other tier is tried. */
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [newCardNotice, setNewCardNotice] = useState<string | null>(handover?.requiresNewCard ? handover.message || i18n._(TEXT.newCard) : null);
  const offer = RECOVERY_TIERS[tier];
  const isFinal = tier === FINAL_TIER;
  const fee = formatMoney(offer.feeCents, i18n.language);

  const goToTier = (next: RecoveryTier, title: string, body: string, state?: RecoveryHandover) => {
    setLeaving(true);
    toast.info(title, body);
    navigateSoon(`/payment-recovery/${encodeURIComponent(songId)}/${next}`, state);
  };

  const succeed = (alreadyProcessed = false) => {
    setLeaving(true);
    if (alreadyProcessed) toast.info(i18n._(TEXT.already), i18n._(TEXT.alreadyBody));
    else toast.success(i18n._(TEXT.successful), i18n._(TEXT.successfulBody));
    markDistributionSuccess(songId);
    invalidateSongReads();
    void navigate("/");
  };

  async function onAccept() {
    let outcome;
    try {
      outcome = await accept.mutateAsync({ songId, offerTier: tier });
    } catch (error) {
      if (hasErrorCode(error, "offer_unavailable")) {
        const reason = apiErrorMessage(error, i18n._(TEXT.errorBody));
        setUnavailable(reason);
        toast.error(i18n._(TEXT.unavailable), reason);
        return;
      }
      if (!isFinal) return goToTier(FINAL_TIER, i18n._(TEXT.finalOffer), i18n._(TEXT.finalOfferBody));
      toast.error(i18n._(TEXT.error), apiErrorMessage(error, i18n._(TEXT.errorBody)));
      return;
    }
    if (outcome.kind === "paid") return succeed(outcome.alreadyProcessed);
    if (outcome.kind === "authenticate") {
      setPayment({ mode: "authenticate", clientSecret: outcome.clientSecret });
      toast.info(i18n._(TEXT.authentication), i18n._(TEXT.authenticationBody));
      return;
    }
    if (outcome.kind === "card") {
      if (outcome.requiresNewCard) setNewCardNotice(outcome.message || i18n._(TEXT.newCard));
      setPayment({ mode: "card", clientSecret: outcome.clientSecret });
      return;
    }
    const handoverNext: RecoveryHandover | undefined = outcome.requiresNewCard
      ? { requiresNewCard: true, ...(outcome.message ? { message: outcome.message } : {}) }
      : undefined;
    const next = outcome.suggestNextTier ? suggestedTier(outcome.nextTier) : null;
    if (next !== null && next !== tier) return goToTier(next, i18n._(TEXT.betterOffer), i18n._(TEXT.betterOfferBody), handoverNext);
    if (!isFinal) return goToTier(FINAL_TIER, i18n._(TEXT.finalOffer), i18n._(TEXT.finalOfferBody), handoverNext);
    if (outcome.requiresNewCard) setNewCardNotice(outcome.message || i18n._(TEXT.newCard));
    toast.error(i18n._(TEXT.error), outcome.message || i18n._(TEXT.errorBody));
  }

  function onCardFailed(failure: CardPaymentFailure) {
    if (!isFinal) return goToTier(FINAL_TIER, i18n._(TEXT.finalOffer), i18n._(TEXT.finalOfferBody));
    const failedBody = i18n._(TEXT.paymentFailedBody);
    const message = failure.message || (failure.exception ? apiErrorMessage(failure.exception, failedBody) : failedBody);
    toast.error(failure.exception ? i18n._(TEXT.paymentError) : i18n._(TEXT.paymentFailed), message);
    // A failed bank challenge cannot be answered again: accepting the offer again starts a new payment.
    // A declined typed card can: its payment stays open for another card.
    if (payment?.mode === "authenticate") setPayment(null);
  }

  const processing = accept.isPending || leaving;
  const heading = i18n._("{offer} - Limited Time Only", { offer: tierTitle(tier, i18n) });
  return (
    <section aria-labelledby="recovery-offer-heading" className="space-y-5 rounded-3xl border-2 border-accent bg-surface p-5 sm:p-8">
      <h2 id="recovery-offer-heading" className="text-2xl font-extrabold">
        {heading}
      </h2>
      <ul className="space-y-3">
        <li>
          <span className="font-semibold">{i18n._("Reduced distribution fee:")} </span>
          <span className="text-2xl font-extrabold">{fee}</span> <span className="sr-only">{i18n._("instead of")} </span>
          <s className="text-muted">{formatMoney(offer.wasCents, i18n.language)}</s>
        </li>
        <li>
          {withElements(
            i18n._("{revenueShare} to the provider (you keep {kept})", { ...slots("revenueShare"), kept: percentOfBps(10_000 - offer.revenueSplitBps) }),
            {
              revenueShare: <span className="font-semibold">{i18n._("{percent} revenue share", { percent: percentOfBps(offer.revenueSplitBps) })}</span>,
            },
          )}
        </li>
        <li>
          {withElements(i18n._("Priority processing with {delivery}", slots("delivery")), {
            delivery: <span className="font-semibold">{i18n._("{window} delivery", { window: deliveryText(offer.package, i18n) })}</span>,
          })}
        </li>
        <li>{i18n._("Full promotion on the partner platform")}</li>
      </ul>
      {newCardNotice && (
        <p role="alert" className="rounded-xl border border-amber-500/60 bg-amber-500/10 p-3 font-medium">
          {newCardNotice}
        </p>
      )}
      {unavailable ? (
        <div className="space-y-3">
          <p role="alert" className="rounded-xl border border-amber-500/60 bg-amber-500/10 p-3 font-medium">
            {unavailable}
          </p>
          <Link to={`/approval/${encodeURIComponent(songId)}`} className={buttonClass("primary", "lg")}>
            {i18n._("Pay the distribution fee")}
          </Link>
        </div>
      ) : payment ? (
        <CardPaymentForm
          key={payment.clientSecret}
          title={payment.mode === "card" ? i18n._("Payment details") : i18n._("Confirm with your bank")}
          focusTitle
          submitLabel={payment.mode === "card" ? i18n._("Pay {fee}", { fee }) : i18n._("Authenticate and Pay {fee}", { fee })}
          savedCardOnly={payment.mode === "authenticate"}
          disabled={leaving}
          pay={(card) => (payment.mode === "card" ? card.confirmPayment(payment.clientSecret) : card.authenticatePayment(payment.clientSecret))}
          onSucceeded={() => succeed()}
          onFailed={onCardFailed}
        >
          <p className="text-sm text-muted">
            {payment.mode === "card"
              ? i18n._("Enter a card to pay {fee} and complete your distribution.", { fee })
              : i18n._("Your bank asks you to confirm the payment of {fee} with the card you saved.", { fee })}
          </p>
        </CardPaymentForm>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button size="lg" onClick={() => void onAccept()} disabled={processing} aria-busy={accept.isPending}>
            {accept.isPending ? i18n._("Processing…") : isFinal ? i18n._("ACCEPT FINAL OFFER") : i18n._("I ACCEPT")}
          </Button>
          <Button size="lg" variant="secondary" onClick={() => void navigate("/")} disabled={processing}>
            {i18n._("Decline Offer")}
          </Button>
        </div>
      )}
      <p className="text-xs text-muted">
        {i18n._("Standard distribution costs {price}. This offer is for this song only.", { price: formatMoney(PACKAGES.standard.feeCents, i18n.language) })}
      </p>
    </section>
  );
}
