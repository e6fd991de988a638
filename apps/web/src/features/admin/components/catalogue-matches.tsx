/**
 * A song under review whose audio matches songs already in the catalogue (docs/audio-checks.md,
 * "Fingerprints"): each match side by side with the upload, both playable, with how alike they are and
 * where the catalogue song starts in the upload. Another artist's match holds the approval until the
 * operator gives a reason it is not a copy (review-tab.tsx), or rejects the song.
 */
import type { ReactNode } from "react";
import type { CatalogueMatch, ReviewQueueSong } from "@jplay/schema/review";
import { Badge } from "@/components/ui/badge";

const seconds = (value: number) => `${Math.abs(value).toFixed(1)} s`;

const startWords = (offsetSeconds: number) =>
  Math.abs(offsetSeconds) < 0.5
    ? "They start together."
    : offsetSeconds < 0
      ? `The upload starts ${seconds(offsetSeconds)} into the catalogue song.`
      : `The catalogue song starts ${seconds(offsetSeconds)} into the upload.`;

function Side({
  heading,
  title,
  artistName,
  audioUrl,
  children,
}: {
  heading: string;
  title: string;
  artistName: string;
  audioUrl: string;
  children?: ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-1 rounded-xl border border-line p-3">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{heading}</p>
      <p className="font-semibold break-words">{title}</p>
      <p className="text-sm text-muted">by {artistName}</p>
      {children}
      <audio controls preload="none" src={audioUrl} aria-label={`Listen to ${title} by ${artistName}`} className="w-full" />
    </div>
  );
}

function MatchPair({ song, match }: { song: ReviewQueueSong; match: CatalogueMatch }) {
  return (
    <div className="space-y-2">
      <div className="grid gap-3 sm:grid-cols-2">
        <Side heading="This upload" title={song.title} artistName={song.artistName} audioUrl={song.audioUrl} />
        <Side
          heading={match.status === "distributed" ? "Live in the catalogue" : "Paid, in the catalogue"}
          title={match.title}
          artistName={match.artistName}
          audioUrl={match.audioUrl}
        >
          {match.sameArtist && <Badge variant="secondary">Same artist: told, not held</Badge>}
        </Side>
      </div>
      <p className="text-sm text-muted">
        {Math.round((1 - match.bitErrorRate) * 100)}% of the fingerprint bits agree over {seconds(match.overlapSeconds)}. {startWords(match.offsetSeconds)}
      </p>
    </div>
  );
}

export function CatalogueMatches({ song }: { song: ReviewQueueSong }) {
  if (song.catalogueMatches.length === 0) return null;
  const holds = song.catalogueMatches.some((match) => !match.sameArtist);
  return (
    <section aria-label={`Catalogue matches of ${song.title}`} className="space-y-3 rounded-2xl border border-amber-500/60 p-3">
      <h4 className="font-semibold">
        {holds ? "Its audio matches another artist's song: approve only if it is not a copy" : "The artist uploaded this recording before"}
      </h4>
      {song.catalogueMatches.map((match) => (
        <MatchPair key={match.songId} song={song} match={match} />
      ))}
    </section>
  );
}
