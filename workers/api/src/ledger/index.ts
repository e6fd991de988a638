/**
 * The ledger module's public surface: what other modules and the Worker's entry points may import.
 */
export { listPurchaseMismatches } from "./admin-purchase-mismatches";
export {
  applyAccountUpdatedEvent,
  refreshOnboardingStatus,
  startCollaboratorOnboarding,
  startConnectOnboarding,
  syncArtistPayoutSchedule,
  type OnboardingUrls,
} from "./connect-accounts";
export { runPayoutPage, startPayoutRun } from "./jobs/payout-run";
export { payCollaborator, runCollaboratorPayoutPage } from "./collaborator-payouts";
export { collaboratorPayoutHistory } from "./collaborator-payout-history";
export { applyConnectPayout } from "./connect-payouts";
export { bookTransferReversals } from "./payout-reversals";
export { ACCOUNTS, accountBalance, artistAvailableBalances, post, postedRefs } from "./ledger";
export { loadMonthlyStatement, monthBounds, monthHasBegun, monthsSince, statementMonths } from "./monthly-statement";
export { readPayoutFunding } from "./payout-funding";
export { connectStatusOf, isPayoutDay, payArtist, payoutMinimumCents, payoutPeriod, payoutsReady } from "./payouts";
export { payArtists } from "./payout-batch";
export { recordProviderSettlement } from "./provider-settlements";
export { centsText, statementCsv, statementFileName, type MonthlyStatement } from "./statement-csv";
export { TAX_YEAR_FIRST, TAX_YEAR_LAST, loadTaxYear, taxYearCsv, taxYearFileName } from "./tax-year";
export { TransferPacer } from "./transfer-pacer";
export { ledgerJobs } from "./jobs/ledger-jobs";
export { recentPayouts } from "./recent-payouts";
