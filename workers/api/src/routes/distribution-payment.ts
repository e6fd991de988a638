/**
 * Paying for a song's distribution (docs/product.md, Data–4): `complete` charges the chosen option with
 * the saved card, `recovery` makes the discounted offers after a decline. Session artist only;
 * another artist's song is answered like a missing one (404).
 */
import { Hono } from "hono";
import { FEE_OPTIONS, type FeeOption, type RecoveryTier } from "@jplay/schema/pricing";
import type { AppEnv } from "../env";
import { createDb } from "../db";
import { badRequest } from "../errors";
import type { JobQueue } from "../jobs/job";
import { createStripe } from "../payments/stripe-client";
import { rethrowProviderFailure } from "../payments/provider-unavailable";
import { requireSessionArtist } from "../services/artist-session";
import type { PaymentDeps } from "../services/close-open-payment";
import { completeDistribution } from "../services/complete-distribution";
import { makeRecoveryOffer } from "../services/recovery-offer";

/** Browsers send a timestamp; anything longer than this is not one of ours. */
const MAX_REQUEST_ID_LENGTH = 100;

async function readJson(c: { req: { json(): Promise<unknown> } }): Promise<Record<string, unknown>> {
  const body = await c.req.json().catch(() => null);
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw badRequest("Send a JSON object.");
  return body as Record<string, unknown>;
}

function readFeeOption(value: unknown): FeeOption {
  if (typeof value !== "string" || !(FEE_OPTIONS as readonly string[]).includes(value)) throw badRequest("Invalid option");
  return value as FeeOption;
}

function readRequestId(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "" || value.length > MAX_REQUEST_ID_LENGTH) {
    throw badRequest(`requestId must be a non-empty string of at most ${MAX_REQUEST_ID_LENGTH} characters.`);
  }
  return value;
}

const paymentDeps = (env: Env): PaymentDeps => ({
  db: createDb(env.DB),
  jobs: env.JOBS as JobQueue,
  stripe: createStripe(env),
});

export const distributionPaymentRoutes = new Hono<AppEnv>()
  .post("/distribute/:songId/complete", async (c) => {
    const deps = paymentDeps(c.env);
    const artist = await requireSessionArtist(c, deps.db);
    const body = await readJson(c);
    const feeOption = readFeeOption(body.feeOption);
    const requestId = readRequestId(body.requestId);
    const answer = await completeDistribution(deps, artist, { songId: c.req.param("songId"), feeOption, requestId }).catch((error: unknown) => rethrowProviderFailure(error, c.get("requestId")));
    return c.json(answer.body, answer.status);
  })
  .post("/distribute/:songId/recovery", async (c) => {
    const deps = paymentDeps(c.env);
    const artist = await requireSessionArtist(c, deps.db);
    const body = await readJson(c);
    const tier = body.offerTier;
    if (tier !== 1 && tier !== 2) throw badRequest("offerTier must be 1 or 2.");
    const answer = await makeRecoveryOffer(deps, artist, c.req.param("songId"), tier as RecoveryTier).catch((error: unknown) => rethrowProviderFailure(error, c.get("requestId")));
    return answer.status === 402 ? c.json(answer.body, 402) : c.json(answer.body, 200);
  });
