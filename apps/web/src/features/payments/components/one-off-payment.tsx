/**
 * /checkout's payment (docs/product.md, Screens; Calls; Errors): the one-off $99.00 distribution fee with Pay Now.
 * The server creates the PaymentIntent for the session's song awaiting payment at its own price and
 * names the song; a paid fee goes to that song's confirmation. Failures toast 'Payment Failed' and stay.
 */
import { useRef } from "react";
import { useNavigate } from "@/lib/router/location";
import { ONE_OFF_FEE_CENTS } from "@jplay/schema/pricing";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";
import { toast } from "@/lib/toast";
import { refreshMe, SavedCardRequired } from "@/features/me";
import { createPaymentIntent } from "../api/create-payment-intent";
import type { CardPayments, CardResult } from "../card-payments";
import { CardPaymentForm, type CardPaymentFailure } from "./card-payment-form";

export function OneOffPayment() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const paidSongId = useRef<string | null>(null);

  async function pay(card: CardPayments): Promise<CardResult> {
    const intent = await createPaymentIntent();
    if (!intent.songId) throw new Error("The server did not say which song this payment is for.");
    paidSongId.current = intent.songId;
    return card.confirmPayment(intent.clientSecret);
  }

  const onSucceeded = () => {
    toast.success(i18n._("Payment Successful"), i18n._("Your distribution fee is paid."));
    refreshMe();
    if (paidSongId.current) void navigate(`/confirmation/${encodeURIComponent(paidSongId.current)}`);
  };

  const onFailed = ({ message, exception }: CardPaymentFailure) => {
    const failedBody = i18n._("Your payment could not be completed. Please try again.");
    toast.error(i18n._("Payment Failed"), message || (exception ? apiErrorMessage(exception, failedBody) : failedBody));
  };

  return (
    <section aria-labelledby="checkout-fee-heading" className="space-y-5 rounded-3xl border border-line bg-surface p-5 sm:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="checkout-fee-heading" className="text-xl font-bold">
          {i18n._("One-off distribution fee")}
        </h2>
        <p className="text-3xl font-extrabold">{formatMoney(ONE_OFF_FEE_CENTS, i18n.language)}</p>
      </div>
      <p className="text-muted">{i18n._("A single payment for the song you submitted. No subscription, no hidden fees.")}</p>
      <SavedCardRequired returnTo="/checkout">
        <CardPaymentForm title={i18n._("Payment details")} submitLabel={i18n._("Pay Now")} pay={pay} onSucceeded={onSucceeded} onFailed={onFailed} />
      </SavedCardRequired>
    </section>
  );
}
