/**
 * The payment mismatches operators look at in admin (table payment_mismatches, filled by
 * payments/checkout/payment-agreement.ts): newest first, a bounded page, each with the song and artist it concerns.
 */
import { desc, eq } from "drizzle-orm";
import type { AdminPaymentMismatchesResponse } from "@jplay/schema/admin";
import { paymentMismatches, payments } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";

export const PAYMENT_MISMATCHES_SHOWN = 200;

export async function listPaymentMismatches(ctx: Ctx): Promise<AdminPaymentMismatchesResponse> {
  const rows = await ctx.db
    .select({ mismatch: paymentMismatches, songId: payments.songId, artistId: payments.artistId })
    .from(paymentMismatches)
    .innerJoin(payments, eq(payments.id, paymentMismatches.paymentId))
    .orderBy(desc(paymentMismatches.detectedAt))
    .limit(PAYMENT_MISMATCHES_SHOWN);
  return {
    mismatches: rows.map(({ mismatch, songId, artistId }) => ({
      id: mismatch.id,
      paymentId: mismatch.paymentId,
      stripePaymentIntentId: mismatch.stripePaymentIntentId,
      songId,
      artistId,
      source: mismatch.source,
      expected: { amountCents: mismatch.expectedAmountCents, currency: mismatch.expectedCurrency, customer: mismatch.expectedCustomer },
      received: { amountCents: mismatch.receivedAmountCents, currency: mismatch.receivedCurrency, customer: mismatch.receivedCustomer },
      detectedAt: new Date(mismatch.detectedAt).toISOString(),
    })),
  };
}
