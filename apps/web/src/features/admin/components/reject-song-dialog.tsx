/**
 * Reject a paid song before it goes live: asks the operator for the reason (the artist reads it in
 * the text and on their page), checks it with the server's own rules, and says what happens to the
 * fee. A refusal (already rejected, already live) is shown from the server's message.
 */
import { RejectionReasonSchema } from "@jplay/schema/song-rejection";
import { useRejectSong } from "../api/reject-song";
import { ReasonDialog, type ReasonDialogWords, type SongDecided } from "./reason-dialog";

export type SongToReject = SongDecided;

/** Every rejection's words, from Distribution Status or Review. */
export const REJECT_WORDS: ReasonDialogWords = {
  title: "Reject song",
  description: (title) => `“${title}” will not go live. Its distribution fee is refunded to the artist's card, and the artist is texted the reason.`,
  submitLabel: "Reject song",
  pendingLabel: "Rejecting…",
  doneTitle: "Song rejected",
  doneDescription: (title) => `“${title}” will not go live; its distribution fee is being refunded.`,
  failureFallback: "The song could not be rejected. Please try again.",
};

export function RejectSongDialog({ song, onClose }: { song: SongToReject | null; onClose: () => void }) {
  return <ReasonDialog song={song} words={REJECT_WORDS} rule={RejectionReasonSchema} decision={useRejectSong()} onClose={onClose} />;
}
