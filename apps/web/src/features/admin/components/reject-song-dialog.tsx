/**
 * Reject a paid song before it goes live, from the Review tab or a Distribution Status row: the
 * operator picks a reason from the fixed list and may add a note (the artist reads "<reason>: <note>"),
 * or picks "Another reason" and writes it in the note (the artist reads the note alone). Both are
 * checked with the server's own rules (schema/src/song-rejection.ts), and the dialog says what happens
 * to the fee. A refusal (already rejected, already live) is shown from the server's message. The frame
 * and outcome are every decision's (reason-dialog.tsx).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import * as v from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import {
  REJECTION_CODES,
  REJECTION_MESSAGES,
  REJECTION_REASON_MAX_LENGTH,
  REJECTION_REASON_MIN_LENGTH,
  REJECTION_REASONS,
  rejectionNoteSchema,
  type RejectionCode,
} from "@jplay/schema/song-rejection";
import { Field } from "@/components/ui/field";
import { useRejectSong } from "../api/review-queue";
import { DecisionFrame, decisionOutcome, textAreaClass, type ReasonDialogWords, type SongDecided } from "./reason-dialog";

export type SongToReject = SongDecided;

const REJECT_WORDS: ReasonDialogWords = {
  title: "Reject song",
  description: (title) => `“${title}” will not go live. Its distribution fee is refunded to the artist's card, and the artist is texted the reason.`,
  submitLabel: "Reject song",
  pendingLabel: "Rejecting…",
  doneTitle: "Song rejected",
  doneDescription: (title) => `“${title}” will not go live; its distribution fee is being refunded.`,
  failureFallback: "The song could not be rejected. Please try again.",
};

/** What the note is for once a reason is chosen: said under the field. */
const noteHint = (reason: RejectionCode | null) =>
  reason === "other"
    ? `Required: the artist reads it as the reason. ${REJECTION_REASON_MIN_LENGTH} to ${REJECTION_REASON_MAX_LENGTH} characters.`
    : `The artist reads it after the reason. Up to ${REJECTION_REASON_MAX_LENGTH} characters.`;

export function RejectSongDialog({ song, onClose }: { song: SongToReject | null; onClose: () => void }) {
  const reject = useRejectSong();
  const [reason, setReason] = useState<RejectionCode | null>(null);
  const [note, setNote] = useState("");
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const [noteProblem, setNoteProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const reasonsId = useId();

  // Each song starts with an empty form.
  const songId = song?.id;
  useEffect(() => {
    setReason(null);
    setNote("");
    setReasonProblem(null);
    setNoteProblem(null);
    setFailure(null);
  }, [songId]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!song) return;
    setReasonProblem(reason ? null : REJECTION_MESSAGES.reason);
    if (!reason) return firstReasonRef.current?.focus();
    const checkedNote = v.safeParse(rejectionNoteSchema(reason), note);
    setNoteProblem(checkedNote.success ? null : firstIssue(checkedNote.issues));
    if (!checkedNote.success) return noteRef.current?.focus();
    setFailure(null);
    reject.mutate({ songId: song.id, reason, note: checkedNote.output }, decisionOutcome(song, REJECT_WORDS, onClose, setFailure));
  }

  return (
    <DecisionFrame song={song} words={REJECT_WORDS} onClose={onClose} onSubmit={submit} pending={reject.isPending} failure={failure}>
      <div
        role="radiogroup"
        aria-labelledby={`${reasonsId}-label`}
        aria-describedby={reasonProblem ? `${reasonsId}-error` : undefined}
        aria-required="true"
        aria-invalid={Boolean(reasonProblem)}
        className="space-y-1"
      >
        <p id={`${reasonsId}-label`} className="text-sm font-semibold">
          Reason
        </p>
        {REJECTION_CODES.map((code, index) => (
          <label key={code} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
            <input
              ref={index === 0 ? firstReasonRef : undefined}
              type="radio"
              name="reason"
              value={code}
              checked={reason === code}
              autoFocus={index === 0}
              onChange={() => {
                setReason(code);
                setReasonProblem(null);
                setNoteProblem(null);
              }}
              className="accent-accent"
            />
            {REJECTION_REASONS[code]}
          </label>
        ))}
        {reasonProblem && (
          <p id={`${reasonsId}-error`} className="text-sm font-medium text-red-600 dark:text-red-400">
            {reasonProblem}
          </p>
        )}
      </div>
      <Field label="Note" optional={reason !== "other"} hint={noteHint(reason)} error={noteProblem}>
        {(control) => (
          <textarea
            {...control}
            ref={noteRef}
            name="note"
            rows={3}
            aria-required={reason === "other"}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            className={textAreaClass(Boolean(noteProblem))}
          />
        )}
      </Field>
    </DecisionFrame>
  );
}
