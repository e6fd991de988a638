/**
 * The texts module's public surface: what other modules and the Worker's entry points may import.
 */
export { listTextMessages } from "./admin-text-messages";
export {
  payoutSentText,
  textPayoutFailed,
  textPayoutReversed,
  textCardSaved,
  textPaymentOutcome,
  textRenewalNeedsConfirmation,
  textSongAlreadyInCatalogue,
  textSongHeld,
  textSongOutcome,
  textSongRestored,
  textSongTakenDown,
  textSplitShareReturning,
  textSplitInvitation,
  type LinkForText,
} from "./event-texts";
export { sendText, sendTexts } from "./jobs/send-text";
export { outboxTextsStatement, queueTextSends } from "./text-messages";
export { requeueStuckTextsTask } from "./jobs/text-tasks";
export { toE164 } from "./phone-number";
export { servedSmsCountries, textsReach } from "./sms-countries";
export {
  artistPhone,
  checkPhoneCode,
  confirmPhoneCode,
  maskedNumber,
  newPhoneCode,
  phoneCodeExpiry,
  phoneCodeAsks,
  phoneCodeHash,
  phoneCodeTries,
  sendPhoneCode,
  textPhoneCode,
  PHONE_MESSAGES,
} from "./phone-confirmation";
export { smsRoutes } from "./routes/sms";
export { optOutByOperator } from "./sms-opt-outs";
export { textJobs } from "./jobs/text-jobs";
