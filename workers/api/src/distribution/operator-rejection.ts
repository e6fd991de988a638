/**
 * An operator stops a paid song before it reaches the facilities, from review or from Distribution
 * Status (`POST /api/admin/songs/{songId}/reject`, admin/routes/songs.ts): a reason from the fixed
 * list with an optional note, or another reason in the operator's own words
 * (schema/src/song-rejection.ts). It is the pipeline's own rejection (`rejectApprovedSong`: one batch
 * with the refund, then the text and the refund's job), with the operator and the reason's code
 * recorded. Only an `approved` song can be rejected; the conditional update decides, so a repeat or
 * two operators at once reject it once, and the song's status then says why nothing changed
 * (docs/decisions/025-refunds-of-rejected-songs.md).
 */
import { eq } from "drizzle-orm";
import { rejectionText, type SongRejection } from "@jplay/schema/song-rejection";
import type { SongStatus } from "@jplay/schema/tables";
import { songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { AppError, notFound } from "../platform/errors";
import { rejectApprovedSong } from "./distribution-pipeline";
import { auditEntry } from "../platform/audit-log";

/** Why a song in each other status cannot be rejected (409). */
export const NOT_REJECTABLE: Record<Exclude<SongStatus, "approved">, string> = {
  pending: "This song has not been paid for yet: there is nothing to reject.",
  distributed: "This song is already live in the catalogue and can no longer be rejected.",
  rejected: "This song was already rejected.",
  removed: "This song was removed: it can no longer be rejected.",
};

/** Rejects the song for `actor` (the operator's identity); answers its status, `rejected`, or throws why it was not. */
export async function rejectSongByOperator(ctx: Ctx, songId: string, rejection: SongRejection, actor: string): Promise<SongStatus> {
  const reason = rejectionText(rejection);
  if (await rejectApprovedSong(ctx, songId, { reason, cause: `Rejected by ${actor}: ${reason}`, actor, code: rejection.reason })) {
    // Recorded once the rejection landed (it is the pipeline's own batch, with its refund).
    await ctx.db.run(auditEntry({ at: ctx.now(), actor, action: "review_rejected", songId, detail: `Rejected by ${actor}: ${reason}` }));
    return "rejected";
  }
  const [song] = await ctx.db.select({ status: songs.status }).from(songs).where(eq(songs.id, songId)).limit(1);
  if (!song) throw notFound("No song with this id.");
  // Approved again cannot happen (statuses only move forward), but a changed mind must not read as success.
  if (song.status === "approved") throw new AppError(409, "not_rejected", "The song could not be rejected. Please try again.");
  throw new AppError(409, song.status === "rejected" ? "already_rejected" : "not_rejectable", NOT_REJECTABLE[song.status]);
}
