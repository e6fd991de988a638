/**
 * /subscribe (docs/product.md, Screens; Errors; Prices and limits): the JPlay Pro plan card ($14.99/month and what it brings)
 * and the payment details. The server gets or creates the artist's one subscription; confirming
 * its first payment starts Pro (the server activates it once Stripe reports the invoice paid).
 */
import { useNavigate } from "@/lib/router/location";
import { formatCents, PACKAGES, PRO_MONTHLY_CENTS } from "@jplay/schema/pricing";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { refreshMe, SavedCardRequired } from "@/features/me";
import { getOrCreateSubscription } from "../api/get-or-create-subscription";
import type { CardPayments, CardResult } from "../card-payments";
import { percentOfBps } from "../package-facts";
import { CardPaymentForm, type CardPaymentFailure } from "./card-payment-form";

const FAILED = "Subscription Failed";
const FAILED_BODY = "Your subscription could not be started. Please try again.";

const HOUR_MS = 60 * 60 * 1000;

const FEATURES = [
  "Unlimited distribution",
  `${PACKAGES.pro.deliveryWindowMs.max / HOUR_MS}-hour priority processing`,
  `${percentOfBps(PACKAGES.pro.revenueSplitBps)} revenue split`,
  "Monthly statements of your sales and payouts",
  "Cancel any time from your artist page",
];

export function ProSubscription() {
  const navigate = useNavigate();

  async function pay(card: CardPayments): Promise<CardResult> {
    const { clientSecret } = await getOrCreateSubscription();
    return card.confirmPayment(clientSecret);
  }

  const onSucceeded = () => {
    toast.success("Subscription Successful", "Welcome to JPlay Pro.");
    refreshMe();
    void navigate("/subscription-success");
  };

  const onFailed = ({ message, exception }: CardPaymentFailure) =>
    toast.error(FAILED, message || (exception ? apiErrorMessage(exception, FAILED_BODY) : FAILED_BODY));

  return (
    <div className="grid items-start gap-8 md:grid-cols-2">
      <section aria-labelledby="pro-plan-heading" className="space-y-4 rounded-3xl border-2 border-accent bg-surface p-5 sm:p-8">
        <h2 id="pro-plan-heading" className="text-2xl font-extrabold">
          JPlay Pro
        </h2>
        <p>
          <span className="text-4xl font-extrabold">{formatCents(PRO_MONTHLY_CENTS)}</span>
          <span className="text-muted">/month</span>
        </p>
        <ul className="space-y-2">
          {FEATURES.map((feature) => (
            <li key={feature} className="flex gap-2">
              <span aria-hidden="true" className="text-success">
                ✓
              </span>
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">Billed monthly to your card. Cancel any time on your private artist page: Pro stays on until the end of the month you paid for.</p>
      </section>
      <section aria-label="Payment" className="space-y-4 rounded-3xl border border-line bg-surface p-5 sm:p-8">
        <SavedCardRequired returnTo="/subscribe">
          <CardPaymentForm title="Payment details" submitLabel={`Subscribe for ${formatCents(PRO_MONTHLY_CENTS)}/month`} pay={pay} onSucceeded={onSucceeded} onFailed={onFailed} />
        </SavedCardRequired>
      </section>
    </div>
  );
}
