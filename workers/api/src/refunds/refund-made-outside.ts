/**
 * A refund made in Stripe's Dashboard (or by anyone but the product) of a song's payment is booked
 * as the payment's refund (docs/decisions/095-stripe-strictness.md): Stripe tells of it with
 * `refund.created` (and `refund.updated` / `charge.refund.updated` as it moves), naming no refund row
 * of ours (`metadata.refundId`, which every refund the product makes carries). The row is written
 * once per payment (its unique payment_id): whichever of the events comes first writes it, the others
 * find it by Stripe's refund id, and refund-status.ts then records the ledger and status as for a
 * refund of our own. A payment the product already refunds keeps its own row: nothing is booked twice.
 */
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Ctx } from "../platform/context";
import { REFUND_ROW_COLUMNS, type RefundRow } from "./refund-row";

/** What the artist and operators read as the reason of a refund made outside the product. */
export const REFUND_MADE_OUTSIDE_REASON = "Refunded in Stripe's Dashboard";

const intentIdOf = (refund: Stripe.Refund): string | null =>
  typeof refund.payment_intent === "string" ? refund.payment_intent : (refund.payment_intent?.id ?? null);

/** The refund row for a refund made outside the product, written if missing; null when it is not of a payment of ours. */
export async function bookRefundMadeOutside(ctx: Ctx, refund: Stripe.Refund): Promise<RefundRow | null> {
  const intentId = intentIdOf(refund);
  if (refund.metadata?.refundId || !intentId) return null;
  const now = ctx.now();
  await ctx.db.run(sql`
    insert into refunds (id, payment_id, song_id, artist_id, amount_cents, reason, status, stripe_refund_id, created_at, updated_at)
    select ${crypto.randomUUID()}, p.id, p.song_id, p.artist_id, ${refund.amount}, ${REFUND_MADE_OUTSIDE_REASON}, 'pending', ${refund.id}, ${now}, ${now}
    from payments p where p.stripe_payment_intent_id = ${intentId} and p.status = 'succeeded' and p.amount_cents > 0
    on conflict do nothing`);
  const [row] = await ctx.db.all<RefundRow>(sql`select ${REFUND_ROW_COLUMNS} from refunds where stripe_refund_id = ${refund.id} limit 1`);
  if (!row) console.warn(JSON.stringify({ level: "warn", msg: "refund made outside the product not booked", refund: refund.id, paymentIntent: intentId }));
  return row ?? null;
}
