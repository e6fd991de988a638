/**
 * The one dialog an operator decision about a song takes when it asks for a reason in words the artist
 * is told (taking a live one down, take-down-song-dialog.tsx): which kind of decision it is, the
 * reason checked with the server's own rule, the call made, a toast once it is done, and the server's
 * refusal shown in place (already taken down…). Each decision supplies its words, rule, kinds and
 * call. A dialog that asks for more than a reason in words (rejecting a paid song: a reason from a
 * list and a note, reject-song-dialog.tsx) uses the same frame and outcome.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
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

/** One kind of the decision the operator may choose, with what it means. */
export interface ReasonChoice<Choice extends string> {
  value: Choice;
  label: string;
  hint: string;
}

/** What the decision's call is given once the reason passes the rule. */
export interface ReasonDecided<Choice extends string> {
  songId: string;
  reason: string;
  choice: Choice;
}

export interface ReasonDialogProps<Choice extends string> {
  /** The song the decision is about; null keeps the dialog closed. Each song starts with an empty form. */
  song: SongDecided | null;
  words: ReasonDialogWords;
  /** The server's rule for the reason (trimmed, lengths, messages). */
  rule: v.GenericSchema<unknown, string>;
  /** The kinds of decision, asked above the reason under `legend`; the first is chosen when the dialog opens. */
  choices: { legend: string; options: readonly [ReasonChoice<Choice>, ...Array<ReasonChoice<Choice>>] };
  /** Makes the call; `outcome` confirms or shows the refusal. */
  decide: (decided: ReasonDecided<Choice>, outcome: ReturnType<typeof decisionOutcome>) => void;
  pending: boolean;
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

export function ReasonDialog<Choice extends string>({ song, words, rule, choices, decide, pending, onClose }: ReasonDialogProps<Choice>) {
  const firstChoice = choices.options[0].value;
  const [choice, setChoice] = useState<Choice>(firstChoice);
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const songId = song?.id;
  useEffect(() => {
    setChoice(firstChoice);
    setReason("");
    setInvalid(null);
    setFailure(null);
  }, [songId, firstChoice]);

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
    decide({ songId: song.id, reason: checked.output, choice }, decisionOutcome(song, words, onClose, setFailure));
  }

  return (
    <DecisionFrame song={song} words={words} onClose={onClose} onSubmit={submit} pending={pending} failure={failure}>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{choices.legend}</legend>
        {choices.options.map((option) => (
          <label key={option.value} className="flex items-start gap-2 text-sm">
            <input type="radio" name="kind" value={option.value} checked={choice === option.value} onChange={() => setChoice(option.value)} className="mt-1" />
            <span>
              <span className="block font-medium">{option.label}</span>
              <span className="block text-muted">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
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
