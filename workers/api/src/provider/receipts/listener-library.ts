/** A listener's library: every receipt JPlay signed for them, with its state, for restoring a device or moving to another provider. */
import type { LibraryAnswer } from "@jplay/schema/receipts";
import type { Ctx } from "../../platform/context";
import { receiptsOfListener, receiptState } from "./receipt-records";
import { retypeReceipts } from "./retype-receipts";

export async function listenerLibrary(ctx: Ctx, listenerId: string): Promise<LibraryAnswer> {
  // Receipts from before the explicit type are signed again here, so the library always answers redeemable ones.
  const records = await retypeReceipts(ctx, await receiptsOfListener(ctx, listenerId));
  return {
    listenerId,
    receipts: records.map((record) => ({
      receiptId: record.id,
      receipt: record.token,
      purchaseId: record.purchaseId,
      songId: record.songId,
      isrc: record.isrc,
      title: record.title,
      artistName: record.artistName,
      priceCents: record.priceCents,
      purchasedAt: new Date(record.purchasedAt).toISOString(),
      state: receiptState(record),
    })),
  };
}
