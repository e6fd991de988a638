/**
 * Songs' audio transcripts, screened like their lyrics (docs/decisions/075-speech-to-text-screening.md).
 * When speech-to-text is configured (compliance/speech-to-text.ts), a stored song gets a `pending`
 * transcript and a `compliance.transcribe` job; the job reads the MP3 from R2, transcribes it, keeps
 * the text and screens the song again, so a match in the audio holds it for review exactly as one in
 * the lyrics does. A job that keeps failing (the service errors, times out, the audio is too large)
 * retries like any job and then, from the dead-letter queue, marks the transcript `failed`: review
 * says so, the song moves on, and nobody takes it for clean. Without the setting nothing is queued.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { SongTranscript } from "@jplay/schema/compliance";
import { songs, songTranscripts } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { refreshHolds } from "./facility-standing";
import { SCREENED_STATUSES } from "./rescreen";
import { screenSong } from "./screening";
import { speechToTextSetting, transcribe } from "./speech-to-text";

/** After a song's audio is stored: a pending transcript and its job, or nothing at all when speech-to-text is off. */
export async function requestTranscription(ctx: Ctx, songId: string): Promise<void> {
  const setting = speechToTextSetting(ctx.env);
  if (setting.state === "off") return;
  const failed = setting.state === "misconfigured";
  await ctx.db
    .insert(songTranscripts)
    .values({
      songId,
      status: failed ? "failed" : "pending",
      model: setting.model,
      error: failed ? setting.reason : null,
      requestedAt: ctx.now(),
      finishedAt: failed ? ctx.now() : null,
    })
    .onConflictDoNothing();
  if (!failed) await ctx.jobs.send({ type: "compliance.transcribe", songId });
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** The `compliance.transcribe` job. Idempotent: a transcript already kept is not asked for again, only screened. */
export async function transcribeSong(ctx: Ctx, songId: string): Promise<void> {
  const [row] = await ctx.db.select({ status: songTranscripts.status }).from(songTranscripts).where(eq(songTranscripts.songId, songId)).limit(1);
  const [song] = await ctx.db
    .select({ status: songs.status, audioKey: songs.audioKey, lyricsLanguage: songs.lyricsLanguage })
    .from(songs)
    .where(eq(songs.id, songId))
    .limit(1);
  // Rejected or removed since: nothing left to screen.
  if (!row || !song || !(SCREENED_STATUSES as readonly string[]).includes(song.status)) return;
  if (row.status !== "done") {
    const setting = speechToTextSetting(ctx.env);
    if (setting.state !== "on") {
      await transcriptionFailed(ctx, songId, setting.state === "off" ? "Speech-to-text was turned off before this song was transcribed." : setting.reason);
      return;
    }
    try {
      const object = await ctx.media.get(song.audioKey);
      if (!object) throw new Error("The stored audio file is missing.");
      // The artist's lyrics language is a hint; "zxx" (no lyrics) gives none and the model listens for any.
      const hint = /^[a-z]{2}$/.test(song.lyricsLanguage) ? song.lyricsLanguage : null;
      const transcript = await transcribe(setting.ai, new Uint8Array(await object.arrayBuffer()), hint);
      await ctx.db
        .update(songTranscripts)
        .set({
          status: "done",
          text: transcript.text,
          language: transcript.language,
          error: null,
          attempts: sql`${songTranscripts.attempts} + 1`,
          finishedAt: ctx.now(),
        })
        .where(eq(songTranscripts.songId, songId));
    } catch (error) {
      await ctx.db
        .update(songTranscripts)
        .set({ error: errorText(error), attempts: sql`${songTranscripts.attempts} + 1` })
        .where(and(eq(songTranscripts.songId, songId), ne(songTranscripts.status, "done")));
      throw error;
    }
  }
  await screenSong(ctx, songId);
  await refreshHolds(ctx, songId);
}

/** The job used its retries (the dead-letter queue's last run failed too): the transcript is `failed`, with why. */
export async function transcriptionFailed(ctx: Ctx, songId: string, error: string): Promise<void> {
  await ctx.db
    .update(songTranscripts)
    .set({ status: "failed", error: error.slice(0, 500), finishedAt: ctx.now() })
    .where(and(eq(songTranscripts.songId, songId), ne(songTranscripts.status, "done")));
}

/** What review shows of a song's transcript (a pending one with the last attempt's error, if any); null when none was asked for. */
export async function songTranscript(ctx: Ctx, songId: string): Promise<SongTranscript | null> {
  const [row] = await ctx.db
    .select({ status: songTranscripts.status, text: songTranscripts.text, error: songTranscripts.error })
    .from(songTranscripts)
    .where(eq(songTranscripts.songId, songId))
    .limit(1);
  return row ? { status: row.status, text: row.status === "done" ? row.text : null, error: row.status === "done" ? null : row.error } : null;
}
