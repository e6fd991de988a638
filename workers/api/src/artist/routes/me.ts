/**
 * The browser's way back to its artist (docs/decisions/028-artist-journey.md): `GET /api/me` answers
 * whether this browser's session belongs to an artist, with their own songs and payout setup, and
 * `POST /api/me/artist-link` issues that artist a fresh private page link for a browser whose
 * stored link was lost (rate-limited per artist); `PUT /api/me/language` stores the language the app
 * shows, so the artist's texts and statements are written in it. The session cookie is the only
 * credential; a browser without one learns nothing (`artist: null`, 401 for a link or a language).
 */
import { Hono } from "hono";
import { MyLanguageSchema, type MeResponse, type MyArtistLinkResponse, type MyLanguageRequest } from "@jplay/schema/me";
import type { AppEnv } from "../../platform/env";
import { unauthorized } from "../../platform/errors";
import { artistPagePath, issueArtistLink, sessionArtist, sessionsConfigured } from "../../access/index";
import { loadMyArtist, setArtistLanguage } from "../my-artist";
import { enforceRateLimit } from "../../platform/rate-limit";
import { jsonBody } from "../../platform/validation";
import { privateHeaders } from "./page";

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
    if (!artist) throw unauthorized(/*i18n*/ "This browser is not signed in as an artist. Save your payment method on the distribution page to get your artist page.");
    await enforceRateLimit(c.var.ctx, {
      key: `me-artist-link:artist:${artist.id}`,
      limit: LINKS_PER_ARTIST_PER_HOUR,
      windowMs: HOUR,
      message: /*i18n*/ "Too many new links asked for. Please wait an hour and try again.",
    });
    return c.json<MyArtistLinkResponse>({ artistPageUrl: artistPagePath(await issueArtistLink(c.var.ctx, artist.id)) });
  })
  .put("/language", jsonBody(MyLanguageSchema), async (c) => {
    privateHeaders(c);
    const artist = sessionsConfigured(c.env) ? await sessionArtist(c) : null;
    if (!artist) throw unauthorized(/*i18n*/ "This browser is not signed in as an artist.");
    const { language } = c.req.valid("json");
    await setArtistLanguage(c.var.ctx, artist.id, language);
    return c.json<MyLanguageRequest>({ language });
  });
