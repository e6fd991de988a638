/**
 * /checkout's payment (docs/product.md, Screens; Calls; Errors): the one-off $99.00 distribution fee with Pay Now.
 * The server creates the PaymentIntent for the session's song awaiting payment at its own price and
 * names the song; a paid fee goes to that song's confirmation. Failures toast 'Payment Failed' and stay.
 */
import { useRef } from "react";
import { useNavigate } from "@/lib/router/location";
import { formatCents, ONE_OFF_FEE_CENTS } from "@jplay/schema/pricing";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { refreshMe, SavedCardRequired } from "@/features/me";
import { createPaymentIntent } from "../api/create-payment-intent";
import type { CardPayments, CardResult } from "../card-payments";
import { CardPaymentForm, type CardPaymentFailure } from "./card-payment-form";

const FAILED = "Payment Failed";
const FAILED_BODY = "Your payment could not be completed. Please try again.";

export function OneOffPayment() {
  const navigate = useNavigate();
  const paidSongId = useRef<string | null>(null);

  async function pay(card: CardPayments): Promise<CardResult> {
    const intent = await createPaymentIntent();
    if (!intent.songId) throw new Error("The server did not say which song this payment is for.");
    paidSongId.current = intent.songId;
    return card.confirmPayment(intent.clientSecret);
  }

  const onSucceeded = () => {
    toast.success("Payment Successful", "Your distribution fee is paid.");
    refreshMe();
    if (paidSongId.current) void navigate(`/confirmation/${encodeURIComponent(paidSongId.current)}`);
  };

  const onFailed = ({ message, exception }: CardPaymentFailure) =>
    toast.error(FAILED, message || (exception ? apiErrorMessage(exception, FAILED_BODY) : FAILED_BODY));

  return (
    <section aria-labelledby="checkout-fee-heading" className="space-y-5 rounded-3xl border border-line bg-surface p-5 sm:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="checkout-fee-heading" className="text-xl font-bold">
          One-off distribution fee
        </h2>
        <p className="text-3xl font-extrabold">{formatCents(ONE_OFF_FEE_CENTS)}</p>
      </div>
      <p className="text-muted">A single payment for the song you submitted. No subscription, no hidden fees.</p>
      <SavedCardRequired returnTo="/checkout">
        <CardPaymentForm title="Payment details" submitLabel="Pay Now" pay={pay} onSucceeded={onSucceeded} onFailed={onFailed} />
      </SavedCardRequired>
    </section>
  );
}
