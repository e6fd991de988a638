/**
 * An operator rejecting a paid song before it goes live, from the Review tab or a Distribution Status
 * row: one request, `POST /api/admin/songs/{songId}/reject {reason, note}`
 * (docs/decisions/025-refunds-of-rejected-songs.md, docs/decisions/029-review-before-delivery.md). The
 * reasons, the request's rules and the words the artist reads, written once for the Worker's route
 * and the admin dialog, so both say the same thing about the same input. Also the rule for any reason
 * an operator writes to an artist in their own words (takedowns use it too).
 */
import * as v from "valibot";
import { SONG_STATUSES } from "./statuses";

export const REJECTION_REASON_MIN_LENGTH = 3;
export const REJECTION_REASON_MAX_LENGTH = 500;

export const REJECTION_REASON_MESSAGES = {
  missing: "Enter the reason for rejecting this song.",
  tooShort: `The reason must be at least ${REJECTION_REASON_MIN_LENGTH} characters.`,
  tooLong: `The reason must be at most ${REJECTION_REASON_MAX_LENGTH} characters.`,
} as const;

/**
 * A reason an operator gives the artist in their own words (a rejection, a takedown): trimmed first,
 * then 3–500 characters; `missing` says what the reason is for.
 */
export const operatorReasonSchema = (missing: string) =>
  v.pipe(
    v.string(missing),
    v.trim(),
    v.nonEmpty(missing),
    v.minLength(REJECTION_REASON_MIN_LENGTH, REJECTION_REASON_MESSAGES.tooShort),
    v.maxLength(REJECTION_REASON_MAX_LENGTH, REJECTION_REASON_MESSAGES.tooLong),
  );

/**
 * Why a song is rejected: each code with the words the operator picks. A listed reason's words are
 * what the artist reads; `other` means the operator writes the reason in the note, and the artist
 * reads the note alone. The code is stored (`songs.rejection_code`) so reasons can be counted.
 */
export const REJECTION_REASONS = {
  explicit_in_clean: "Explicit content in a song marked clean",
  violence: "Violence",
  gang_or_contraband: "Gang or contraband references",
  not_their_work: "Someone else's work",
  unusable_audio: "Unusable audio",
  other: "Another reason",
} as const;
export type RejectionCode = keyof typeof REJECTION_REASONS;
/** The codes in the order the dialog lists them, `other` last. */
export const REJECTION_CODES = Object.keys(REJECTION_REASONS) as RejectionCode[];
type ListedRejectionCode = Exclude<RejectionCode, "other">;
const LISTED_REJECTION_CODES = REJECTION_CODES.filter((code): code is ListedRejectionCode => code !== "other");

export const REJECTION_MESSAGES = {
  reason: "Choose why the song is rejected.",
  note: `The note must be at most ${REJECTION_REASON_MAX_LENGTH} characters.`,
} as const;

/** After a listed reason the note is optional: trimmed, it may be empty. */
const ListedReasonNoteSchema = v.pipe(v.string(REJECTION_MESSAGES.note), v.trim(), v.maxLength(REJECTION_REASON_MAX_LENGTH, REJECTION_MESSAGES.note));
/** With `other` the note is the reason itself: required, 3–500 characters. */
const OtherReasonNoteSchema = operatorReasonSchema(REJECTION_REASON_MESSAGES.missing);

/** The note's rule for the chosen reason: the dialog checks its field with the rule the route applies. */
export const rejectionNoteSchema = (code: RejectionCode) => (code === "other" ? OtherReasonNoteSchema : ListedReasonNoteSchema);

/** `POST /api/admin/songs/{songId}/reject`: `{reason: "<listed code>", note?}` or `{reason: "other", note}`. */
export const RejectSongSchema = v.variant(
  "reason",
  [
    // An object's message is what a missing key reads (the variant answers anything else that is not an object).
    v.object({ reason: v.literal("other"), note: OtherReasonNoteSchema }, REJECTION_REASON_MESSAGES.missing),
    v.object(
      { reason: v.picklist(LISTED_REJECTION_CODES, REJECTION_MESSAGES.reason), note: v.optional(ListedReasonNoteSchema, "") },
      REJECTION_MESSAGES.reason,
    ),
  ],
  REJECTION_MESSAGES.reason,
);
export type RejectSongRequest = v.InferInput<typeof RejectSongSchema>;
/** The request as the route reads it: the note trimmed, "" when a listed reason came without one. */
export type SongRejection = v.InferOutput<typeof RejectSongSchema>;

/** What the artist reads (text, page, refund): the note alone for `other`; else "<reason>: <note>", or the reason alone. */
export const rejectionText = ({ reason, note }: SongRejection) =>
  reason === "other" ? note : note === "" ? REJECTION_REASONS[reason] : `${REJECTION_REASONS[reason]}: ${note}`;

/** The song's status after the call: `rejected`. */
export const RejectSongResponseSchema = v.object({ songId: v.string(), status: v.picklist(SONG_STATUSES) });
export type RejectSongResponse = v.InferOutput<typeof RejectSongResponseSchema>;
