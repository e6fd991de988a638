/**
 * The refunds module's queue message and its runner (platform/job.ts): asking Stripe for a refund.
 */
import { stripeReady } from "../../platform/context";
import type { JobRunners } from "../../platform/job-runners";
import { sendRefund } from "../send-refund";

declare module "../../platform/job" {
  interface JobMessages {
    /** Ask Stripe for a refund row's refund; the row counts the keys a 500 spent. */
    "refund.send": { refundId: string };
  }
}

export const refundJobs = {
  "refund.send": (ctx, job) => sendRefund(stripeReady(ctx), job.refundId),
} satisfies JobRunners<"refund.send">;
