/**
 * /api/admin/songs/{songId}: the operator's decisions about one song and its media.
 * - `POST …/approve {explicit?}`: review, before a paid song can go live
 *   (docs/decisions/029-review-before-delivery.md).
 * - `POST …/reject {reason, note?}`: stops a paid song before it goes live, from review or Distribution
 *   Status, with a reason from the fixed list or `other` and the operator's own words in the note
 *   (schema/src/song-rejection.ts); the fee is refunded and the artist texted like every rejection
 *   (distribution/operator-rejection.ts).
 * - `POST …/facility-decision {facilityId, decision, reason}`: a live song a term list holds at a
 *   facility is allowed back there (`override`) or kept out (`block`) (docs/decisions/067).
 * - `POST …/takedown {reason, kind?}` and `POST …/restore`: a live song leaves every list and comes
 *   back; `kind: "rights"` (a rights claim) also refunds its buyers (provider/receipts/).
 * - `PUT …/release-details {genre, lyricsLanguage, credits}`: the operator corrects what the artist
 *   said (distribution/release-corrections.ts).
 * - `GET …/splits`: the song's royalty split, every version newest first (docs/splits.md).
 * - `GET …/audio` and `GET …/cover`: the song's media whatever its status (the public media routes
 *   serve only live songs, and review needs to hear a song before it is live); never cached outside
 *   the operator's browser.
 * Behind `requireAdmin` (admin/routes/index.ts), which names the operator each decision records.
 */
import { Hono } from "hono";
import { TakedownSongSchema, type TakedownResponse } from "@jplay/schema/catalogue-control";
import { ApproveSongSchema, type ApproveSongResponse } from "@jplay/schema/review";
import { ReleaseCorrectionSchema, type ReleaseCorrectionResponse } from "@jplay/schema/release-metadata";
import { RejectSongSchema, type RejectSongResponse } from "@jplay/schema/song-rejection";
import type { Ctx } from "../../platform/context";
import type { AppEnv } from "../../platform/env";
import { notFound } from "../../platform/errors";
import { rejectSongByOperator, correctReleaseDetails, approveSong } from "../../distribution/index";
import { songById, coverKeyToServe, requestedCoverWidth, restoreSong, takeDownSong } from "../../catalogue/index";
import { refundRightsRemoval } from "../../provider/index";
import { serveMedia } from "../../platform/serve-media";
import { jsonBody } from "../../platform/validation";
import { FacilityDecisionSchema, type FacilityDecisionResponse } from "@jplay/schema/compliance";
import { decideHeldSong } from "../../compliance/index";
import { songSplitHistory } from "../../splits/index";
import type { AdminSongSplitsResponse } from "@jplay/schema/splits";

const PRIVATE = "private, no-store";

/** The song whose media an operator asks for, whatever its status; 404 when there is none. */
async function songMedia(ctx: Ctx, songId: string) {
  const song = await songById(ctx.db, songId);
  if (!song) throw notFound("No song with this id.");
  return song;
}

export const adminSongRoutes = new Hono<AppEnv>()
  .post("/:songId/approve", jsonBody(ApproveSongSchema), async (c) => {
    const songId = c.req.param("songId");
    const { explicit, override, notACopy } = c.req.valid("json");
    const outcome = await approveSong(c.var.ctx, songId, {
      actor: c.var.operator!,
      explicit,
      ...(override ? { override } : {}),
      ...(notACopy ? { notACopy } : {}),
    });
    return c.json<ApproveSongResponse>({ songId, ...outcome });
  })
  .post("/:songId/reject", jsonBody(RejectSongSchema), async (c) => {
    const songId = c.req.param("songId");
    const status = await rejectSongByOperator(c.var.ctx, songId, c.req.valid("json"), c.var.operator!);
    return c.json<RejectSongResponse>({ songId, status });
  })
  .post("/:songId/facility-decision", jsonBody(FacilityDecisionSchema), async (c) => {
    const songId = c.req.param("songId");
    await decideHeldSong(c.var.ctx, songId, c.req.valid("json"), c.var.operator!);
    return c.json<FacilityDecisionResponse>({ songId, decided: true });
  })
  .post("/:songId/takedown", jsonBody(TakedownSongSchema), async (c) => {
    const songId = c.req.param("songId");
    const { reason, kind } = c.req.valid("json");
    await takeDownSong(c.var.ctx, songId, { reason, kind, actor: c.var.operator! }, c.var.ctx.now());
    // A rights claim: nobody may download it any more, so its buyers are refunded through the provider.
    if (kind === "rights") await refundRightsRemoval(c.var.ctx, songId, c.var.operator!);
    return c.json<TakedownResponse>({ songId, takenDown: true });
  })
  .post("/:songId/restore", async (c) => {
    const songId = c.req.param("songId");
    await restoreSong(c.var.ctx, songId, { actor: c.var.operator! }, c.var.ctx.now());
    return c.json<TakedownResponse>({ songId, takenDown: false });
  })
  .get("/:songId/splits", async (c) => c.json<AdminSongSplitsResponse>(await songSplitHistory(c.var.ctx, c.req.param("songId"))))
  .put("/:songId/release-details", jsonBody(ReleaseCorrectionSchema), async (c) => {
    const songId = c.req.param("songId");
    const correction = c.req.valid("json");
    const { changed } = await correctReleaseDetails(c.var.ctx, songId, correction, c.var.operator!);
    return c.json<ReleaseCorrectionResponse>({ songId, ...correction, changed });
  })
  .get("/:songId/audio", async (c) => {
    const song = await songMedia(c.var.ctx, c.req.param("songId"));
    return serveMedia(c.var.ctx.media, song.audioKey, c.req.raw, { cacheControl: PRIVATE, missingMessage: "This song's audio is no longer stored." });
  })
  .get("/:songId/cover", async (c) => {
    const width = requestedCoverWidth(c.req.query("size"));
    const song = await songMedia(c.var.ctx, c.req.param("songId"));
    if (!song.coverKey) throw notFound("This song has no cover.");
    const key = await coverKeyToServe(c.var.ctx, song.coverKey, width);
    return serveMedia(c.var.ctx.media, key, c.req.raw, { cacheControl: PRIVATE, missingMessage: "This song's cover is no longer stored." });
  });
