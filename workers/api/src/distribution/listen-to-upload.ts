/**
 * Listens to a paid song's whole audio in the queue job (jobs/process-distribution.ts), never in the
 * request: the R2 object is streamed through the decoder and the meters a piece at a time
 * (audio-decode/check-mp3-audio.ts), so memory stays flat whatever the song's length
 * (docs/audio-checks.md). A frame no player can decode refuses the song through the pipeline's one
 * rejection (`rejectApprovedSong`: refund in the same batch, then the text), its reason written in the
 * artist's language for their text and page, its cause in English for operators. Otherwise the
 * measurements are stored (song_audio_checks), flags and all: a flag warns, it never refuses; and the
 * fingerprint the same decode made is compared with the catalogue's (match-catalogue.ts), and the
 * stream copy it encoded is stored beside the upload for the tablet's player (stream-copy/).
 */
import { sql } from "drizzle-orm";
import type { Language } from "@jplay/schema/language";
import type { Ctx } from "../platform/context";
import { streamAudioKey } from "../platform/song-media-keys";
import { streamPieces } from "../platform/stream-pieces";
import { translate } from "../platform/translate";
import { checkMp3Audio } from "./audio-decode/check-mp3-audio";
import { mpg123Wasm } from "./audio-decode/mpg123-wasm";
import { audioFlags, type AudioMeasurements } from "./audio-measure/measure-audio";
import { rejectApprovedSong } from "./distribution-pipeline";
import { matchCatalogue } from "./match-catalogue";

export const CORRUPT_AUDIO =
  /*i18n*/ "Part of the audio is damaged and cannot be played (from about {at} into the song). Export the song again from your recording software and upload the new file.";

/** `seconds` as m:ss. */
const songTime = (seconds: number) => {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};

const hundredths = (value: number | null) => (value === null || !Number.isFinite(value) ? null : Math.round(value * 100));

/**
 * Listens to the song's stored audio. Returns true when it may go on (measured and stored), false
 * when it was refused as corrupt (or was no longer approved, so another run already decided).
 */
export async function listenToUpload(ctx: Ctx, song: { id: string; artistId: string | null; audioKey: string; title: string }): Promise<boolean> {
  const object = await ctx.media.get(song.audioKey);
  if (!object) throw new Error(`distribution.process: the audio of song ${song.id} disappeared while it was checked`);
  const check = await checkMp3Audio(streamPieces(object.body), mpg123Wasm);
  if (!check.ok) {
    const language = await artistLanguage(ctx, song.artistId);
    const reason = translate(language, CORRUPT_AUDIO, { at: songTime(check.atSeconds) });
    await rejectApprovedSong(ctx, song.id, { reason, cause: `Audio check failed: corrupt audio at about ${songTime(check.atSeconds)} (${check.detail})` });
    return false;
  }
  await storeMeasurements(ctx, song.id, check.measurements);
  await matchCatalogue(ctx, song, check.fingerprint);
  await ctx.media.put(streamAudioKey(song.id), check.streamCopy, { httpMetadata: { contentType: "audio/mpeg" } });
  return true;
}

async function artistLanguage(ctx: Ctx, artistId: string | null): Promise<Language> {
  if (artistId === null) return "en";
  const [row] = await ctx.db.all<{ language: Language }>(sql`select language from artists where id = ${artistId}`);
  return row?.language ?? "en";
}

/** One row per song; a repeated job writes the same row again. */
async function storeMeasurements(ctx: Ctx, songId: string, measured: AudioMeasurements): Promise<void> {
  const truePeak = hundredths(measured.truePeakDbtp) ?? -100_00;
  const row = sql`${songId}, ${hundredths(measured.integratedLufs)}, ${hundredths(measured.loudnessRangeLu)}, ${truePeak},
    ${Math.round(measured.leadingSilenceSeconds * 1000)}, ${Math.round(measured.trailingSilenceSeconds * 1000)}, ${measured.clippedSamples},
    ${JSON.stringify(audioFlags(measured))}, ${ctx.now()}, ${Math.round(measured.loudestStretchStartSeconds * 1000)}`;
  await ctx.db.run(sql`
    insert into song_audio_checks (song_id, integrated_loudness, loudness_range, true_peak, leading_silence_ms, trailing_silence_ms, clipped_samples, flags, checked_at, preview_start_ms)
    values (${row})
    on conflict (song_id) do update set integrated_loudness = excluded.integrated_loudness, loudness_range = excluded.loudness_range,
      true_peak = excluded.true_peak, leading_silence_ms = excluded.leading_silence_ms, trailing_silence_ms = excluded.trailing_silence_ms,
      clipped_samples = excluded.clipped_samples, flags = excluded.flags, checked_at = excluded.checked_at, preview_start_ms = excluded.preview_start_ms`);
}
