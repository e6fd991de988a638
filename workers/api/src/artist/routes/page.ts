/**
 * The artist's private page API (no sign-up): `GET /api/artist/{token}` answers what the page shows,
 * `POST /api/artist/{token}/connect` starts Stripe Connect onboarding, `GET …/pro` answers the Pro
 * plan and `POST …/pro/cancel` / `POST …/pro/resume` end it at the period's end or take that back,
 * `POST …/pro/renewal-confirmation` hands the browser a renewal waiting for 3-D Secure (and reads it
 * back once confirmed),
 * `POST …/sessions/{id}/end` ends one of the artist's browser sessions and `POST …/revoke-links`
 * replaces every link of the artist with a new one. The token is the credential: an unknown,
 * malformed, revoked or expired token answers 404, a token only ever reads its own artist, and each
 * use renews it (access/artist-links.ts). The token segment `link` names the token this browser
 * keeps in its HttpOnly cookie instead (access/artist-link-cookie.ts): the app calls that way only, so
 * the token never sits in an address, a request's URL in Workers Logs, or Stripe's return address,
 * which is `/artist` whichever way the link was named (docs/decisions/088-leaks-and-cheap-reads.md).
 */
import { Hono, type Context } from "hono";
import type { ArtistPageResponse, EndArtistSessionResponse, RevokeArtistLinksResponse, StartPayoutsSetupResponse } from "@jplay/schema/artist";
import type { ProPlanResponse, RenewalConfirmationResponse } from "@jplay/schema/pro-plan";
import type { AppEnv } from "../../platform/env";
import { stripeReady } from "../../platform/context";
import { notFound } from "../../platform/errors";
import { rethrowProviderFailure } from "../../platform/provider-unavailable";
import {
  ARTIST_PAGE_IN_COOKIE_PATH,
  artistLinkInCookie,
  artistLinkTtlMs,
  artistPagePath,
  namesLinkInCookie,
  openArtistLink,
  replaceArtistLinks,
  sendArtistLinkCookie,
  currentSession,
  dropSessionCookie,
  sessionsConfigured,
  endSessionOfArtist,
  liveSessionsOfArtist,
  artistSessionView,
  artistById,
} from "../../access/index";
import { loadArtistPage } from "../artist-page";
import { refreshOnboardingStatus, startConnectOnboarding } from "../../ledger/index";
import { loadProPlan, renewalConfirmation, setProCancelAtPeriodEnd } from "../../payments/index";
import { PAGE_LINK_NOT_FOUND, privateHeaders } from "../../platform/page-links";
import { enforceRateLimit } from "../../platform/rate-limit";

const HOUR = 60 * 60 * 1000;
const ONBOARDING_LINKS_PER_ARTIST_PER_HOUR = 20;
const PRO_CHANGES_PER_ARTIST_PER_HOUR = 20;
const LINK_REPLACEMENTS_PER_ARTIST_PER_HOUR = 10;
const SESSION_NOT_FOUND = /*i18n*/ "This session has already ended.";

/** The token this request names: in its path, or (`/api/artist/link/…`) the one this browser keeps in its cookie. */
const requestToken = (c: Context<AppEnv>) => (namesLinkInCookie(c) ? artistLinkInCookie(c) : (c.req.param("token") ?? ""));

/** The artist a page token opens (the visit renews the link); 404 "Link not found" otherwise. */
export async function openLink(c: Context<AppEnv>) {
  const link = await openArtistLink(c.var.ctx, requestToken(c), artistLinkTtlMs(c.env));
  if (!link) throw notFound(PAGE_LINK_NOT_FOUND);
  return link;
}

/** This browser's session id, when it has one (the page marks it "this browser"). */
const currentSessionId = async (c: Context<AppEnv>) => (sessionsConfigured(c.env) ? ((await currentSession(c))?.id ?? null) : null);

export const artistPageRoutes = new Hono<AppEnv>()
  .get("/:token", async (c) => {
    privateHeaders(c);
    const ctx = c.var.ctx;
    const link = await openLink(c);
    // The kept link lives as long as the link itself, which this visit renewed.
    if (namesLinkInCookie(c)) sendArtistLinkCookie(c, artistLinkInCookie(c), artistLinkTtlMs(c.env));
    const artist = await artistById(ctx.db, link.artistId);
    if (artist) await refreshOnboardingStatus(stripeReady(ctx), artist);
    const page = await loadArtistPage(ctx, link.artistId);
    if (!page) throw notFound(PAGE_LINK_NOT_FOUND);
    const currentId = await currentSessionId(c);
    const sessions = (await liveSessionsOfArtist(ctx, link.artistId)).map((session) => artistSessionView(session, currentId));
    return c.json<ArtistPageResponse>({ ...page, sessions, link: { expiresAt: new Date(link.expiresAt).toISOString() } });
  })
  .post("/:token/connect", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    const artist = await artistById(c.var.ctx.db, artistId);
    if (!artist) throw notFound(PAGE_LINK_NOT_FOUND);
    await enforceRateLimit(c.var.ctx, {
      key: `connect-onboarding:artist:${artist.id}`,
      limit: ONBOARDING_LINKS_PER_ARTIST_PER_HOUR,
      windowMs: HOUR,
      message: /*i18n*/ "Too many payout setup attempts. Please wait an hour and try again.",
    });
    // Stripe sends the artist back to the page at /artist, whichever way this call named the link: the
    // token never reaches Stripe (its account link, its logs) nor the address the artist returns to.
    const page = new URL(ARTIST_PAGE_IN_COOKIE_PATH, c.req.url).toString();
    const started = await startConnectOnboarding(c.var.ctx, artist, { returnUrl: page, refreshUrl: `${page}?payouts=refresh` });
    return c.json<StartPayoutsSetupResponse>(started);
  })
  .get("/:token/pro", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    return c.json<ProPlanResponse>({ pro: await loadProPlan(c.var.ctx, artistId) });
  })
  .post("/:token/pro/renewal-confirmation", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    await enforceRateLimit(c.var.ctx, {
      key: `pro-renewal-confirmation:artist:${artistId}`,
      limit: PRO_CHANGES_PER_ARTIST_PER_HOUR,
      windowMs: HOUR,
      message: /*i18n*/ "Too many changes to your Pro plan. Please wait an hour and try again.",
    });
    const answer = await renewalConfirmation(stripeReady(c.var.ctx), artistId).catch((error: unknown) => rethrowProviderFailure(error, c.get("requestId")));
    return c.json<RenewalConfirmationResponse>(answer);
  })
  .post("/:token/pro/:change{cancel|resume}", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    await enforceRateLimit(c.var.ctx, {
      key: `pro-plan:artist:${artistId}`,
      limit: PRO_CHANGES_PER_ARTIST_PER_HOUR,
      windowMs: HOUR,
      message: /*i18n*/ "Too many changes to your Pro plan. Please wait an hour and try again.",
    });
    const cancel = c.req.param("change") === "cancel";
    const pro = await setProCancelAtPeriodEnd(c.var.ctx, artistId, cancel).catch((error: unknown) => rethrowProviderFailure(error, c.get("requestId")));
    return c.json<ProPlanResponse>({ pro });
  })
  .post("/:token/sessions/:sessionId/end", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    const sessionId = c.req.param("sessionId");
    const isCurrent = sessionId === (await currentSessionId(c));
    // Another artist's session, an unknown id or one already ended: nothing to end here.
    if (!(await endSessionOfArtist(c.var.ctx, artistId, sessionId, "ended_by_artist"))) throw notFound(SESSION_NOT_FOUND);
    if (isCurrent) dropSessionCookie(c);
    return c.json<EndArtistSessionResponse>({ ended: true });
  })
  .post("/:token/revoke-links", async (c) => {
    privateHeaders(c);
    const { artistId } = await openLink(c);
    await enforceRateLimit(c.var.ctx, {
      key: `replace-links:artist:${artistId}`,
      limit: LINK_REPLACEMENTS_PER_ARTIST_PER_HOUR,
      windowMs: HOUR,
      message: /*i18n*/ "Too many new links asked for. Please wait an hour and try again.",
    });
    const { revoked, token } = await replaceArtistLinks(c.var.ctx, artistId);
    // The browser that asked keeps the new link: its page goes on working without the old one.
    sendArtistLinkCookie(c, token, artistLinkTtlMs(c.env));
    return c.json<RevokeArtistLinksResponse>({ revoked, artistPageUrl: artistPagePath(token) });
  });
