/**
 * An operator rejecting a paid song before it goes live (`POST /api/admin/songs/{songId}/reject`,
 * docs/decisions/025-refunds-of-rejected-songs.md): the reason's rules, shared by the Worker's route
 * and the admin dialog, so both say the same thing about the same input.
 */
import * as v from "valibot";
import type { SongStatus } from "./tables";

export const REJECTION_REASON_MIN_LENGTH = 3;
export const REJECTION_REASON_MAX_LENGTH = 500;

export const REJECTION_REASON_MESSAGES = {
  missing: "Enter the reason for rejecting this song.",
  tooShort: `The reason must be at least ${REJECTION_REASON_MIN_LENGTH} characters.`,
  tooLong: `The reason must be at most ${REJECTION_REASON_MAX_LENGTH} characters.`,
} as const;

/**
 * A reason an operator gives the artist (a rejection, a takedown): trimmed first, then 3–500
 * characters; `missing` says what the reason is for.
 */
export const operatorReasonSchema = (missing: string) =>
  v.pipe(
    v.string(missing),
    v.trim(),
    v.nonEmpty(missing),
    v.minLength(REJECTION_REASON_MIN_LENGTH, REJECTION_REASON_MESSAGES.tooShort),
    v.maxLength(REJECTION_REASON_MAX_LENGTH, REJECTION_REASON_MESSAGES.tooLong),
  );

/** The artist reads it in the rejection text and on their page. */
export const RejectionReasonSchema = operatorReasonSchema(REJECTION_REASON_MESSAGES.missing);

export const RejectSongSchema = v.object({ reason: RejectionReasonSchema }, REJECTION_REASON_MESSAGES.missing);
export type RejectSongRequest = v.InferOutput<typeof RejectSongSchema>;

/** The song's status after the call: `rejected`. */
export interface RejectSongResponse {
  songId: string;
  status: SongStatus;
}
