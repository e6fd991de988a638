/** The payments feature's public face: what the distribution, recovery, artist and admin features may use. */
export { checkAttempt, checkOptionSwitch, NO_ATTEMPTS, recordAttempt, recordOptionSwitch, secondsText } from "./attempt-rules";
export type { CardPayments } from "./card-payments";
export { CardDetails } from "./components/card-details";
export { CardPaymentForm, type CardPaymentFailure } from "./components/card-payment-form";
export { DOWNLOADS_IN_ESTIMATE, estimatedEarningsCents } from "./estimated-earnings";
export { deliveryText, percentOfBps, shortDollars } from "./package-facts";
export { PaymentsProvider } from "./payments-provider";
export { brandName, type SavedPayment } from "./saved-payment";
export { markDistributionSuccess } from "./success-flags";
export { useDelayedNavigate } from "./use-delayed-navigate";
