/**
 * The payments module's queue message and its runner (platform/job.ts): one charge of an operator's batch.
 */
import type { JobRunners } from "../../platform/job-runners";
import { chargeRetryItem } from "./admin-charge";

declare module "../../platform/job" {
  interface JobMessages {
    /** Charge one item of an operator's retry or Charge All batch. */
    "admin.charge": { itemId: string };
  }
}

export const paymentJobs = {
  "admin.charge": (ctx, job) => chargeRetryItem(ctx, job.itemId),
} satisfies JobRunners<"admin.charge">;
