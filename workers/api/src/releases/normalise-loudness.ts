/**
 * The delivered copy's loudness (docs/audio-checks.md, "Tablet-ready copies", docs/decisions/102):
 * −14 LUFS integrated with its true peak at most −1 dBTP, reached by gain alone, losslessly: every
 * granule's global_gain moves by the same number of steps (2^(1/4), 1.505 dB each: the mp3gain method),
 * which scales the decoded audio exactly and leaves the master's dynamics as the artist made them.
 * The step count is chosen from the song's stored measurements (song_audio_checks): the one whose
 * loudness is closest to −14 LUFS whose true peak stays at or under −1 dBTP. Pure: bytes in, bytes out.
 */
import { addGlobalGain, GAIN_STEP_DB, globalGains, layer3Frames } from "../platform/mp3-side-info";

export const TARGET_LUFS = -14;
export const TRUE_PEAK_CEILING_DBTP = -1;
/** ReplayGain 2.0's reference loudness: a player applying the track gain plays the song at −18 LUFS. */
export const REPLAYGAIN_REFERENCE_LUFS = -18;

export interface Loudness {
  integratedLufs: number;
  truePeakDbtp: number;
}

/** The step count for a song measured at `loudness` (0 when its true peak leaves no room to go up). */
export function normalisationSteps({ integratedLufs, truePeakDbtp }: Loudness): number {
  const closest = Math.round((TARGET_LUFS - integratedLufs) / GAIN_STEP_DB);
  const mostUnderCeiling = Math.floor((TRUE_PEAK_CEILING_DBTP - truePeakDbtp) / GAIN_STEP_DB + 1e-9);
  return Math.min(closest, mostUnderCeiling);
}

/** What the delivered copy's tags say: the gain applied, and ReplayGain 2.0's track gain and peak of the copy. */
export interface DeliveredLoudness {
  appliedGainDb: number;
  integratedLufs: number;
  truePeakDbtp: number;
  replayGainTrackGainDb: number;
  /** Linear, full scale 1 (the copy's true peak). */
  replayGainTrackPeak: number;
}

export function deliveredLoudness(measured: Loudness, steps: number): DeliveredLoudness {
  const appliedGainDb = steps * GAIN_STEP_DB;
  const integratedLufs = measured.integratedLufs + appliedGainDb;
  const truePeakDbtp = measured.truePeakDbtp + appliedGainDb;
  return {
    appliedGainDb,
    integratedLufs,
    truePeakDbtp,
    replayGainTrackGainDb: REPLAYGAIN_REFERENCE_LUFS - integratedLufs,
    replayGainTrackPeak: 10 ** (truePeakDbtp / 20),
  };
}

/**
 * `audio` (frames only, no leading tag) with every global_gain moved `steps`, as a new array; the
 * steps are held to what every granule has room for (a global_gain stays within 0–255). Returns the
 * steps applied.
 */
export function applyGainSteps(audio: Uint8Array, steps: number): { audio: Uint8Array; steps: number } {
  const copy = audio.slice();
  const frames = layer3Frames(copy, 0).filter((frame) => !frame.vbrHeader);
  const gains = frames.flatMap((frame) => globalGains(copy, frame));
  if (gains.length === 0) return { audio: copy, steps: 0 };
  const applied = Math.max(-Math.min(...gains), Math.min(255 - Math.max(...gains), steps));
  if (applied !== 0) for (const frame of frames) addGlobalGain(copy, frame, applied);
  return { audio: copy, steps: applied };
}
