/**
 * /subscribe (docs/product.md, Screens; Errors; Prices and limits): the JPlay Pro plan card ($14.99/month and what it brings)
 * and the payment details. The server gets or creates the artist's one subscription; confirming
 * its first payment starts Pro (the server activates it once Stripe reports the invoice paid).
 */
import { useNavigate } from "@/lib/router/location";
import { PACKAGES, PRO_MONTHLY_CENTS } from "@jplay/schema/pricing";
import { apiErrorMessage } from "@/lib/error-message";
import { useI18n, type Translator } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";
import { slots, withElements } from "@/lib/i18n/with-elements";
import { toast } from "@/lib/toast";
import { refreshMe, SavedCardRequired } from "@/features/me";
import { getOrCreateSubscription } from "../api/get-or-create-subscription";
import type { CardPayments, CardResult } from "../card-payments";
import { percentOfBps } from "../package-facts";
import { CardPaymentForm, type CardPaymentFailure } from "./card-payment-form";

const HOUR_MS = 60 * 60 * 1000;

const features = (i18n: Translator) => [
  i18n._("Unlimited distribution"),
  i18n._("{hours}-hour priority processing", { hours: PACKAGES.pro.deliveryWindowMs.max / HOUR_MS }),
  i18n._("{percent} revenue split", { percent: percentOfBps(PACKAGES.pro.revenueSplitBps) }),
  i18n._("Monthly statements of your sales and payouts"),
  i18n._("Cancel any time from your artist page"),
];

export function ProSubscription() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const price = formatMoney(PRO_MONTHLY_CENTS, i18n.language);

  async function pay(card: CardPayments): Promise<CardResult> {
    const { clientSecret } = await getOrCreateSubscription();
    return card.confirmPayment(clientSecret);
  }

  const onSucceeded = () => {
    toast.success(i18n._("Subscription Successful"), i18n._("Welcome to JPlay Pro."));
    refreshMe();
    void navigate("/subscription-success");
  };

  const onFailed = ({ message, exception }: CardPaymentFailure) => {
    const failedBody = i18n._("Your subscription could not be started. Please try again.");
    toast.error(i18n._("Subscription Failed"), message || (exception ? apiErrorMessage(exception, failedBody) : failedBody));
  };

  return (
    <div className="grid items-start gap-8 md:grid-cols-2">
      <section aria-labelledby="pro-plan-heading" className="space-y-4 rounded-3xl border-2 border-accent bg-surface p-5 sm:p-8">
        <h2 id="pro-plan-heading" className="text-2xl font-extrabold">
          JPlay Pro
        </h2>
        <p className="text-muted">
          {withElements(i18n._("{price}/month", slots("price")), { price: <span className="text-4xl font-extrabold text-fg">{price}</span> })}
        </p>
        <ul className="space-y-2">
          {features(i18n).map((feature) => (
            <li key={feature} className="flex gap-2">
              <span aria-hidden="true" className="text-success">
                ✓
              </span>
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">
          {i18n._("Billed monthly to your card. Cancel any time on your private artist page: Pro stays on until the end of the month you paid for.")}
        </p>
      </section>
      <section aria-label={i18n._("Payment")} className="space-y-4 rounded-3xl border border-line bg-surface p-5 sm:p-8">
        <SavedCardRequired returnTo="/subscribe">
          <CardPaymentForm
            title={i18n._("Payment details")}
            submitLabel={i18n._("Subscribe for {price}/month", { price })}
            pay={pay}
            onSucceeded={onSucceeded}
            onFailed={onFailed}
          />
        </SavedCardRequired>
      </section>
    </div>
  );
}
