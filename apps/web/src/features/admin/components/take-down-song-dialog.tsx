/**
 * Take a live song down: asks the operator why — for its content (buyers keep their downloads) or for
 * a rights claim (downloads stop and every buyer is refunded through the provider) — and for the
 * reason (the artist reads it in a text and on their page), and says what happens. A refusal (already
 * taken down, and why) is shown from the server's message.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import * as v from "valibot";
import { TakedownReasonSchema, type TakedownKind } from "@jplay/schema/catalogue-control";
import { firstIssue } from "@jplay/schema/distribution";
import { Field } from "@/components/ui/field";
import { useTakeDownSong } from "../api/catalogue";
import { DecisionFrame, decisionOutcome, textAreaClass, type ReasonDialogWords, type SongDecided } from "./reason-dialog";

const WORDS: ReasonDialogWords = {
  title: "Take song down",
  description: (title) =>
    `“${title}” leaves every facility's catalogue and its audio stops being served. Sales already made stay the artist's, and the artist is texted the reason.`,
  submitLabel: "Take down",
  pendingLabel: "Taking down…",
  doneTitle: "Song taken down",
  doneDescription: (title) => `“${title}” left the catalogue; the artist is texted the reason.`,
  failureFallback: "The song could not be taken down. Please try again.",
};

const KINDS: Array<{ kind: TakedownKind; label: string; hint: string }> = [
  { kind: "content", label: "For its content", hint: "Listeners who bought it keep their downloads." },
  { kind: "rights", label: "For a rights claim", hint: "Nobody may download it any more; every buyer is refunded through the provider and the sales are reversed." },
];

export function TakeDownSongDialog({ song, onClose }: { song: SongDecided | null; onClose: () => void }) {
  const takeDown = useTakeDownSong();
  const [kind, setKind] = useState<TakedownKind>("content");
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const songId = song?.id;
  useEffect(() => {
    setKind("content");
    setReason("");
    setInvalid(null);
    setFailure(null);
  }, [songId]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!song) return;
    const checked = v.safeParse(TakedownReasonSchema, reason);
    if (!checked.success) {
      setInvalid(firstIssue(checked.issues));
      reasonRef.current?.focus();
      return;
    }
    setInvalid(null);
    setFailure(null);
    takeDown.mutate({ songId: song.id, reason: checked.output, kind }, decisionOutcome(song, WORDS, onClose, setFailure));
  }

  return (
    <DecisionFrame song={song} words={WORDS} onClose={onClose} onSubmit={submit} pending={takeDown.isPending} failure={failure}>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Why</legend>
        {KINDS.map((option) => (
          <label key={option.kind} className="flex items-start gap-2 text-sm">
            <input type="radio" name="kind" value={option.kind} checked={kind === option.kind} onChange={() => setKind(option.kind)} className="mt-1" />
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
