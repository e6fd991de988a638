/**
 * What a dispute holds back (docs/decisions/093-disputes.md), for the paths it holds: card charges,
 * payouts, deliveries to the catalogue. A leaf module (it reads the `disputes` table only), so the
 * ledger, payments and distribution can all ask it; recording disputes is payments/disputes/.
 */
export { OPEN_CHARGEBACK, cardChargedBack, payoutsHeldByDispute, songHeldByDispute } from "./dispute-holds";
