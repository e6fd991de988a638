/**
 * The copy of a song's MP3 the tablet provider fetches: the stored upload normalised for the tablet
 * (normalise-loudness.ts: −14 LUFS, true peak at most −1 dBTP, by global_gain steps, no re-encoding)
 * with its own leading ID3v2 tag replaced by JPlay's (title, artist, ISRC, the applied gain and
 * ReplayGain 2.0: id3-tag.ts), at `songs/<id>/delivered.mp3` beside the upload, which stays as the
 * artist sent it (the public player and the admin still serve that one). The gain comes from the
 * song's stored measurements (song_audio_checks, written by the listening check before this runs); a
 * song never measured (one backfilled from before the check) is delivered at its own level, without
 * gain tags. Written before the song can be delivered; the provider's audio link serves it when it exists.
 * A measured song also gets its preview clip, cut from the normalised audio where its loudest
 * PREVIEW_SECONDS start (cut-preview.ts, docs/audio-checks.md, "Previews"); the steps applied are
 * stored last (song_audio_checks.delivered_gain_steps), so a song with them has both files.
 */
import { eq } from "drizzle-orm";
import { PREVIEW_SECONDS } from "@jplay/schema/provider-feed";
import { songAudioChecks } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { previewAudioKey } from "../platform/song-media-keys";
import { cutPreview } from "./cut-preview";
import { leadingId3v2Length, withId3Tag } from "./id3-tag";
import { applyGainSteps, deliveredLoudness, normalisationSteps, REPLAYGAIN_REFERENCE_LUFS, type Loudness } from "./normalise-loudness";

export const deliveredAudioKey = (songId: string) => `songs/${songId}/delivered.mp3`;

export interface DeliveredSong {
  id: string;
  audioKey: string;
  title: string;
  artistName: string;
  /** Stored form. */
  isrc: string;
}

const decibels = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(2)} dB`;

/** Writes (or rewrites) the delivered copy from the stored MP3. Throws when the stored audio is missing. */
export async function storeDeliveredCopy(ctx: Ctx, song: DeliveredSong): Promise<void> {
  const stored = await ctx.media.get(song.audioKey);
  if (!stored) throw new Error(`The stored audio of song ${song.id} (${song.audioKey}) is missing: no delivered copy can be made`);
  const bytes = new Uint8Array(await stored.arrayBuffer());
  const text = { title: song.title, artist: song.artistName, isrc: song.isrc };
  const measured = await storedLoudness(ctx, song.id);
  if (!measured) {
    await ctx.media.put(deliveredAudioKey(song.id), withId3Tag(bytes, text), { httpMetadata: { contentType: "audio/mpeg" } });
    return;
  }
  const { audio, steps } = applyGainSteps(bytes.subarray(leadingId3v2Length(bytes)), normalisationSteps(measured));
  const delivered = deliveredLoudness(measured, steps);
  const preview = cutPreview(audio, measured.previewStartMs / 1000, PREVIEW_SECONDS);
  await ctx.media.put(previewAudioKey(song.id), preview.clip, { httpMetadata: { contentType: "audio/mpeg" } });
  const copy = withId3Tag(audio, {
    ...text,
    userText: [
      ["JPLAY_APPLIED_GAIN", `${decibels(delivered.appliedGainDb)} (${steps} global_gain steps)`],
      ["REPLAYGAIN_TRACK_GAIN", decibels(delivered.replayGainTrackGainDb)],
      ["REPLAYGAIN_TRACK_PEAK", delivered.replayGainTrackPeak.toFixed(6)],
      ["REPLAYGAIN_REFERENCE_LOUDNESS", `${REPLAYGAIN_REFERENCE_LUFS.toFixed(2)} LUFS`],
    ],
  });
  await ctx.media.put(deliveredAudioKey(song.id), copy, { httpMetadata: { contentType: "audio/mpeg" } });
  await ctx.db
    .update(songAudioChecks)
    .set({ previewStartMs: preview.startMs, previewDurationMs: preview.durationMs, deliveredGainSteps: steps })
    .where(eq(songAudioChecks.songId, song.id));
}

/** The song's measured loudness and loudest stretch, or null when it was never measured or is all under the gate. */
async function storedLoudness(ctx: Ctx, songId: string): Promise<(Loudness & { previewStartMs: number }) | null> {
  const [row] = await ctx.db
    .select({ integrated: songAudioChecks.integratedLoudness, truePeak: songAudioChecks.truePeak, previewStartMs: songAudioChecks.previewStartMs })
    .from(songAudioChecks)
    .where(eq(songAudioChecks.songId, songId))
    .limit(1);
  if (!row || row.integrated === null) return null;
  return { integratedLufs: row.integrated / 100, truePeakDbtp: row.truePeak / 100, previewStartMs: row.previewStartMs ?? 0 };
}

/** The key the provider's audio link serves: the delivered copy when there is one, else the stored upload. */
export async function providerAudioKey(ctx: Ctx, songId: string, storedAudioKey: string): Promise<string> {
  const delivered = deliveredAudioKey(songId);
  return (await ctx.media.head(delivered)) ? delivered : storedAudioKey;
}
