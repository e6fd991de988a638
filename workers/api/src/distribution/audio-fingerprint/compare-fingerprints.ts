/**
 * How alike two fingerprints are: the bit error rate of their sub-fingerprints at the alignment where
 * it is lowest, over every shift that leaves at least MIN_OVERLAP_SECONDS in common (or the shorter
 * fingerprint whole). Two encodings of one recording differ in a few bits; two different songs in
 * about half. Below MATCH_BIT_ERROR_RATE is the same recording (docs/decisions/103-fingerprint-match-threshold.md).
 */
import { SUB_FINGERPRINT_SECONDS } from "./chromaprint";

/** Decision 103: an aligned bit error rate under this is a match. */
export const MATCH_BIT_ERROR_RATE = 0.2;
const MIN_OVERLAP_SECONDS = 10;

export interface FingerprintComparison {
  /** Lowest aligned bit error rate, 0–1. */
  bitErrorRate: number;
  /** Where `b` starts in `a`, seconds (negative: `a` starts later in `b`). */
  offsetSeconds: number;
  /** Seconds the two share at that alignment. */
  overlapSeconds: number;
}

const popcount = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

export function compareFingerprints(a: Uint32Array, b: Uint32Array): FingerprintComparison {
  const minOverlap = Math.min(a.length, b.length, Math.round(MIN_OVERLAP_SECONDS / SUB_FINGERPRINT_SECONDS));
  let best: FingerprintComparison = { bitErrorRate: 1, offsetSeconds: 0, overlapSeconds: 0 };
  if (minOverlap === 0) return best;
  // `shift`: index in a of b's first word.
  for (let shift = -(b.length - minOverlap); shift <= a.length - minOverlap; shift++) {
    const from = Math.max(0, shift);
    const to = Math.min(a.length, shift + b.length);
    let errors = 0;
    for (let i = from; i < to; i++) errors += popcount(a[i]! ^ b[i - shift]!);
    const rate = errors / (32 * (to - from));
    if (rate < best.bitErrorRate) {
      best = { bitErrorRate: rate, offsetSeconds: shift * SUB_FINGERPRINT_SECONDS, overlapSeconds: (to - from) * SUB_FINGERPRINT_SECONDS };
    }
  }
  return best;
}

export const isSameRecording = (comparison: FingerprintComparison) => comparison.bitErrorRate < MATCH_BIT_ERROR_RATE;
