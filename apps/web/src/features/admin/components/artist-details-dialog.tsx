/**
 * View Details: one artist's cards, songs with their status history and royalty splits, every payment attempt with its
 * outcome, and the browsers signed in as the artist with a button that ends them all
 * (`GET /api/admin/artists/{artistId}`), in an accessible modal.
 */
import type { ReactNode } from "react";
import type { AdminArtistDetails } from "@jplay/schema/admin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, tableCell } from "@/components/ui/data-table";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { apiErrorMessage } from "@/lib/error-message";
import { capitalise } from "../admin-data";
import { useEndArtistSessions } from "../api/end-artist-sessions";
import { useArtistDetails } from "../api/get-artist-details";
import { cardLabel, expiryLabel, SongStatusBadge } from "./labels";
import { SongSplitsHistory } from "./song-splits-history";
import { formatCents, formatDollars, formatMoment } from "../admin-format";

const cell = tableCell("compact");

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-base font-bold">{title}</h3>
      {children}
    </section>
  );
}

function Sessions({ artistId, sessions }: { artistId: string; sessions: AdminArtistDetails["sessions"] }) {
  const end = useEndArtistSessions(artistId);
  return (
    <Section title="Signed-in browsers">
      {sessions.length === 0 ? (
        <p className="text-muted">No browser is signed in as this artist.</p>
      ) : (
        <>
          <ul className="space-y-1">
            {sessions.map((session) => (
              <li key={session.id}>
                <span className="font-medium">{session.browser}</span>
                <span className="text-muted">
                  {" "}
                  · signed in {formatMoment(session.createdAt)} · last seen {formatMoment(session.lastSeenAt)}
                </span>
              </li>
            ))}
          </ul>
          <Button variant="secondary" size="sm" disabled={end.isPending} onClick={() => end.mutate()}>
            {end.isPending ? "Ending sessions…" : "End all sessions"}
          </Button>
        </>
      )}
      {end.isError && (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {apiErrorMessage(end.error, "The sessions could not be ended. Please try again.")}
        </p>
      )}
      {end.isSuccess && (
        <p role="status" className="text-muted">
          {end.data.ended === 1 ? "1 session ended." : `${end.data.ended} sessions ended.`}
        </p>
      )}
    </Section>
  );
}

function Details({ details }: { details: AdminArtistDetails }) {
  const { artist, cards, songs, payments } = details;
  return (
    <div className="space-y-6 text-sm">
      <Section title="Artist">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted">ID</dt>
          <dd className="font-mono break-all">{artist.id}</dd>
          <dt className="text-muted">Phone</dt>
          <dd>{artist.phone}</dd>
          <dt className="text-muted">Payouts</dt>
          <dd>
            {capitalise(artist.paymentFrequency)}
            {artist.payoutsEnabled ? "" : " (not enabled)"}
          </dd>
          <dt className="text-muted">Pro</dt>
          <dd>{artist.proActive ? "Active" : "No"}</dd>
          <dt className="text-muted">Since</dt>
          <dd>{formatMoment(artist.createdAt)}</dd>
        </dl>
      </Section>

      <Sessions artistId={artist.id} sessions={details.sessions} />

      <Section title="Cards">
        {cards.length === 0 ? (
          <p className="text-muted">No saved cards.</p>
        ) : (
          <ul className="space-y-1">
            {cards.map((card) => (
              <li key={card.paymentMethodId} className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{cardLabel({ cardBrand: card.brand, last4: card.last4 })}</span>
                <span className="text-muted">expires {expiryLabel(card.expMonth, card.expYear)}</span>
                {card.isDefault && <Badge variant="secondary">Default</Badge>}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Songs">
        {songs.length === 0 ? (
          <p className="text-muted">No songs.</p>
        ) : (
          <ul className="space-y-3">
            {songs.map((song) => (
              <li key={song.id} className="rounded-xl border border-line p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{song.title}</span>
                  <span className="text-muted">by {song.artistName}</span>
                  <SongStatusBadge status={song.status} />
                </div>
                <div className="text-xs text-muted">
                  {song.package ? `Package: ${song.package}. ` : ""}
                  Fee: {typeof song.distributionFee === "number" ? formatDollars(song.distributionFee) : "N/A"}
                  {song.rejectionReason ? `. Rejected: ${song.rejectionReason}` : ""}
                </div>
                {song.history.length > 0 && (
                  <ol aria-label={`History of ${song.title}`} className="mt-2 space-y-0.5 text-xs">
                    {song.history.map((event, index) => (
                      <li key={index}>
                        <time dateTime={event.at}>{formatMoment(event.at)}</time>: {event.from ? `${event.from} → ` : ""}
                        {event.to} ({event.cause})
                      </li>
                    ))}
                  </ol>
                )}
                <SongSplitsHistory songId={song.id} title={song.title} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Payment attempts">
        {payments.length === 0 ? (
          <p className="text-muted">No payment attempts.</p>
        ) : (
          <DataTable caption="Payment attempts" headings={["When", "Purpose", { label: "Amount", className: "text-right" }, "Outcome"]} size="compact">
            {payments.map((payment) => (
              <tr key={payment.id}>
                <td className={`${cell} whitespace-nowrap`}>{formatMoment(payment.createdAt)}</td>
                <td className={cell}>{payment.purpose}</td>
                <td className={`${cell} text-right tabular-nums`}>{formatCents(payment.amountCents)}</td>
                <td className={cell}>
                  {capitalise(payment.status)}
                  {payment.declineCode ? ` (${payment.declineCode})` : ""}
                  {payment.failureMessage ? `: ${payment.failureMessage}` : ""}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Section>
    </div>
  );
}

export function ArtistDetailsDialog({ artistId, onClose }: { artistId: string | null; onClose: () => void }) {
  const details = useArtistDetails(artistId);
  return (
    <ModalDialog open={artistId !== null} title="Artist Details" onCancel={onClose} wide>
      {details.isPending ? (
        <p role="status" className="text-muted">
          Loading artist details...
        </p>
      ) : details.isError ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {apiErrorMessage(details.error, "The artist's details could not be loaded. Please try again.")}
        </p>
      ) : (
        <Details details={details.data} />
      )}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </ModalDialog>
  );
}
