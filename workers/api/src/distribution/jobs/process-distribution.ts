/**
 * `distribution.process`, queued when a song is paid (payments/checkout/apply-payment.ts): decode the stored
 * audio, listen to every frame of it and store what was measured (listen-to-upload.ts, docs/audio-checks.md),
 * record its facts and schedule delivery by package, or reject the song with a reason the admin
 * sees. A song that passes has its cover's WebP sizes stored first (distribution/store-cover-sizes.ts), so
 * they exist before it can go live; a cover that cannot be resized never holds the song back. It gets
 * its ISRC and UPC and the delivered copy of its audio (releases/prepare-release.ts) before its delivery
 * time is set: without the identifier settings the job fails, naming them, and ends in admin's Failed
 * jobs with the song undelivered until an operator fixes them and retries it. Then a
 * delayed `distribution.deliver` message makes it go live on time; the cron sweep is the safety net
 * (run-scheduled.ts). A redelivered message finds the song already scheduled and only sends
 * the delivery message again (its consumer acts once), in case the first run stopped before sending.
 */
import type { Ctx } from "../../platform/context";
import { identifierSettings, prepareRelease } from "../../releases/index";
import { checkAudioStream } from "../check-audio";
import { deliverAt, queueDelaySeconds, secondsPerWindowHour } from "../delivery-window";
import { audioCheckRejection, rejectApprovedSong, scheduleDelivery } from "../distribution-pipeline";
import { songById } from "../../catalogue/index";
import { listenToUpload } from "../listen-to-upload";
import { storeCoverSizes } from "../store-cover-sizes";

export async function processDistribution(ctx: Ctx, songId: string): Promise<void> {
  const { env } = ctx;
  const now = ctx.now();
  const song = await songById(ctx.db, songId);
  if (!song) throw new Error(`distribution.process: no song ${songId}`);
  // Unpaid, already live or rejected: nothing to do (statuses only move forward).
  if (song.status !== "approved") return;
  if (!song.package || song.paidAt === null) throw new Error(`distribution.process: song ${songId} is approved without a package or payment time`);
  // Read before anything is written, so a misconfigured setting fails the job instead of half-running it.
  const secondsPerHour = secondsPerWindowHour(env);

  if (song.deliverAt !== null) {
    // Scheduled before identifiers were assigned: they come first (the cron's backfill would too).
    if (song.isrc === null || song.upc === null) await prepareRelease(ctx, identifierSettings(env), songId, now);
    await sendDelivery(ctx, songId, song.deliverAt, now);
    return;
  }

  const object = await ctx.media.get(song.audioKey);
  if (!object) {
    await rejectApprovedSong(ctx, songId, audioCheckRejection("The stored audio file is missing."));
    return;
  }
  const check = await checkAudioStream(object.body, object.size);
  if (!check.ok) {
    await rejectApprovedSong(ctx, songId, audioCheckRejection(check.reason));
    return;
  }
  // Every frame decoded and measured; a corrupt one refuses (and refunds) the song.
  if (!(await listenToUpload(ctx, song))) return;
  // Read before anything is written for a song that passed: a missing setting fails the job here.
  const settings = identifierSettings(env);
  if (song.coverKey) await storeCoverSizes(ctx, songId, song.coverKey);
  await prepareRelease(ctx, settings, songId, now);
  const dueAt = deliverAt(song.paidAt, song.package, secondsPerHour);
  if (await scheduleDelivery(ctx, { id: songId, package: song.package }, check.facts, dueAt)) await sendDelivery(ctx, songId, dueAt, now);
}

function sendDelivery(ctx: Ctx, songId: string, dueAt: number, now: number): Promise<unknown> {
  return ctx.jobs.send({ type: "distribution.deliver", songId }, { delaySeconds: queueDelaySeconds(dueAt, now) });
}
