/**
 * Chromaprint's default configuration (its algorithm "TEST2"): the 16 classifiers that turn the
 * chroma image into a 32-bit sub-fingerprint, each a Haar-like filter over a window of the image and
 * three thresholds. The numbers are Chromaprint's published table, trained by its author on MP3
 * pairs; they must stay exactly as they are for a fingerprint to mean what Chromaprint's does
 * (docs/audio-checks.md, "Fingerprints").
 */

export interface Classifier {
  /** Chromaprint's filter kinds 0–5 (one rectangle, halves across bands or time, quarters, thirds). */
  kind: 0 | 1 | 2 | 3 | 4 | 5;
  /** First chroma band and how many bands the filter covers. */
  band: number;
  bands: number;
  /** How many chroma frames (time) the filter covers. */
  frames: number;
  /** Quantizer thresholds: under t0 → 0, under t1 → 1, under t2 → 2, else 3. */
  thresholds: readonly [number, number, number];
}

const c = (kind: Classifier["kind"], band: number, bands: number, frames: number, ...thresholds: [number, number, number]): Classifier => ({
  kind,
  band,
  bands,
  frames,
  thresholds,
});

export const CLASSIFIERS: readonly Classifier[] = [
  c(0, 4, 3, 15, 1.98215, 2.35817, 2.63523),
  c(4, 4, 6, 15, -1.03809, -0.651211, -0.282167),
  c(1, 0, 4, 16, -0.298702, 0.119262, 0.558497),
  c(3, 8, 2, 12, -0.105439, 0.0153946, 0.135898),
  c(3, 4, 4, 8, -0.142891, 0.0258736, 0.200632),
  c(4, 0, 3, 5, -0.826319, -0.590612, -0.368214),
  c(1, 2, 2, 9, -0.557409, -0.233035, 0.0534525),
  c(2, 7, 3, 4, -0.0646826, 0.00620476, 0.0784847),
  c(2, 6, 2, 16, -0.192387, -0.029699, 0.215855),
  c(2, 1, 3, 2, -0.0397818, -0.00568076, 0.0292026),
  c(5, 10, 1, 15, -0.53823, -0.369934, -0.190235),
  c(3, 6, 2, 10, -0.124877, 0.0296483, 0.139239),
  c(2, 1, 1, 14, -0.101475, 0.0225617, 0.231971),
  c(3, 5, 6, 4, -0.0799915, -0.00729616, 0.063262),
  c(1, 9, 2, 12, -0.272556, 0.019424, 0.302559),
  c(3, 4, 2, 14, -0.164292, -0.0321188, 0.0846339),
];

/** The widest filter in frames: a sub-fingerprint needs this many chroma frames. */
export const MAX_FILTER_FRAMES = Math.max(...CLASSIFIERS.map((classifier) => classifier.frames));
