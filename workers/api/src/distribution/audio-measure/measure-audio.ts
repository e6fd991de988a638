/**
 * Everything JPlay measures in a song's decoded audio, in one pass a block at a time: loudness
 * (BS.1770-4 integrated, EBU Tech 3342 range), true and sample peak, silence at either end and
 * clipping; and which of them the artist and the operator are warned of. Nothing here refuses a song:
 * a corrupt frame does (the decoder's check), these only flag.
 */
import { PREVIEW_SECONDS } from "@jplay/schema/provider-feed";
import { LoudnessMeter } from "./loudness-meter";
import { SilenceAndClippingMeter } from "./silence-and-clipping";
import { TruePeakMeter } from "./true-peak";

/** More silence than this at either end is flagged (what distributors refuse outright). */
export const SILENCE_FLAG_SECONDS = 10;
/** A true peak above this is flagged: it clips on playback however it is turned down later. */
export const TRUE_PEAK_FLAG_DBTP = 0;

export interface AudioMeasurements {
  integratedLufs: number | null;
  loudnessRangeLu: number | null;
  truePeakDbtp: number;
  samplePeakDbfs: number;
  leadingSilenceSeconds: number;
  trailingSilenceSeconds: number;
  clippedSamples: number;
  /** Where the song's loudest PREVIEW_SECONDS start: the preview clip's start. */
  loudestStretchStartSeconds: number;
}

export type AudioFlag = "leading_silence" | "trailing_silence" | "true_peak_over_zero" | "clipping";

export class AudioMeter {
  private readonly loudness: LoudnessMeter;
  private readonly peaks: TruePeakMeter;
  private readonly edges: SilenceAndClippingMeter;

  constructor(sampleRate: number, channels: number) {
    this.loudness = new LoudnessMeter(sampleRate, channels);
    this.peaks = new TruePeakMeter(channels);
    this.edges = new SilenceAndClippingMeter(sampleRate, channels);
  }

  push(channels: readonly Float32Array[]): void {
    this.loudness.push(channels);
    this.peaks.push(channels);
    this.edges.push(channels);
  }

  get measurements(): AudioMeasurements {
    const { integratedLufs, rangeLu } = this.loudness.loudness;
    return {
      integratedLufs,
      loudnessRangeLu: rangeLu,
      truePeakDbtp: this.peaks.truePeakDbtp,
      samplePeakDbfs: this.peaks.samplePeakDbfs,
      ...this.edges.result,
      loudestStretchStartSeconds: this.loudness.loudestStretchStart(PREVIEW_SECONDS),
    };
  }
}

export function audioFlags(measured: AudioMeasurements): AudioFlag[] {
  const flags: AudioFlag[] = [];
  if (measured.leadingSilenceSeconds > SILENCE_FLAG_SECONDS) flags.push("leading_silence");
  if (measured.trailingSilenceSeconds > SILENCE_FLAG_SECONDS) flags.push("trailing_silence");
  if (measured.truePeakDbtp > TRUE_PEAK_FLAG_DBTP) flags.push("true_peak_over_zero");
  if (measured.clippedSamples > 0) flags.push("clipping");
  return flags;
}
