/**
 * The provider module's public surface: what other modules and the Worker's entry points may import.
 */
export { providerRoutes } from "./routes/index";
export { purgeProviderStateTask } from "./provider-housekeeping";
export { JWKS_PATH, receiptJwks } from "./routes/jwks";
export { refundRightsRemoval } from "./receipts/refund-rights-removal";
export { jplayPartyId } from "./ern/ddex-parties";
export { adminReceipt, redemptionsByProvider, revokeReceipt } from "./receipts/admin-receipts";
export { approveDownloadCredit, denyDownloadCredit, downloadCreditQueue } from "./receipts/download-credit-review";
