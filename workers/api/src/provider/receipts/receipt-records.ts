/**
 * Reading stored receipts with what decides their fate: the song's title and media and why it left
 * the catalogue, the receipt's revocation. A receipt is `rights_removed` while its song is taken down
 * for a rights claim, `revoked` once an operator (or a rights refund) revoked it, `valid` otherwise —
 * a song taken down for its content stays valid for its buyers.
 */
import { eq, sql } from "drizzle-orm";
import type { ReceiptState } from "@jplay/schema/receipts";
import { receipts, songs } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";

const receiptColumns = {
  id: receipts.id,
  purchaseId: receipts.purchaseId,
  listenerId: receipts.listenerId,
  songId: receipts.songId,
  isrc: receipts.isrc,
  priceCents: receipts.priceCents,
  purchasedAt: receipts.purchasedAt,
  issuedAt: receipts.issuedAt,
  kid: receipts.kid,
  token: receipts.token,
  revokedAt: receipts.revokedAt,
  revokedReason: receipts.revokedReason,
  revokedBy: receipts.revokedBy,
  title: songs.title,
  artistName: songs.artistName,
  explicit: songs.explicit,
  audioKey: songs.audioKey,
  coverKey: songs.coverKey,
  takenDownAt: songs.takenDownAt,
  takedownKind: songs.takedownKind,
};

export type ReceiptRecord = Awaited<ReturnType<typeof receiptsById>>[number];

export const receiptState = (record: Pick<ReceiptRecord, "revokedAt" | "takenDownAt" | "takedownKind">): ReceiptState =>
  record.takenDownAt !== null && record.takedownKind === "rights" ? "rights_removed" : record.revokedAt !== null ? "revoked" : "valid";

/** The receipts of these ids that exist. */
export function receiptsById(ctx: Ctx, ids: readonly string[]) {
  return ctx.db
    .select(receiptColumns)
    .from(receipts)
    .innerJoin(songs, eq(songs.id, receipts.songId))
    .where(sql`${receipts.id} in (select value from json_each(${JSON.stringify(ids)}))`);
}

/** A listener's receipts, oldest purchase first. */
export function receiptsOfListener(ctx: Ctx, listenerId: string) {
  return ctx.db
    .select(receiptColumns)
    .from(receipts)
    .innerJoin(songs, eq(songs.id, receipts.songId))
    .where(eq(receipts.listenerId, listenerId))
    .orderBy(receipts.purchasedAt, receipts.id);
}
