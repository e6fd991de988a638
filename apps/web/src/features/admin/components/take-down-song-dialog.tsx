/**
 * Take a live song down: asks the operator for the reason (the artist reads it in a text and on
 * their page) and says what happens: the song leaves every facility's catalogue, its sales stay.
 * A refusal (already taken down, and why) is shown from the server's message.
 */
import { TakedownReasonSchema } from "@jplay/schema/catalogue-control";
import { useTakeDownSong } from "../api/catalogue";
import { ReasonDialog, type ReasonDialogWords, type SongDecided } from "./reason-dialog";

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

export function TakeDownSongDialog({ song, onClose }: { song: SongDecided | null; onClose: () => void }) {
  return <ReasonDialog song={song} words={WORDS} rule={TakedownReasonSchema} decision={useTakeDownSong()} onClose={onClose} />;
}
