/**
 * Reject a song in review: the operator picks one reason from the fixed list (the artist reads its
 * words) and may add a note (the artist reads "<reason>: <note>"), checked with the server's own rules.
 * The song's fee is refunded and the artist texted. A refusal (already decided by someone else) is
 * shown from the server's message. The frame and words are every rejection's (reason-dialog.tsx,
 * reject-song-dialog.tsx).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import * as v from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import { REVIEW_MESSAGES, REVIEW_NOTE_MAX_LENGTH, REVIEW_REJECTION_CODES, REVIEW_REJECTION_REASONS, ReviewNoteSchema, type ReviewRejectionCode } from "@jplay/schema/review";
import { Field } from "@/components/ui/field";
import { useReviewRejectSong } from "../api/review-queue";
import { DecisionFrame, decisionOutcome, textAreaClass } from "./reason-dialog";
import { REJECT_WORDS, type SongToReject } from "./reject-song-dialog";

export function ReviewRejectDialog({ song, onClose }: { song: SongToReject | null; onClose: () => void }) {
  const reject = useReviewRejectSong();
  const [reason, setReason] = useState<ReviewRejectionCode | null>(null);
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
    const checkedNote = v.safeParse(ReviewNoteSchema, note);
    setReasonProblem(reason ? null : REVIEW_MESSAGES.reason);
    setNoteProblem(checkedNote.success ? null : firstIssue(checkedNote.issues));
    if (!reason) return firstReasonRef.current?.focus();
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
        className="space-y-2"
      >
        <p id={`${reasonsId}-label`} className="text-sm font-semibold">
          Reason
        </p>
        {REVIEW_REJECTION_CODES.map((code, index) => (
          <label key={code} className="flex cursor-pointer items-center gap-3 text-sm">
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
              }}
              className="accent-accent"
            />
            {REVIEW_REJECTION_REASONS[code]}
          </label>
        ))}
        {reasonProblem && (
          <p id={`${reasonsId}-error`} className="text-sm font-medium text-red-600 dark:text-red-400">
            {reasonProblem}
          </p>
        )}
      </div>
      <Field label="Note" optional hint={`The artist reads it after the reason. Up to ${REVIEW_NOTE_MAX_LENGTH} characters.`} error={noteProblem}>
        {(control) => (
          <textarea
            {...control}
            ref={noteRef}
            name="note"
            rows={3}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            className={textAreaClass(Boolean(noteProblem))}
          />
        )}
      </Field>
    </DecisionFrame>
  );
}
