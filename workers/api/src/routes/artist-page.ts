/**
 * The artist's private page API (no sign-up): `GET /api/artist/{token}` answers what the page shows,
 * `POST /api/artist/{token}/connect` starts Stripe Connect onboarding, `GET …/pro` answers the Pro
 * plan and `POST …/pro/cancel` / `POST …/pro/resume` end it at the period's end or take that back.
 * The token is the credential: an unknown, malformed or revoked token answers 404, and a token only
 * ever reads its own artist.
 */
import { Hono, type Context } from "hono";
import { eq } from "drizzle-orm";
import type { ArtistPageResponse, StartPayoutsSetupResponse } from "@jplay/schema/artist";
import type { ProPlanResponse } from "@jplay/schema/pro-plan";
import { artists } from "@jplay/schema/tables";
import type { AppEnv } from "../env";
import { createDb, type Db } from "../db";
import { notFound } from "../errors";
import { rethrowProviderFailure } from "../payments/provider-unavailable";
import { createStripe } from "../payments/stripe-client";
import { artistPagePath, resolveArtistLink } from "../services/artist-links";
import { loadArtistPage } from "../services/artist-page";
import { refreshOnboardingStatus, startConnectOnboarding } from "../services/connect-accounts";
import { loadProPlan, setProCancelAtPeriodEnd } from "../services/pro-plan";
import { enforceRateLimit } from "../services/rate-limit";

const HOUR = 60 * 60 * 1000;
const ONBOARDING_LINKS_PER_ARTIST_PER_HOUR = 20;
const PRO_CHANGES_PER_ARTIST_PER_HOUR = 20;
const LINK_NOT_FOUND = "Link not found";

/** The page's data is private: never cached, and the URL (which holds the token) never sent on. */
function privateHeaders(c: Context<AppEnv>) {
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
}

async function linkedArtistId(db: Db, token: string): Promise<string> {
  const artistId = await resolveArtistLink(db, token);
  if (!artistId) throw notFound(LINK_NOT_FOUND);
  return artistId;
}

export const artistPageRoutes = new Hono<AppEnv>()
  .get("/artist/:token", async (c) => {
    privateHeaders(c);
    const db = createDb(c.env.DB);
    const artistId = await linkedArtistId(db, c.req.param("token"));
    const [artist] = await db.select().from(artists).where(eq(artists.id, artistId)).limit(1);
    if (artist) await refreshOnboardingStatus(createStripe(c.env), db, artist);
    const page = await loadArtistPage(db, artistId);
    if (!page) throw notFound(LINK_NOT_FOUND);
    return c.json<ArtistPageResponse>(page);
  })
  .post("/artist/:token/connect", async (c) => {
    privateHeaders(c);
    const db = createDb(c.env.DB);
    const token = c.req.param("token");
    const artistId = await linkedArtistId(db, token);
    const [artist] = await db.select().from(artists).where(eq(artists.id, artistId)).limit(1);
    if (!artist) throw notFound(LINK_NOT_FOUND);
    await enforceRateLimit(c.env.DB, {
      key: `connect-onboarding:artist:${artist.id}`,
      limit: ONBOARDING_LINKS_PER_ARTIST_PER_HOUR,
      windowMs: HOUR,
      message: "Too many payout setup attempts. Please wait an hour and try again.",
    });
    const page = new URL(artistPagePath(token), c.req.url).toString();
    const started = await startConnectOnboarding(createStripe(c.env), db, artist, { returnUrl: page, refreshUrl: `${page}?payouts=refresh` });
    return c.json<StartPayoutsSetupResponse>(started);
  })
  .get("/artist/:token/pro", async (c) => {
    privateHeaders(c);
    const db = createDb(c.env.DB);
    const artistId = await linkedArtistId(db, c.req.param("token"));
    return c.json<ProPlanResponse>({ pro: await loadProPlan(db, artistId) });
  })
  .post("/artist/:token/pro/:change{cancel|resume}", async (c) => {
    privateHeaders(c);
    const db = createDb(c.env.DB);
    const artistId = await linkedArtistId(db, c.req.param("token"));
    await enforceRateLimit(c.env.DB, {
      key: `pro-plan:artist:${artistId}`,
      limit: PRO_CHANGES_PER_ARTIST_PER_HOUR,
      windowMs: HOUR,
      message: "Too many changes to your Pro plan. Please wait an hour and try again.",
    });
    const cancel = c.req.param("change") === "cancel";
    const pro = await setProCancelAtPeriodEnd({ db, stripe: createStripe(c.env) }, artistId, cancel).catch((error: unknown) => rethrowProviderFailure(error, c.get("requestId")));
    return c.json<ProPlanResponse>({ pro });
  });
