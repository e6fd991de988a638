/**
 * The payments module's public surface: what other modules and the Worker's entry points may import.
 */
export { listPaymentMismatches } from "./admin/admin-payment-mismatches";
export { listAdminPayments } from "./admin/admin-payments";
export { recountAdminSummary } from "./admin/admin-summary-counts";
export { listRecoveryPayments } from "./admin/admin-recovery-payments";
export { NO_FAILED_PAYMENTS_MESSAGE, RETRY_BATCH_MAX_ITEMS, createRetryBatch, readRetryBatch } from "./admin/admin-retry";
export { closeOpenPayment } from "./checkout/close-open-payment";
export { completeDistribution } from "./checkout/complete-distribution";
export { chargeRetryItem } from "./jobs/admin-charge";
export { reconcileStripeTask } from "./jobs/reconcile-stripe";
export { loadProPlan, setProCancelAtPeriodEnd } from "./pro/pro-plan";
export { makeRecoveryOffer } from "./recovery/recovery-offer";
export { renewalConfirmation } from "./pro/renewal-confirmation";
export { confirmedReplacement, defaultCard, finishCardReplacement, startCardReplacement } from "./cards/replace-card";
export { createPaymentIntentRoutes } from "./routes/create-payment-intent";
export { createSetupIntentRoutes } from "./routes/create-setup-intent";
export { getOrCreateSubscriptionRoutes } from "./routes/get-or-create-subscription";
export { savePaymentMethodRoutes } from "./routes/save-payment-method";
export { webhookRoutes } from "./routes/webhooks/index";
export { openPaymentOf } from "./checkout/song-payments";
export { listAdminDisputes, submitDisputeEvidence } from "./disputes/index";
export { paymentJobs } from "./jobs/payment-jobs";
