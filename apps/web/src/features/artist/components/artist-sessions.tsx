/**
 * The browsers where the artist saved a card and is still signed in (created, last seen, browser),
 * this one marked, each with a button that signs it out. Saving a card elsewhere never signs a
 * browser out silently: it shows up here until the artist ends it or it expires.
 */
import type { ArtistSessionView } from "@jplay/schema/artist";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/error-message";
import { useEndArtistSession } from "../api/end-artist-session";
import { formatMoment } from "../labels";

export function ArtistSessions({ token, sessions }: { token: string; sessions: ArtistSessionView[] }) {
  const end = useEndArtistSession(token);
  if (sessions.length === 0) {
    return <p className="rounded-2xl border border-dashed border-line p-6">No browser is signed in as you. Saving your payment method on the distribution page signs that browser in.</p>;
  }
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-line rounded-2xl border border-line">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 p-4">
            <div className="min-w-0 flex-1 space-y-0.5">
              <p className="font-semibold">
                {session.browser}
                {session.current && <span className="ml-2 rounded-full border border-accent/40 bg-accent-soft px-2 py-0.5 text-xs">This browser</span>}
              </p>
              <p className="text-sm text-muted">
                Signed in {formatMoment(session.createdAt)} · last seen {formatMoment(session.lastSeenAt)}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={end.isPending}
              aria-label={`Sign out ${session.browser}${session.current ? " (this browser)" : ""}`}
              onClick={() => end.mutate(session.id)}
            >
              Sign out
            </Button>
          </li>
        ))}
      </ul>
      {end.isError && (
        <p role="alert" className="text-sm font-medium">
          {apiErrorMessage(end.error, "That browser could not be signed out. Please try again.")}
        </p>
      )}
    </div>
  );
}
