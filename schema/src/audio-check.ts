/**
 * What listening to a song's whole audio found (docs/audio-checks.md): the answer of
 * `GET /api/artist/{token}/songs/{songId}/audio-check` and the `audioCheck` of each song in Review,
 * written once for the Worker and the web app. Stored as integers (song_audio_checks); answered in
 * the units people read: LUFS, LU and dBTP to two decimals, seconds to a tenth.
 */
import * as v from "valibot";

export const AUDIO_FLAGS = ["leading_silence", "trailing_silence", "true_peak_over_zero", "clipping"] as const;
export type AudioCheckFlag = (typeof AUDIO_FLAGS)[number];

export const AudioCheckSchema = v.object({
  /** Integrated loudness (BS.1770-4); null when the song is all below the absolute gate. */
  integratedLufs: v.nullable(v.number()),
  /** Loudness range (EBU Tech 3342); null when too short or quiet to measure. */
  loudnessRangeLu: v.nullable(v.number()),
  truePeakDbtp: v.number(),
  leadingSilenceSeconds: v.number(),
  trailingSilenceSeconds: v.number(),
  clippedSamples: v.number(),
  /** What the artist and operators are warned of; none of them refuses the song. */
  flags: v.array(v.picklist(AUDIO_FLAGS)),
  checkedAt: v.string(),
});
export type AudioCheckView = v.InferOutput<typeof AudioCheckSchema>;

/** `GET /api/artist/{token}/songs/{songId}/audio-check`: null until the song's audio was listened to. */
export const AudioCheckResponseSchema = v.object({ audioCheck: v.nullable(AudioCheckSchema) });
export type AudioCheckResponse = v.InferOutput<typeof AudioCheckResponseSchema>;

/** A song_audio_checks row as stored (hundredths, milliseconds, flags as a JSON array). */
export interface StoredAudioCheck {
  integratedLoudness: number | null;
  loudnessRange: number | null;
  truePeak: number;
  leadingSilenceMs: number;
  trailingSilenceMs: number;
  clippedSamples: number;
  flags: string;
  checkedAt: number;
}

const hundredths = (value: number | null) => (value === null ? null : value / 100);
const tenthsOfSeconds = (ms: number) => Math.round(ms / 100) / 10;
const isFlag = (flag: unknown): flag is AudioCheckFlag => (AUDIO_FLAGS as readonly unknown[]).includes(flag);

/** A stored row as both answers give it. */
export function audioCheckView(row: StoredAudioCheck): AudioCheckView {
  const flags: unknown = JSON.parse(row.flags);
  return {
    integratedLufs: hundredths(row.integratedLoudness),
    loudnessRangeLu: hundredths(row.loudnessRange),
    truePeakDbtp: row.truePeak / 100,
    leadingSilenceSeconds: tenthsOfSeconds(row.leadingSilenceMs),
    trailingSilenceSeconds: tenthsOfSeconds(row.trailingSilenceMs),
    clippedSamples: row.clippedSamples,
    flags: Array.isArray(flags) ? flags.filter(isFlag) : [],
    checkedAt: new Date(row.checkedAt).toISOString(),
  };
}
