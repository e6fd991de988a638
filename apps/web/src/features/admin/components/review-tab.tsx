/**
 * The Review tab (docs/decisions/029-review-before-delivery.md): every paid song waits here until an
 * operator has listened to it. Per song the cover, title, artist, the artist's explicit answer, a
 * player and its sound check (components/audio-check-details.tsx), the catalogue songs its audio
 * matches side by side with it (catalogue-matches.tsx; another artist's needs a reason it is not a copy), when it goes live and how long is left before its package's window ends (overdue songs
 * first, badged), its release metadata and lyrics (release-details-review.tsx). Approve (correcting
 * the explicit answer if the song says otherwise) or Reject with a reason (reject-song-dialog.tsx, the
 * same dialog as Distribution Status's); correct its genre, language or credits. The queue is read
 * again after each decision.
 */
import { useId, useState } from "react";
import type { ReviewQueueSong } from "@jplay/schema/review";
import type { SongPackage } from "@jplay/schema/tables";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/error-message";
import { coverSources, REVIEW_COVER_SIZES } from "@/lib/cover-sources";
import { toast } from "@/lib/toast";
import { deliveryText } from "@/features/payments";
import { useApproveSong, useReviewQueue } from "../api/review-queue";
import { timeLeftWords } from "../review-times";
import { isrcWords, upcWords } from "./labels";
import { CorrectReleaseDetails, LyricsToCheck, ReleaseDetailsRows } from "./release-details-review";
import { RejectSongDialog, type SongToReject } from "./reject-song-dialog";
import { HighlightedLyrics } from "./highlighted-lyrics";
import { formatMoment } from "../admin-format";
import { Moment } from "./moment";
import { AudioCheckDetails } from "@/components/audio-check-details";
import { CatalogueMatches } from "./catalogue-matches";

const PACKAGE_NAMES: Record<SongPackage, string> = {
  standard: "Standard",
  expedited: "Expedited",
  recovery_1: "Recovery offer, tier 1",
  recovery_2: "Recovery offer, tier 2",
  pro: "Pro",
};

const APPROVE_FAILED = "The song could not be approved. Please try again.";

/** An approved song not live yet waits for its promised time, or (when that has passed) for its audio check to schedule it. */
const goesLive = (deliverAt: string) =>
  Date.parse(deliverAt) > Date.now() ? `goes live on ${formatMoment(deliverAt)}` : "goes live as soon as its audio check has run";

const answerWords = (explicit: boolean | null) => (explicit === null ? "Not answered" : explicit ? "Explicit" : "Clean");
const when = (iso: string) => <Moment iso={iso} />;

/** The tab's name with the number of songs waiting, once known. */
export function ReviewTabLabel() {
  const queue = useReviewQueue();
  return (
    <>
      Review
      {queue.data && (
        <>
          {" "}
          <Badge variant={queue.data.total > 0 ? "warning" : "secondary"}>{queue.data.total.toLocaleString()}</Badge>
        </>
      )}
    </>
  );
}

/** A reason the approval needs (an override's, or why a catalogue match is not a copy). */
function ReasonInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold">
      {label}
      <input id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)} className="rounded-lg border border-line bg-bg px-2 py-1" />
    </label>
  );
}

function ApproveControls({ song }: { song: ReviewQueueSong }) {
  const approve = useApproveSong();
  // Unknown answers start as explicit: a clean-only facility treats them so until someone says otherwise.
  const [explicit, setExplicit] = useState(song.explicit ?? true);
  const [overrideReason, setOverrideReason] = useState("");
  const [notACopyReason, setNotACopyReason] = useState("");
  const needsOverride = song.screening.facilities.some((f) => f.status !== "overridden");
  const needsNotACopy = song.catalogueMatches.some((match) => !match.sameArtist);
  const checkboxId = useId();
  // The answer is told by toast: once the queue is read again this song leaves it, and this control with it.
  function submit() {
    approve
      .mutateAsync({
        songId: song.id,
        explicit,
        ...(needsOverride ? { override: { reason: overrideReason.trim() } } : {}),
        ...(needsNotACopy ? { notACopy: { reason: notACopyReason.trim() } } : {}),
      })
      .then((answer) => toast.success("Song approved", `“${song.title}” ${answer.status === "distributed" ? "is live now" : goesLive(song.deliverAt)}.`))
      .catch((error: unknown) => toast.error("Song not approved", apiErrorMessage(error, APPROVE_FAILED)));
  }
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={checkboxId} className="flex cursor-pointer items-center gap-2 text-sm font-semibold">
          <input
            id={checkboxId}
            type="checkbox"
            checked={explicit}
            onChange={(event) => setExplicit(event.currentTarget.checked)}
            className="size-4 accent-accent"
          />
          Explicit content
        </label>
        {needsOverride && <ReasonInput label="Override reason" value={overrideReason} onChange={setOverrideReason} />}
        {needsNotACopy && <ReasonInput label="Why it is not a copy" value={notACopyReason} onChange={setNotACopyReason} />}
        <Button
          size="sm"
          aria-label={`Approve ${song.title}`}
          disabled={approve.isPending || (needsOverride && overrideReason.trim() === "") || (needsNotACopy && notACopyReason.trim() === "")}
          aria-busy={approve.isPending}
          onClick={submit}
        >
          {approve.isPending ? "Approving…" : "Approve"}
        </Button>
      </div>
      {approve.isError && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {apiErrorMessage(approve.error, APPROVE_FAILED)}
        </p>
      )}
    </div>
  );
}

function SongUnderReview({ song, onReject }: { song: ReviewQueueSong; onReject: (song: SongToReject) => void }) {
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:flex-row">
      <img {...coverSources(song, REVIEW_COVER_SIZES)} alt="" width={96} height={96} loading="lazy" className="size-24 shrink-0 rounded-xl object-cover" />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-bold break-words">{song.title}</h3>
          {song.overdue && <Badge variant="destructive">Overdue</Badge>}
        </div>
        <p className="text-sm text-muted">by {song.artistName}</p>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">Artist's answer</dt>
          <dd>{answerWords(song.explicit)}</dd>
          <dt className="text-muted">Package</dt>
          <dd>
            {PACKAGE_NAMES[song.package]} ({deliveryText(song.package)}), paid {when(song.paidAt)}
          </dd>
          <dt className="text-muted">Goes live</dt>
          <dd>{when(song.deliverAt)}</dd>
          <dt className="text-muted">Review by</dt>
          <dd>
            {when(song.windowEndsAt)} ·{" "}
            <span className={song.overdue ? "font-semibold text-red-600 dark:text-red-400" : undefined}>{timeLeftWords(song.timeLeftMs, song.overdue)}</span>
          </dd>
          <dt className="text-muted">ISRC</dt>
          <dd className="font-mono">{isrcWords(song.isrc)}</dd>
          <dt className="text-muted">UPC</dt>
          <dd className="font-mono">{upcWords(song.upc)}</dd>
          <ReleaseDetailsRows song={song} />
        </dl>
        <audio controls preload="none" src={song.audioUrl} aria-label={`Listen to ${song.title}`} className="w-full max-w-md" />
        <AudioCheckDetails check={song.audioCheck} title={song.title} />
        <CatalogueMatches song={song} />
        <LyricsToCheck song={song} />
        <HighlightedLyrics
          lyrics={song.lyrics}
          screening={song.screening}
          label={`Matches in the lyrics of ${song.title}`}
          transcriptLabel={`Matches in the audio transcript of ${song.title}`}
        />
        <CorrectReleaseDetails song={song} />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <ApproveControls song={song} />
          <Button variant="secondary" size="sm" aria-label={`Reject ${song.title}`} onClick={() => onReject({ id: song.id, title: song.title })}>
            Reject
          </Button>
        </div>
      </div>
    </li>
  );
}

export function ReviewTab() {
  const queue = useReviewQueue();
  const [rejecting, setRejecting] = useState<SongToReject | null>(null);

  if (queue.isPending) {
    return (
      <p role="status" className="py-6 text-center text-muted">
        Loading songs waiting for review...
      </p>
    );
  }
  if (queue.isError) {
    return (
      <div role="alert" className="space-y-3 py-6 text-center">
        <p className="text-red-600 dark:text-red-400">{apiErrorMessage(queue.error, "The review queue could not be loaded. Please try again.")}</p>
        <Button variant="secondary" onClick={() => void queue.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { songs, total } = queue.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {total === 0
            ? "No songs waiting for review"
            : `${total.toLocaleString()} ${total === 1 ? "song" : "songs"} waiting for review, least time left first${songs.length < total ? ` (showing the first ${songs.length.toLocaleString()})` : ""}.`}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void queue.refetch()} aria-busy={queue.isFetching}>
          Refresh queue
        </Button>
      </div>
      {songs.length > 0 && (
        <ul aria-label="Songs waiting for review" className="space-y-3">
          {songs.map((song) => (
            <SongUnderReview key={song.id} song={song} onReject={setRejecting} />
          ))}
        </ul>
      )}
      <RejectSongDialog song={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
