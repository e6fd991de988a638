/**
 * Issuing receipts for recorded purchases: every purchase with a listener gets one receipt, signed
 * once and stored (table receipts), so a report sent again answers the very same receipt. Built from
 * the stored purchase row, never from the report that names it again: a redelivered report cannot
 * change whom a purchase belongs to. Two reports at once may both sign one; the receipt row's unique
 * purchase id keeps the first, and both answer it.
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { IssuedReceipt } from "@jplay/schema/purchases";
import { purchases, receipts } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import type { ReceiptKeys } from "./receipt-keys";
import { RECEIPT_ISSUER, signReceipt } from "./receipt-token";

/** The receipts of `purchaseIds` (those with a listener), signing the missing ones with `keys`; by purchase id. */
export async function issueReceipts(ctx: Ctx, keys: ReceiptKeys, purchaseIds: readonly string[], now = ctx.now()): Promise<Map<string, IssuedReceipt>> {
  const ids = JSON.stringify(purchaseIds);
  const missing = await ctx.db
    .select({
      id: purchases.id,
      songId: purchases.songId,
      listenerId: purchases.listenerId,
      isrc: purchases.isrc,
      priceCents: purchases.priceCents,
      purchasedAt: purchases.purchasedAt,
    })
    .from(purchases)
    .leftJoin(receipts, eq(receipts.purchaseId, purchases.id))
    .where(and(sql`${purchases.id} in (select value from json_each(${ids}))`, isNotNull(purchases.listenerId), isNull(receipts.id)));

  if (missing.length > 0) {
    const issuedAt = Math.floor(now / 1000);
    const rows = await Promise.all(
      missing.map(async (purchase) => {
        const listenerId = purchase.listenerId!;
        const receiptId = crypto.randomUUID();
        const token = await signReceipt(keys.signingKey, keys.kid, {
          iss: RECEIPT_ISSUER,
          jti: receiptId,
          sub: listenerId,
          iat: issuedAt,
          isrc: purchase.isrc,
          songId: purchase.songId,
          priceCents: purchase.priceCents,
          currency: "USD",
          purchasedAt: Math.floor(purchase.purchasedAt / 1000),
          purchaseId: purchase.id,
        });
        return {
          id: receiptId,
          purchaseId: purchase.id,
          listenerId,
          songId: purchase.songId,
          isrc: purchase.isrc,
          priceCents: purchase.priceCents,
          purchasedAt: purchase.purchasedAt,
          token,
        };
      }),
    );
    // One statement for the lot (D1 binds at most 100 values a statement); a receipt already there is kept.
    await ctx.db.run(sql`
      insert into receipts (id, purchase_id, listener_id, song_id, isrc, price_cents, purchased_at, issued_at, kid, token)
      select json_extract(r.value, '$.id'), json_extract(r.value, '$.purchaseId'), json_extract(r.value, '$.listenerId'), json_extract(r.value, '$.songId'),
        json_extract(r.value, '$.isrc'), json_extract(r.value, '$.priceCents'), json_extract(r.value, '$.purchasedAt'), ${now}, ${keys.kid}, json_extract(r.value, '$.token')
      from json_each(${JSON.stringify(rows)}) r
      where true
      on conflict (purchase_id) do nothing`);
  }

  const issued = await ctx.db
    .select({ id: receipts.id, purchaseId: receipts.purchaseId, token: receipts.token })
    .from(receipts)
    .where(sql`${receipts.purchaseId} in (select value from json_each(${ids}))`);
  return new Map(issued.map((row) => [row.purchaseId, { receiptId: row.id, receipt: row.token }]));
}
