/**
 * A payment the card-network rules skipped before Stripe was called can still be paid with the
 * card form: it is reopened (status `claimed` again) unless another payment took the song meanwhile.
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context";

export async function reopenRefusedPayment(ctx: Ctx, paymentId: string): Promise<boolean> {
  try {
    const result = await ctx.db.run(sql`update payments set status = 'claimed', updated_at = ${ctx.now()} where id = ${paymentId} and status = 'skipped'`);
    return result.meta.changes === 1;
  } catch {
    // The partial unique index: the song has another open payment now.
    return false;
  }
}
