/**
 * The artist's songs: a status badge (words, not colour alone), sales, a paid song's sound check
 * (song-sound-check.tsx), its royalty splits (song-splits.tsx) and each song's history of status changes with their time and cause.
 */
import type { ArtistSong } from "@jplay/schema/artist";
import { formatIsrc } from "@jplay/schema/identifiers";
import type { SongStatus } from "@jplay/schema/tables";
import { cn } from "@/lib/cn";
import { useI18n, type Translator } from "@/lib/i18n";
import { formatDate, formatMoney } from "@/lib/i18n/format-values";
import { downloadsSold, formatMoment, songStatusLabel } from "../labels";
import { SongSoundCheck } from "./song-sound-check";
import { SongSplits } from "./song-splits";

const badgeTone: Record<SongStatus, string> = {
  pending: "border-line bg-surface-2 text-fg",
  approved: "border-accent/40 bg-accent-soft text-fg",
  distributed: "border-success/40 bg-success-soft text-success",
  rejected: "border-red-500/60 bg-red-500/10 text-fg",
  removed: "border-line bg-surface-2 text-muted",
};

/** A live song an operator took down reads "Taken down", not "Live". */
export function SongStatusBadge({ status, takenDown = false }: { status: SongStatus; takenDown?: boolean }) {
  const i18n = useI18n();
  return (
    <span className={cn("inline-flex items-center rounded-full border px-3 py-1 text-xs font-semibold", takenDown ? badgeTone.rejected : badgeTone[status])}>
      <span className="sr-only">{i18n._("Status:")} </span>
      {takenDown ? i18n._("Taken down") : songStatusLabel(status, i18n)}
    </span>
  );
}

/** What happened to a rejected song's fee, in the artist's words. */
function refundText(refund: NonNullable<ArtistSong["refund"]>, i18n: Translator): string {
  if (refund.state === "pro") return i18n._("No refund: this song was covered by your Pro plan, not a per-song fee.");
  const amount = formatMoney(refund.amountCents, i18n.language);
  if (refund.state === "refunded") return i18n._("Refunded {amount}", { amount });
  if (refund.state === "failed") return i18n._("The refund of {amount} did not reach your card. {reason}", { amount, reason: refund.message ?? "" }).trim();
  if (refund.state === "waiting_for_funds") {
    return i18n._("Refund of {amount} delayed: it goes back to your card as soon as our payment account has the funds. Nothing is needed from you.", {
      amount,
    });
  }
  return i18n._("Refund of {amount} on its way back to your card", { amount });
}

/**
 * The song's release date (it is on tablets from that day, not before), ISRC and UPC: the artist's
 * own, or JPlay's, assigned before delivery. The codes are not shown for a rejected or removed song
 * that never got them (it will not be delivered).
 */
function SongIdentifiers({ song }: { song: ArtistSong }) {
  const i18n = useI18n();
  const delivered = !(song.isrc === null && song.upc === null && (song.status === "rejected" || song.status === "removed"));
  const assignedLater = i18n._("Assigned before delivery");
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
      {song.releaseDate !== "" && (
        <>
          <dt className="text-muted">{i18n._("Release date")}</dt>
          <dd>
            <time dateTime={song.releaseDate}>{formatDate(`${song.releaseDate}T00:00:00Z`, i18n.language, { dateStyle: "medium", timeZone: "UTC" })}</time>
          </dd>
        </>
      )}
      {delivered && (
        <>
          <dt className="text-muted">{i18n._("ISRC")}</dt>
          <dd className="font-mono">{song.isrc === null ? assignedLater : formatIsrc(song.isrc)}</dd>
          <dt className="text-muted">{i18n._("UPC")}</dt>
          <dd className="font-mono">{song.upc ?? assignedLater}</dd>
        </>
      )}
    </dl>
  );
}

function SongHistory({ song }: { song: ArtistSong }) {
  const i18n = useI18n();
  return (
    <ol className="mt-3 space-y-1 border-l border-line pl-4 text-sm text-muted" aria-label={i18n._("History of {title}", { title: song.title })}>
      <li>
        <span className="text-fg">{i18n._("Submitted")}</span> · <time dateTime={song.createdAt}>{formatMoment(song.createdAt, i18n)}</time>
      </li>
      {song.history.map((event) => (
        <li key={`${event.at}-${event.toStatus}`}>
          <span className="text-fg">{songStatusLabel(event.toStatus, i18n)}</span> · <time dateTime={event.at}>{formatMoment(event.at, i18n)}</time> ·{" "}
          {event.cause}
        </li>
      ))}
    </ol>
  );
}

/** `token`: the page link's segment, for each song's sound check and splits. */
export function ArtistSongs({ songs, token }: { songs: ArtistSong[]; token: string }) {
  const i18n = useI18n();
  if (songs.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line p-6">
        {i18n._("No songs yet. Songs you submit for distribution appear here with their status.")}
      </p>
    );
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
          {song.rejectionReason && <p className="mt-2 text-sm">{i18n._("Reason: {reason}", { reason: song.rejectionReason })}</p>}
          {song.takedown && <p className="mt-2 text-sm font-semibold">{i18n._("Taken down: {reason}", { reason: song.takedown.reason })}</p>}
          {song.refund && (
            <p
              className={cn("mt-1 text-sm font-semibold", song.refund.state === "failed" && "text-red-600 dark:text-red-400")}
              role={song.refund.state === "failed" ? "alert" : undefined}
            >
              {refundText(song.refund, i18n)}
            </p>
          )}
          <p className="mt-2 text-sm">
            {downloadsSold(song.sales.purchases, i18n)} · {i18n._("{amount} in sales", { amount: formatMoney(song.sales.grossCents, i18n.language) })}
          </p>
          <SongIdentifiers song={song} />
          {(song.status === "approved" || song.status === "distributed") && <SongSoundCheck token={token} songId={song.id} title={song.title} />}
          {song.status !== "rejected" && song.status !== "removed" && <SongSplits token={token} songId={song.id} title={song.title} />}
          <SongHistory song={song} />
        </li>
      ))}
    </ul>
  );
}
