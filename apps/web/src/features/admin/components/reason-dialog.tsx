/**
 * A dialog that asks an operator for the reason of a decision about a song that the artist is told
 * about (taking a live one down, take-down-song-dialog.tsx): the reason checked with the server's own
 * rule, the call made, a toast once it is done, and the server's refusal shown in place (already
 * taken down…). Each decision's dialog supplies its words, rule and call. A dialog that asks for more
 * than a reason in words (rejecting a paid song: a reason from a list and a note,
 * reject-song-dialog.tsx) uses the same frame and outcome.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
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

/** A multi-line text field's look, red while it has a problem. */
export const textAreaClass = (invalid: boolean) =>
  cn("w-full rounded-xl border bg-canvas px-3 py-2 text-base text-fg placeholder:text-muted", invalid ? "border-red-500" : "border-line");

/** What a decision's call does once answered: confirm it by toast and close, or show the server's refusal in place. */
export const decisionOutcome = (song: SongDecided, words: ReasonDialogWords, onClose: () => void, showFailure: (message: string) => void) => ({
  onSuccess: () => {
    toast.success(words.doneTitle, words.doneDescription(song.title));
    onClose();
  },
  onError: (error: unknown) => showFailure(apiErrorMessage(error, words.failureFallback)),
});

/** The dialog around a decision's fields: what happens, the server's refusal, Cancel and the decision's button. */
export function DecisionFrame({
  song,
  words,
  onClose,
  onSubmit,
  pending,
  failure,
  children,
}: {
  song: SongDecided | null;
  words: ReasonDialogWords;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  /** The server's refusal, shown above the buttons. */
  failure: string | null;
  children: ReactNode;
}) {
  return (
    <ModalDialog open={song !== null} title={words.title} description={song ? words.description(song.title) : undefined} onCancel={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? words.pendingLabel : words.submitLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
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
    decision.mutate({ songId: song.id, reason: checked.output }, decisionOutcome(song, words, onClose, setFailure));
  }

  return (
    <DecisionFrame song={song} words={words} onClose={onClose} onSubmit={submit} pending={decision.isPending} failure={failure}>
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
    </DecisionFrame>
  );
}
