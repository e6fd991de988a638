/** The Worker's two Cron Triggers (wrangler.toml [triggers]), here alone so scripts and browser tests can name them without loading the Worker. */
/** 00:00 UTC: the daily payout run (weekly artists on Mondays). */
export const DAILY_CRON = "0 0 * * *";
/** Every 15 minutes: deliveries due, lost jobs re-queued, Stripe reconciled, housekeeping. */
export const DELIVERY_CRON = "*/15 * * * *";
