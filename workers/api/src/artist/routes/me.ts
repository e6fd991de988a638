/**
 * The browser's way back to its artist (docs/decisions/028-artist-journey.md): `GET /api/me` answers
 * whether this browser's session belongs to an artist, with their own songs and payout setup, and
 * `POST /api/me/artist-link` has this browser keep a link to that artist's page in its HttpOnly cookie
 * (the app then opens `/artist`): the link it keeps already when that opens the session's artist
 * (renewed, nothing counted), else a fresh one (rate-limited per artist); `PUT /api/me/language` stores the language the app
 * shows, so the artist's texts and statements are written in it. The session cookie is the only
 * credential; a browser without one learns nothing (`artist: null`, 401 for a link or a language).
 */
import { Hono } from "hono";
import { MyLanguageSchema, type MeResponse, type MyArtistLinkResponse, type MyLanguageRequest } from "@jplay/schema/me";
import type { AppEnv } from "../../platform/env";
import { unauthorized } from "../../platform/errors";
import {
  artistLinkInCookie,
  artistLinkTtlMs,
  artistPagePath,
  issueArtistLink,
  openArtistLink,
  sendArtistLinkCookie,
  sessionArtist,
  sessionsConfigured,
} from "../../access/index";
import { loadMyArtist, setArtistLanguage } from "../my-artist";
import { enforceRateLimit } from "../../platform/rate-limit";
import { jsonBody } from "../../platform/validation";
import { privateHeaders } from "../../platform/page-links";

const HOUR = 60 * 60 * 1000;
/** A lost link is asked for again now and then, not in a loop: each one is a new key to the page. */
export const LINKS_PER_ARTIST_PER_HOUR = 10;

export const meRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    privateHeaders(c);
    const artist = sessionsConfigured(c.env) ? await sessionArtist(c) : null;
    return c.json<MeResponse>({ artist: artist ? await loadMyArtist(c.var.ctx, artist) : null });
  })
  .post("/artist-link", async (c) => {
    privateHeaders(c);
    const artist = await sessionArtist(c);
    if (!artist)
      throw unauthorized(/*i18n*/ "This browser is not signed in as an artist. Save your payment method on the distribution page to get your artist page.");
    const ttlMs = artistLinkTtlMs(c.env);
    // The link this browser keeps opens this artist's page already: renewed (the visit), nothing issued.
    const kept = artistLinkInCookie(c);
    if (kept && (await openArtistLink(c.var.ctx, kept, ttlMs))?.artistId === artist.id) {
      sendArtistLinkCookie(c, kept, ttlMs);
      return c.json<MyArtistLinkResponse>({ artistPageUrl: artistPagePath(kept) });
    }
    await enforceRateLimit(c.var.ctx, {
      key: `me-artist-link:artist:${artist.id}`,
      limit: LINKS_PER_ARTIST_PER_HOUR,
      windowMs: HOUR,
      message: /*i18n*/ "Too many new links asked for. Please wait an hour and try again.",
    });
    const token = await issueArtistLink(c.var.ctx, artist.id);
    // Kept in the HttpOnly cookie, as an opened link is: the app opens /artist, never this token's address.
    sendArtistLinkCookie(c, token, ttlMs);
    return c.json<MyArtistLinkResponse>({ artistPageUrl: artistPagePath(token) });
  })
  .put("/language", jsonBody(MyLanguageSchema), async (c) => {
    privateHeaders(c);
    const artist = sessionsConfigured(c.env) ? await sessionArtist(c) : null;
    if (!artist) throw unauthorized(/*i18n*/ "This browser is not signed in as an artist.");
    const { language } = c.req.valid("json");
    await setArtistLanguage(c.var.ctx, artist.id, language);
    return c.json<MyLanguageRequest>({ language });
  });
