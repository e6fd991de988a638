/**
 * What the artist's page says of each rejected song's fee (docs/decisions/025): on its way, waiting
 * for JPlay's funds at Stripe, refunded, failed (with the message operators also see), or nothing to refund because Pro paid no per-song fee.
 */
import { inArray } from "drizzle-orm";
import type { ArtistSongRefund } from "@jplay/schema/artist";
import { waitsForFunds } from "@jplay/schema/refunds";
import { refunds, type RefundStatus, type SongPackage, type SongStatus } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";

const stateOf = (refund: { status: RefundStatus; pendingReason: string | null }): ArtistSongRefund["state"] =>
  refund.status === "succeeded"
    ? "refunded"
    : refund.status === "failed" || refund.status === "canceled"
      ? "failed"
      : waitsForFunds(refund)
        ? "waiting_for_funds"
        : "on_its_way";

export async function songRefundViews(
  ctx: Ctx,
  songs: { id: string; status: SongStatus; package: SongPackage | null }[],
): Promise<Map<string, ArtistSongRefund>> {
  const rejected = songs.filter((song) => song.status === "rejected");
  const views = new Map<string, ArtistSongRefund>();
  if (rejected.length === 0) return views;
  // An artist has few rejected songs; D1 binds at most 100 parameters per statement.
  const rows = await ctx.db
    .select()
    .from(refunds)
    .where(
      inArray(
        refunds.songId,
        rejected.slice(0, 90).map((song) => song.id),
      ),
    );
  for (const row of rows) if (row.songId) views.set(row.songId, { state: stateOf(row), amountCents: row.amountCents, message: row.failureReason });
  for (const song of rejected) if (!views.has(song.id) && song.package === "pro") views.set(song.id, { state: "pro", amountCents: 0, message: null });
  return views;
}
