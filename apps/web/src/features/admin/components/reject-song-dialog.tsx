/**
 * Reject a paid song before it goes live: asks the operator for the reason (the artist reads it in
 * the text and on their page), checks it with the server's own rules, and says what happens to the
 * fee. A refusal (already rejected, already live) is shown from the server's message.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import * as v from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import { RejectionReasonSchema } from "@jplay/schema/song-rejection";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { cn } from "@/lib/cn";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useRejectSong } from "../api/reject-song";

export interface SongToReject {
  id: string;
  title: string;
}

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
    reject.mutate(
      { songId: song.id, reason: checked.output },
      {
        onSuccess: () => {
          toast.success("Song rejected", `“${song.title}” will not go live; its distribution fee is being refunded.`);
          onClose();
        },
        onError: (error) => setFailure(apiErrorMessage(error, "The song could not be rejected. Please try again.")),
      },
    );
  }

  return (
    <ModalDialog
      open={song !== null}
      title="Reject song"
      description={song ? `“${song.title}” will not go live. Its distribution fee is refunded to the artist's card, and the artist is texted the reason.` : undefined}
      onCancel={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
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
              className={cn(
                "w-full rounded-xl border bg-canvas px-3 py-2 text-base text-fg placeholder:text-muted",
                invalid ? "border-red-500" : "border-line",
              )}
            />
          )}
        </Field>
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={reject.isPending} aria-busy={reject.isPending}>
            {reject.isPending ? "Rejecting…" : "Reject song"}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
