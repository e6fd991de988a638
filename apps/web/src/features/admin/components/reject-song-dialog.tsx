/**
 * Reject a paid song before it goes live: asks the operator for the reason (the artist reads it in
 * the text and on their page), checks it with the server's own rules, and says what happens to the
 * fee. A refusal (already rejected, already live) is shown from the server's message.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import * as v from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import { RejectionReasonSchema } from "@jplay/schema/song-rejection";
import { Field } from "@/components/ui/field";
import { useRejectSong } from "../api/reject-song";
import { rejectionOutcome, RejectSongFrame, textAreaClass, type SongToReject } from "./reject-song-frame";

export type { SongToReject } from "./reject-song-frame";

export function RejectSongDialog({ song, onClose }: { song: SongToReject | null; onClose: () => void }) {
  const reject = useRejectSong();
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  // Each song starts with an empty form.
  const songId = song?.id;
  useEffect(() => {
    setReason("");
    setInvalid(null);
    setFailure(null);
  }, [songId]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!song) return;
    const checked = v.safeParse(RejectionReasonSchema, reason);
    if (!checked.success) {
      setInvalid(firstIssue(checked.issues));
      reasonRef.current?.focus();
      return;
    }
    setInvalid(null);
    setFailure(null);
    reject.mutate({ songId: song.id, reason: checked.output }, rejectionOutcome(song, onClose, setFailure));
  }

  return (
    <RejectSongFrame song={song} onClose={onClose} onSubmit={submit} pending={reject.isPending} failure={failure}>
      <Field label="Reason" hint="The artist reads this. 3 to 500 characters." error={invalid}>
        {(control) => (
          <textarea
            {...control}
            ref={reasonRef}
            name="reason"
            rows={4}
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            className={textAreaClass(Boolean(invalid))}
          />
        )}
      </Field>
    </RejectSongFrame>
  );
}
