/**
 * Disputes (chargebacks) on JPlay's charges (docs/decisions/093-disputes.md): recording them from
 * Stripe's events (what they hold back is src/disputes/).
 */
export { onDisputeEvent } from "./apply-dispute";
export { onEarlyFraudWarning } from "./fraud-warning";

export { listAdminDisputes, submitDisputeEvidence } from "./admin-disputes";
