/**
 * Receipts signed before they carried `typ: "jplay-receipt+jwt"` (receipt-token.ts) are signed again,
 * with the same claims and the current key, when the listener's library is read, and the stored token
 * replaced: redemption refuses the generic `typ: "JWT"`, and the library is where a provider fetches a
 * listener's receipts afresh (docs/catalogue-and-provider-api.md, "Redemption and libraries"). The claims come from JPlay's own
 * stored token, never from a caller. The update is conditional on the old token, so two readers at
 * once keep one new token.
 */
import { and, eq } from "drizzle-orm";
import { receipts } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { fromBase64url } from "./base64url";
import { receiptKeys } from "./receipt-keys";
import type { ReceiptRecord } from "./receipt-records";
import { RECEIPT_TYPE, receiptType, signReceipt, type ReceiptClaims } from "./receipt-token";

/** `records` with every generic-typed token signed again and stored; the others as they were. */
export async function retypeReceipts(ctx: Ctx, records: ReceiptRecord[]): Promise<ReceiptRecord[]> {
  if (records.every((record) => receiptType(record.token) === RECEIPT_TYPE)) return records;
  const keys = await receiptKeys(ctx.env);
  return Promise.all(
    records.map(async (record) => {
      if (receiptType(record.token) === RECEIPT_TYPE) return record;
      const claims = JSON.parse(new TextDecoder().decode(fromBase64url(record.token.split(".")[1] ?? "")!)) as ReceiptClaims;
      const token = await signReceipt(keys.signingKey, keys.kid, claims);
      await ctx.db
        .update(receipts)
        .set({ token, kid: keys.kid })
        .where(and(eq(receipts.id, record.id), eq(receipts.token, record.token)));
      const [stored] = await ctx.db.select({ token: receipts.token }).from(receipts).where(eq(receipts.id, record.id));
      return { ...record, token: stored?.token ?? token };
    }),
  );
}
