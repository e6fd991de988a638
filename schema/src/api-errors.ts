/**
 * The machine-readable `code` of every error the Worker answers (`{error:{code,message}}`,
 * docs/product.md, Errors). The Worker throws only these (workers/api/src/platform/errors.ts) and the web app
 * branches on them, never on HTTP status numbers (apps/web/src/lib/api-client.ts `hasErrorCode`), so
 * renaming or removing one breaks the build on both sides. A declined card's 402 is the one answer
 * whose code is not listed: it is the card network's decline code, passed through for the record.
 */
export type ApiErrorCode =
  // Any caller
  | "bad_request"
  | "not_found"
  | "misdirected"
  | "unauthorized"
  | "forbidden"
  | "payload_too_large"
  | "rate_limited"
  | "internal"
  // Catalogue and media
  | "unknown_facility"
  | "media_changed"
  // Artists: distribution, payment, Pro
  | "too_many_attempts"
  | "too_many_unpaid_songs"
  | "payment_in_progress"
  | "request_reused"
  | "offer_unavailable"
  | "card_refused"
  | "no_customer"
  | "setup_not_succeeded"
  | "already_subscribed"
  // Operators: disputes, refunds
  | "dispute_closed"
  | "refund_not_failed"
  | "no_pro_subscription"
  | "pro_subscription_ended"
  | "no_phone"
  | "phone_code_invalid"
  | "phone_code_expired"
  // Collaborators (docs/splits.md): a page whose phone has not been confirmed by a code
  | "phone_not_confirmed"
  // Payment setup past a limit: a Turnstile challenge (docs/decisions/084)
  | "challenge_required"
  | "challenge_failed"
  | "challenge_unavailable"
  // Operators
  | "wrong_password"
  | "already_reviewed"
  | "not_reviewable"
  | "not_correctable"
  | "already_rejected"
  | "not_rejectable"
  | "already_taken_down"
  | "not_taken_down"
  | "not_rejected"
  | "not_live"
  | "no_failed_payments"
  | "needs_override"
  | "catalogue_match"
  | "stale_version"
  | "name_taken"
  | "not_held"
  | "already_blocked"
  | "already_decided"
  // The facility's provider
  | "invalid_link"
  | "link_expired"
  | "invalid_signature"
  | "missing_signature"
  | "invalid_timestamp"
  | "stale_timestamp"
  | "timestamp_in_future"
  | "replayed_signature"
  | "session_revoked"
  | "settlement_conflict"
  | "unknown_provider"
  | "invalid_receipt"
  | "receipt_revoked"
  | "rights_removed"
  | "redemption_limit"
  | "already_revoked"
  | "unknown_listener"
  | "unknown_transfer_code"
  | "unknown_attempt"
  // Stripe and configuration
  | "api_version_mismatch"
  | "payments_unavailable"
  | "payments_unconfigured"
  | "sessions_unconfigured"
  | "sms_not_configured"
  | "webhooks_unconfigured"
  | "not_configured";
