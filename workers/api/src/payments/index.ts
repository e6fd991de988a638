/**
 * The payments module's public surface: what other modules and the Worker's entry points may import.
 */
export { listPaymentMismatches } from "./admin-payment-mismatches";
export { listAdminPayments } from "./admin-payments";
export { recountAdminSummary } from "./admin-summary-counts";
export { listRecoveryPayments } from "./admin-recovery-payments";
export { NO_FAILED_PAYMENTS_MESSAGE, RETRY_BATCH_MAX_ITEMS, createRetryBatch, readRetryBatch } from "./admin-retry";
export { closeOpenPayment } from "./close-open-payment";
export { completeDistribution } from "./complete-distribution";
export { chargeRetryItem } from "./jobs/admin-charge";
export { reconcileStripeTask } from "./jobs/reconcile-stripe";
export { loadProPlan, setProCancelAtPeriodEnd } from "./pro-plan";
export { makeRecoveryOffer } from "./recovery-offer";
export { renewalConfirmation } from "./renewal-confirmation";
export { confirmedReplacement, defaultCard, finishCardReplacement, startCardReplacement } from "./replace-card";
export { createPaymentIntentRoutes } from "./routes/create-payment-intent";
export { createSetupIntentRoutes } from "./routes/create-setup-intent";
export { getOrCreateSubscriptionRoutes } from "./routes/get-or-create-subscription";
export { savePaymentMethodRoutes } from "./routes/save-payment-method";
export { webhookRoutes } from "./routes/webhooks/index";
export { openPaymentOf } from "./song-payments";
export { listAdminDisputes, submitDisputeEvidence } from "./disputes/index";
