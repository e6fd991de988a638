/**
 * Take a live song down: asks the operator why — for its content (buyers keep their downloads) or for
 * a rights claim (downloads stop and every buyer is refunded through the provider) — and for the
 * reason (the artist reads it in a text and on their page), and says what happens. A refusal (already
 * taken down, and why) is shown from the server's message. The form is every reasoned decision's
 * (reason-dialog.tsx).
 */
import { TakedownReasonSchema, type TakedownKind } from "@jplay/schema/catalogue-control";
import { useTakeDownSong } from "../api/catalogue";
import { ReasonDialog, type ReasonDialogProps, type ReasonDialogWords, type SongDecided } from "./reason-dialog";

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

const KINDS: ReasonDialogProps<TakedownKind>["choices"] = {
  legend: "Why",
  options: [
    { value: "content", label: "For its content", hint: "Listeners who bought it keep their downloads." },
    {
      value: "rights",
      label: "For a rights claim",
      hint: "Nobody may download it any more; every buyer is refunded through the provider and the sales are reversed.",
    },
  ],
};

export function TakeDownSongDialog({ song, onClose }: { song: SongDecided | null; onClose: () => void }) {
  const takeDown = useTakeDownSong();
  return (
    <ReasonDialog
      song={song}
      words={WORDS}
      rule={TakedownReasonSchema}
      choices={KINDS}
      decide={({ songId, reason, choice }, outcome) => takeDown.mutate({ songId, reason, kind: choice }, outcome)}
      pending={takeDown.isPending}
      onClose={onClose}
    />
  );
}
