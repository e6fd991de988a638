/**
 * A payment the card-network rules skipped before Stripe was called can still be paid with the
 * card form: it is reopened (status `claimed` again) unless another payment took the song meanwhile.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../platform/db";

export async function reopenRefusedPayment(db: Db, paymentId: string): Promise<boolean> {
  try {
    const result = await db.run(sql`update payments set status = 'claimed', updated_at = ${Date.now()} where id = ${paymentId} and status = 'skipped'`);
    return result.meta.changes === 1;
  } catch {
    // The partial unique index: the song has another open payment now.
    return false;
  }
}
