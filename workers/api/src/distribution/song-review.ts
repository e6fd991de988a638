/**
 * An operator's approval in review: every paid song is listened to before it can reach the facilities
 * (docs/decisions/029-review-before-delivery.md). Approval records who approved it (and corrects the
 * artist's explicit answer when the operator hears otherwise) in one batch with its song_events row;
 * the song then goes live at its promised time, or at once when that time has already come.
 * Rejection in review is the pipeline's own rejection, with its refund (distribution/operator-rejection.ts).
 * The song is screened against the term lists again first: where it matches a facility's lists it is
 * approved only with an operator's override and its reason, recorded per facility with the approval
 * in the audit log (docs/decisions/067-term-lists-screening-audit.md). A song whose audio matches another
 * artist's song in the catalogue is approved only with an operator's reason it is not a copy, recorded
 * on the match (docs/decisions/103-fingerprint-match-threshold.md).
 */
import { eq, sql } from "drizzle-orm";
import { songs, type SongStatus } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { AppError, notFound } from "../platform/errors";
import { decideCopiesStatement, undecidedCopies } from "./catalogue-matches";
import { deliverDueSongs } from "./distribution-pipeline";
import { auditMatches, facilityFailures, overrideStatements, screenSong } from "../compliance/index";
import { auditEntry } from "../platform/audit-log";

export interface Approval {
  /** The operator's identity, recorded with the decision. */
  actor: string;
  /** The explicit flag as the operator heard it; undefined keeps the artist's answer. */
  explicit?: boolean;
  /** Needed when the song matches a facility's term lists: why it may go there all the same. */
  override?: { reason: string };
  /** Needed when its audio matches another artist's song in the catalogue: why it is not a copy. */
  notACopy?: { reason: string };
}

export type ApprovalOutcome = { status: "approved" | "distributed"; explicit: boolean | null };

/** Why a song in each other state cannot be approved (409). */
const NOT_APPROVABLE: Record<Exclude<SongStatus, "approved">, string> = {
  pending: "This song has not been paid for yet: there is nothing to review.",
  distributed: "This song is already live in the catalogue.",
  rejected: "This song was rejected: it can no longer be approved.",
  removed: "This song was removed: it can no longer be approved.",
};

const explicitWords = (explicit: boolean | null) => (explicit === null ? "not answered" : explicit ? "explicit" : "clean");

/**
 * Approves a paid song once: a repeat, or two operators at once, approve it once (the conditional
 * update decides) and the second is told it was already reviewed. Returns the song's state after.
 */
export async function approveSong(ctx: Ctx, songId: string, { actor, explicit, override, notACopy }: Approval): Promise<ApprovalOutcome> {
  const { db } = ctx;
  const now = ctx.now();
  const [song] = await db
    .select({ status: songs.status, explicit: songs.explicit, reviewedAt: songs.reviewedAt })
    .from(songs)
    .where(eq(songs.id, songId))
    .limit(1);
  if (!song) throw notFound("No song with this id.");
  if (song.status !== "approved") throw new AppError(409, "not_reviewable", NOT_APPROVABLE[song.status]);
  if (song.reviewedAt !== null) throw new AppError(409, "already_reviewed", "This song was already approved.");

  const matches = await screenSong(ctx, songId);
  const failures = await facilityFailures(ctx, songId, matches);
  if (failures.length > 0 && override === undefined) {
    throw new AppError(
      409,
      "needs_override",
      "This song matches the term lists of {facilities}: approve it only with an override and a reason.",
      {},
      {
        facilities: failures.map((f) => `${f.facilityName} (${f.listNames.join(", ")})`).join("; "),
      },
    );
  }

  const copies = await undecidedCopies(db, songId);
  if (copies.length > 0 && notACopy === undefined) {
    throw new AppError(
      409,
      "catalogue_match",
      "This song's audio matches {songs} in the catalogue: approve it only with a reason it is not a copy, or reject it.",
      {},
      { songs: copies.join("; ") },
    );
  }

  const finalExplicit = explicit ?? song.explicit;
  const correction =
    explicit !== undefined && explicit !== song.explicit ? ` (explicit content corrected: ${explicitWords(song.explicit)} → ${explicitWords(explicit)})` : "";
  const notCopied = copies.length > 0 ? `, deciding it is not a copy of ${copies.join("; ")}: ${notACopy!.reason}` : "";
  const cause = `Approved in review by ${actor}${correction}${failures.length > 0 ? `, overriding term-list matches: ${override!.reason}` : ""}${notCopied}`;
  const approvedNow = sql`exists (select 1 from songs where id = ${songId} and reviewed_at = ${now} and reviewed_by = ${actor})`;
  const [, approved] = await runBatch(db, [
    sql`
      insert into song_events (id, song_id, from_status, to_status, cause, actor, at)
      select ${crypto.randomUUID()}, id, 'approved', 'approved', ${cause}, ${actor}, ${now}
      from songs where id = ${songId} and status = 'approved' and reviewed_at is null`,
    sql`
      update songs set reviewed_at = ${now}, reviewed_by = ${actor}, explicit = ${finalExplicit === null ? null : finalExplicit ? 1 : 0}
      where id = ${songId} and status = 'approved' and reviewed_at is null`,
    // The audit records land only with this approval (the update above names this operator at this time).
    auditEntry({ at: now, actor, action: "review_approved", songId, detail: cause, matches: auditMatches(matches) }, approvedNow),
    ...failures.flatMap((failure) => overrideStatements(failure, { songId, reason: override!.reason, actor, at: now }, approvedNow)),
    ...(copies.length > 0 ? [decideCopiesStatement(songId, { actor, at: now, reason: notACopy!.reason }, approvedNow)] : []),
  ]);
  if (approved.meta.changes !== 1) throw new AppError(409, "already_reviewed", "This song was already approved, or its status changed: refresh the queue.");

  const delivered = await deliverDueSongs(ctx, now, actor, [songId]);
  return { status: delivered.length === 1 ? "distributed" : "approved", explicit: finalExplicit };
}
