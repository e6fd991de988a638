/**
 * Runs a confirmed batch of charges with the product's toasts (docs/product.md, Errors): 'Processing Payments' when it
 * starts, 'Payment Retry Results' ("X successful, Y failed", destructive when none succeeded) once the
 * Queue has finished the batch, 'Error Retrying Payments' when the request fails. The admin data is
 * refetched afterwards so the tables show the new statuses.
 */
import { useState } from "react";
import { hasErrorCode } from "@/lib/api-client";
import { invalidate } from "@/lib/query";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import type { PlannedCharge } from "./admin-data";
import { adminKeys } from "./api/admin-keys";
import { waitForBatch } from "./api/get-retry-batch";
import { retryPayments } from "./api/retry-payments";

export type ChargeKind = "retry" | "initial";

export const NO_FAILED_PAYMENTS = {
  title: "No Failed Payments",
  description: "There are no failed payments to retry for the selected payment methods.",
};

export function startDescription(kind: ChargeKind, count: number): string {
  return kind === "retry" ? `Attempting to retry ${count} payment(s)...` : `Attempting to charge ${count} artist(s) $7.99 each...`;
}

export function resultDescription(summary: { succeeded: number; failed: number }, pending: number): string {
  const text = `${summary.succeeded} successful, ${summary.failed} failed`;
  return pending > 0 ? `${text}, ${pending} still processing` : text;
}

export function useRunCharges() {
  const [processing, setProcessing] = useState(false);

  async function run(kind: ChargeKind, charges: readonly PlannedCharge[]): Promise<void> {
    if (charges.length === 0) {
      toast.error(NO_FAILED_PAYMENTS.title, NO_FAILED_PAYMENTS.description);
      return;
    }
    setProcessing(true);
    toast.info("Processing Payments", startDescription(kind, charges.length));
    try {
      const started = await retryPayments({ payments: charges.map((charge) => charge.request) });
      const finished = await waitForBatch(started);
      const description = resultDescription(finished.summary, finished.pending);
      if (finished.pending > 0) toast.info("Payment Retry Results", description);
      else if (finished.summary.succeeded === 0) toast.error("Payment Retry Results", description);
      else toast.success("Payment Retry Results", description);
    } catch (error) {
      toast.error("Error Retrying Payments", apiErrorMessage(error, "An error occurred while retrying payments"));
      // A lapsed session shows the sign-in form again.
      if (hasErrorCode(error, "unauthorized")) void invalidate(adminKeys.session());
    } finally {
      setProcessing(false);
      void invalidate(adminKeys.data());
    }
  }

  return { processing, run };
}
