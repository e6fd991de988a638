/**
 * A dialog that asks an operator for the reason of a decision about a song that the artist is told
 * about (rejecting a paid song, taking a live one down): the reason checked with the server's own
 * rule, the call made, a toast once it is done, and the server's refusal shown in place (already
 * rejected, already taken down…). Each decision's dialog supplies its words, rule and call.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import * as v from "valibot";
import { firstIssue } from "@jplay/schema/distribution";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { cn } from "@/lib/cn";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";

export interface SongDecided {
  id: string;
  title: string;
}

/** What the dialog says, each sentence about the song's title. */
export interface ReasonDialogWords {
  title: string;
  description: (songTitle: string) => string;
  submitLabel: string;
  pendingLabel: string;
  doneTitle: string;
  doneDescription: (songTitle: string) => string;
  /** Shown when the call fails without a message of the server's. */
  failureFallback: string;
}

export interface ReasonDialogProps {
  /** The song the decision is about; null keeps the dialog closed. Each song starts with an empty form. */
  song: SongDecided | null;
  words: ReasonDialogWords;
  /** The server's rule for the reason (trimmed, lengths, messages). */
  rule: v.GenericSchema<unknown, string>;
  decision: UseMutationResult<unknown, Error, { songId: string; reason: string }>;
  onClose: () => void;
}

export function ReasonDialog({ song, words, rule, decision, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const songId = song?.id;
  useEffect(() => {
    setReason("");
    setInvalid(null);
    setFailure(null);
  }, [songId]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!song) return;
    const checked = v.safeParse(rule, reason);
    if (!checked.success) {
      setInvalid(firstIssue(checked.issues));
      reasonRef.current?.focus();
      return;
    }
    setInvalid(null);
    setFailure(null);
    decision.mutate(
      { songId: song.id, reason: checked.output },
      {
        onSuccess: () => {
          toast.success(words.doneTitle, words.doneDescription(song.title));
          onClose();
        },
        onError: (error) => setFailure(apiErrorMessage(error, words.failureFallback)),
      },
    );
  }

  return (
    <ModalDialog open={song !== null} title={words.title} description={song ? words.description(song.title) : undefined} onCancel={onClose}>
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
          <Button type="submit" disabled={decision.isPending} aria-busy={decision.isPending}>
            {decision.isPending ? words.pendingLabel : words.submitLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
