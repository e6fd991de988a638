/**
 * The artist's songs: a status badge (words, not colour alone), sales, and each song's history of
 * status changes with their time and cause.
 */
import type { ArtistSong } from "@jplay/schema/artist";
import type { SongStatus } from "@jplay/schema/tables";
import { formatCents } from "@jplay/schema/pricing";
import { cn } from "@/lib/cn";
import { SONG_STATUS_LABELS, downloadsSold, formatMoment } from "../labels";

const badgeTone: Record<SongStatus, string> = {
  pending: "border-line bg-surface-2 text-fg",
  approved: "border-accent/40 bg-accent-soft text-fg",
  distributed: "border-success/40 bg-success-soft text-success",
  rejected: "border-red-500/60 bg-red-500/10 text-fg",
  removed: "border-line bg-surface-2 text-muted",
};

/** A live song an operator took down reads "Taken down", not "Live". */
export function SongStatusBadge({ status, takenDown = false }: { status: SongStatus; takenDown?: boolean }) {
  return (
    <span className={cn("inline-flex items-center rounded-full border px-3 py-1 text-xs font-semibold", takenDown ? badgeTone.rejected : badgeTone[status])}>
      <span className="sr-only">Status: </span>
      {takenDown ? "Taken down" : SONG_STATUS_LABELS[status]}
    </span>
  );
}

/** What happened to a rejected song's fee, in the artist's words. */
function refundText(refund: NonNullable<ArtistSong["refund"]>): string {
  if (refund.state === "pro") return "No refund: this song was covered by your Pro plan, not a per-song fee.";
  if (refund.state === "refunded") return `Refunded ${formatCents(refund.amountCents)}`;
  if (refund.state === "failed") return `The refund of ${formatCents(refund.amountCents)} did not reach your card. ${refund.message ?? ""}`.trim();
  return `Refund of ${formatCents(refund.amountCents)} on its way back to your card`;
}

function SongHistory({ song }: { song: ArtistSong }) {
  return (
    <ol className="mt-3 space-y-1 border-l border-line pl-4 text-sm text-muted" aria-label={`History of ${song.title}`}>
      <li>
        <span className="text-fg">Submitted</span> · <time dateTime={song.createdAt}>{formatMoment(song.createdAt)}</time>
      </li>
      {song.history.map((event) => (
        <li key={`${event.at}-${event.toStatus}`}>
          <span className="text-fg">{SONG_STATUS_LABELS[event.toStatus]}</span> · <time dateTime={event.at}>{formatMoment(event.at)}</time> · {event.cause}
        </li>
      ))}
    </ol>
  );
}

export function ArtistSongs({ songs }: { songs: ArtistSong[] }) {
  if (songs.length === 0) {
    return <p className="rounded-2xl border border-dashed border-line p-6">No songs yet. Songs you submit for distribution appear here with their status.</p>;
  }
  return (
    <ul className="space-y-4">
      {songs.map((song) => (
        <li key={song.id} className="rounded-2xl border border-line bg-surface p-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h3 className="text-lg font-bold">{song.title}</h3>
              <p className="text-sm text-muted">{song.artistName}</p>
            </div>
            <SongStatusBadge status={song.status} takenDown={song.takedown !== null} />
          </div>
          {song.rejectionReason && <p className="mt-2 text-sm">Reason: {song.rejectionReason}</p>}
          {song.takedown && <p className="mt-2 text-sm font-semibold">Taken down: {song.takedown.reason}</p>}
          {song.refund && (
            <p className={cn("mt-1 text-sm font-semibold", song.refund.state === "failed" && "text-red-600 dark:text-red-400")} role={song.refund.state === "failed" ? "alert" : undefined}>
              {refundText(song.refund)}
            </p>
          )}
          <p className="mt-2 text-sm">
            {downloadsSold(song.sales.purchases)} · {formatCents(song.sales.grossCents)} in sales
          </p>
          <SongHistory song={song} />
        </li>
      ))}
    </ul>
  );
}
