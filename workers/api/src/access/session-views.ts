/** An artist session as people see it (the artist's page, the operator's details): times and a browser name, never the token. */
import type { ArtistSessionView } from "@jplay/schema/artist";
import type { ArtistSession } from "./artist-sessions";
import { browserLabel } from "./browser-label";

export const sessionView = (session: Pick<ArtistSession, "id" | "createdAt" | "lastSeenAt" | "userAgent">) => ({
  id: session.id,
  createdAt: new Date(session.createdAt).toISOString(),
  lastSeenAt: new Date(session.lastSeenAt).toISOString(),
  browser: browserLabel(session.userAgent),
});

export const artistSessionView = (session: ArtistSession, currentId: string | null): ArtistSessionView => ({
  ...sessionView(session),
  current: session.id === currentId,
});
