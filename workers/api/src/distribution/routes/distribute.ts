/**
 * /api/distribute (docs/product.md, Calls): the artist's song upload (`POST /api/distribute`) and paying
 * for its distribution — `POST …/{songId}/complete` charges the chosen option with the saved card,
 * `POST …/{songId}/recovery` makes the discounted offers after a decline. Session artist only; another
 * artist's song is answered like a missing one (404).
 *
 * The upload's multipart body is streamed to R2 as it arrives (distribution/receive-song-upload.ts), never
 * held in memory whole. Its size is bounded while reading (platform/middleware/body-limit.ts refuses a declared
 * length over the limit first), and an artist already holding the maximum of unpaid songs is refused
 * before any byte is read.
 */
import { Hono, type Context } from "hono";
import { CompleteDistributionSchema, RecoveryOfferSchema } from "@jplay/schema/distribution";
import type { CompleteDistributionResponse, DistributeResponse, RecoveryNextTierResponse, RecoveryResponse } from "@jplay/schema/payments";
import type { ApiErrorBody } from "@jplay/schema/song";
import type { AppEnv } from "../../platform/env";
import { errorLanguage, messageIn } from "../../platform/error-language";
import { badRequest } from "../../platform/errors";
import { maxUnpaidSongsPerArtist, unpaidSongExpiryMs } from "../../platform/limits";
import { stripeReady } from "../../platform/context";
import { rethrowProviderFailure } from "../../platform/provider-unavailable";
import { requireSessionArtist } from "../../access/index";
import { completeDistribution, makeRecoveryOffer } from "../../payments/index";
import { multipartBoundary } from "../../platform/multipart-stream";
import { NOT_MULTIPART } from "../receive-song-upload";
import { submitSong } from "../submit-song";
import { assertUnderUnpaidLimit } from "../unpaid-song-limit";
import { jsonBody } from "../../platform/validation";

/**
 * A message a payment answer carries in its body (a decline, why a new card is needed, the next
 * offer) in the reader's language, like the error handler's (platform/error-language.ts): a message of ours
 * was marked where it is written; anything else (e.g. Stripe's own wording) stays as it came.
 */
const inReadersLanguage = (c: Context<AppEnv>, message: string) => messageIn(errorLanguage(c), message, message);

export const distributeRoutes = new Hono<AppEnv>()
  .post("/", async (c) => {
    const ctx = c.var.ctx;
    const artist = await requireSessionArtist(c);
    const unpaid = { max: maxUnpaidSongsPerArtist(c.env), expiryMs: unpaidSongExpiryMs(c.env) };
    await assertUnderUnpaidLimit(ctx, artist.id, unpaid);

    const boundary = multipartBoundary(c.req.header("Content-Type"));
    const body = c.req.raw.body;
    if (!boundary || !body) throw badRequest(NOT_MULTIPART);

    const submission = submitSong(ctx, { artistId: artist.id, customerId: artist.stripeCustomerId, unpaid }, body, boundary);
    // A client that goes away mid-upload cancels the request's work on Cloudflare unless it is handed
    // to waitUntil (which grants up to 30 s more): so the read fails and what was stored is removed.
    c.executionCtx.waitUntil(submission.catch(() => undefined));
    return c.json<DistributeResponse>(await submission, 201);
  })
  .post("/:songId/complete", jsonBody(CompleteDistributionSchema), async (c) => {
    const deps = stripeReady(c.var.ctx);
    const artist = await requireSessionArtist(c);
    const { feeOption, requestId } = c.req.valid("json");
    const answer = await completeDistribution(deps, artist, { songId: c.req.param("songId"), feeOption, requestId }).catch((error: unknown) =>
      rethrowProviderFailure(error, c.get("requestId")),
    );
    const body: CompleteDistributionResponse | ApiErrorBody =
      "error" in answer.body ? { error: { ...answer.body.error, message: inReadersLanguage(c, answer.body.error.message) } } : answer.body;
    return c.json(body, answer.status);
  })
  .post("/:songId/recovery", jsonBody(RecoveryOfferSchema), async (c) => {
    const deps = stripeReady(c.var.ctx);
    const artist = await requireSessionArtist(c);
    const { offerTier } = c.req.valid("json");
    const answer = await makeRecoveryOffer(deps, artist, c.req.param("songId"), offerTier).catch((error: unknown) =>
      rethrowProviderFailure(error, c.get("requestId")),
    );
    const message = answer.body.message === undefined ? {} : { message: inReadersLanguage(c, answer.body.message) };
    return answer.status === 402
      ? c.json({ ...answer.body, ...message } satisfies RecoveryNextTierResponse, 402)
      : c.json({ ...answer.body, ...message } satisfies RecoveryResponse, 200);
  });
