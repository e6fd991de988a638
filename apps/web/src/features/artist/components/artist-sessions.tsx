/**
 * The browsers where the artist saved a card and is still signed in (created, last seen, browser),
 * this one marked, each with a button that signs it out. Saving a card elsewhere never signs a
 * browser out silently: it shows up here until the artist ends it or it expires.
 */
import type { ArtistSessionView } from "@jplay/schema/artist";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/error-message";
import { useEndArtistSession } from "../api/end-artist-session";
import { useI18n } from "@/lib/i18n";
import { formatMoment } from "../labels";

export function ArtistSessions({ token, sessions }: { token: string; sessions: ArtistSessionView[] }) {
  const i18n = useI18n();
  const end = useEndArtistSession(token);
  if (sessions.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line p-6">
        {i18n._("No browser is signed in as you. Saving your payment method on the distribution page signs that browser in.")}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-line rounded-2xl border border-line">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 p-4">
            <div className="min-w-0 flex-1 space-y-0.5">
              <p className="font-semibold">
                {session.browser}
                {session.current && (
                  <span className="ml-2 rounded-full border border-accent/40 bg-accent-soft px-2 py-0.5 text-xs">{i18n._("This browser")}</span>
                )}
              </p>
              <p className="text-sm text-muted">
                {i18n._("Signed in {signedIn} · last seen {lastSeen}", {
                  signedIn: formatMoment(session.createdAt, i18n),
                  lastSeen: formatMoment(session.lastSeenAt, i18n),
                })}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={end.isPending}
              aria-label={
                session.current
                  ? i18n._("Sign out {browser} (this browser)", { browser: session.browser })
                  : i18n._("Sign out {browser}", { browser: session.browser })
              }
              onClick={() => end.mutate(session.id)}
            >
              {i18n._("Sign out")}
            </Button>
          </li>
        ))}
      </ul>
      {end.isError && (
        <p role="alert" className="text-sm font-medium">
          {apiErrorMessage(end.error, i18n._("That browser could not be signed out. Please try again."))}
        </p>
      )}
    </div>
  );
}
