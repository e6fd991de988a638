/**
 * Chromaprint's fingerprint (its default configuration, "TEST2"), computed from 11 025 Hz mono audio
 * as it arrives: 4096-sample frames, a new one every 1365 samples (2/3 overlap), Hamming-windowed,
 * their power spectrum folded into 12 chroma bands (28–3520 Hz), smoothed over 5 frames
 * (0.25, 0.75, 1, 0.75, 0.25), each normalised to unit length (all zero under 0.01), and the last 16
 * kept as a rolling integral image from which the 16 classifiers (chromaprint-classifiers.ts) each
 * give 2 Gray-coded bits of a 32-bit sub-fingerprint: about 8 a second. Only one frame, five chroma
 * vectors and 17 image rows are held, so memory stays flat (docs/audio-checks.md, "Fingerprints").
 */
import FFT from "fft.js";
import { CLASSIFIERS, MAX_FILTER_FRAMES, type Classifier } from "./chromaprint-classifiers";

export const FINGERPRINT_RATE = 11_025;
const FRAME = 4096;
const HOP = Math.floor(FRAME / 3); // 1365
/** Seconds of audio between two sub-fingerprints. */
export const SUB_FINGERPRINT_SECONDS = HOP / FINGERPRINT_RATE;
const MIN_FREQ = 28;
const MAX_FREQ = 3520;
const BANDS = 12;
const SMOOTHING = [0.25, 0.75, 1, 0.75, 0.25] as const;
const NORM_FLOOR = 0.01;
const GRAY = [0, 1, 3, 2] as const;
/** Image rows kept: the widest filter's frames and the row before them. */
const ROWS = MAX_FILTER_FRAMES + 1;

const binOf = (hz: number) => Math.round((FRAME * hz) / FINGERPRINT_RATE);
const FIRST_BIN = Math.max(1, binOf(MIN_FREQ));
const END_BIN = Math.min(FRAME / 2, binOf(MAX_FREQ));

/** Each spectrum bin's chroma band: where its frequency falls in its octave, counted from 440/16 Hz. */
const NOTE_OF_BIN = (() => {
  const notes = new Uint8Array(END_BIN);
  for (let bin = FIRST_BIN; bin < END_BIN; bin++) {
    const octave = Math.log2((bin * FINGERPRINT_RATE) / FRAME / (440 / 16));
    notes[bin] = Math.floor(BANDS * (octave - Math.floor(octave)));
  }
  return notes;
})();

const HAMMING = Float64Array.from({ length: FRAME }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME - 1)));

export class Chromaprint {
  private readonly fft = new FFT(FRAME);
  private readonly spectrum = this.fft.createComplexArray() as number[];
  private readonly frame = new Float64Array(FRAME);
  private readonly windowed = new Float64Array(FRAME);
  /** Samples in `frame`; once full, it slides by HOP. */
  private filled = 0;
  private readonly recentChroma: Float64Array[] = [];
  /** Rolling integral image: row r (absolute) at rows[r % ROWS]. */
  private readonly rows = Array.from({ length: ROWS }, () => new Float64Array(BANDS));
  private rowCount = 0;
  private readonly words: number[] = [];

  /** Adds 11 025 Hz mono samples. */
  push(samples: Float32Array): void {
    let at = 0;
    while (at < samples.length) {
      const take = Math.min(FRAME - this.filled, samples.length - at);
      this.frame.set(samples.subarray(at, at + take), this.filled);
      this.filled += take;
      at += take;
      if (this.filled === FRAME) {
        this.analyse();
        this.frame.copyWithin(0, HOP);
        this.filled = FRAME - HOP;
      }
    }
  }

  /** The sub-fingerprints so far (unsigned 32-bit). */
  get fingerprint(): Uint32Array {
    return Uint32Array.from(this.words);
  }

  private analyse(): void {
    for (let i = 0; i < FRAME; i++) this.windowed[i] = this.frame[i]! * HAMMING[i]!;
    this.fft.realTransform(this.spectrum, this.windowed);
    const chroma = new Float64Array(BANDS);
    for (let bin = FIRST_BIN; bin < END_BIN; bin++) {
      const re = this.spectrum[2 * bin]!;
      const im = this.spectrum[2 * bin + 1]!;
      chroma[NOTE_OF_BIN[bin]!]! += re * re + im * im;
    }
    this.recentChroma.push(chroma);
    if (this.recentChroma.length < SMOOTHING.length) return;
    if (this.recentChroma.length > SMOOTHING.length) this.recentChroma.shift();
    const smoothed = new Float64Array(BANDS);
    this.recentChroma.forEach((vector, j) => {
      for (let band = 0; band < BANDS; band++) smoothed[band]! += vector[band]! * SMOOTHING[j]!;
    });
    this.addRow(normalised(smoothed));
  }

  private addRow(features: Float64Array): void {
    const row = this.rows[this.rowCount % ROWS]!;
    const previous = this.rowCount > 0 ? this.rows[(this.rowCount - 1) % ROWS]! : null;
    let across = 0;
    for (let band = 0; band < BANDS; band++) {
      across += features[band]!;
      row[band] = across + (previous ? previous[band]! : 0);
    }
    this.rowCount++;
    if (this.rowCount >= MAX_FILTER_FRAMES) this.words.push(this.subFingerprint(this.rowCount - MAX_FILTER_FRAMES));
  }

  private subFingerprint(offset: number): number {
    let bits = 0;
    for (const classifier of CLASSIFIERS) bits = ((bits << 2) | GRAY[quantise(this.filter(classifier, offset), classifier.thresholds)]) >>> 0;
    return bits;
  }

  /** Sum of the image over frames [t1, t2) and bands [b1, b2). */
  private area(t1: number, b1: number, t2: number, b2: number): number {
    if (t1 === t2 || b1 === b2) return 0;
    const at = (t: number, b: number) => (t < 0 || b < 0 ? 0 : this.rows[t % ROWS]![b]!);
    return at(t2 - 1, b2 - 1) - at(t1 - 1, b2 - 1) - at(t2 - 1, b1 - 1) + at(t1 - 1, b1 - 1);
  }

  /** Chromaprint's Filter0–5 at frame `t`, compared by log((1 + a) / (1 + b)). */
  private filter({ kind, band: b, bands: h, frames: w }: Classifier, t: number): number {
    const area = (t1: number, b1: number, t2: number, b2: number) => this.area(t1, b1, t2, b2);
    const compare = (a: number, z: number) => Math.log((1 + a) / (1 + z));
    const w2 = Math.floor(w / 2);
    const h2 = Math.floor(h / 2);
    const w3 = Math.floor(w / 3);
    const h3 = Math.floor(h / 3);
    switch (kind) {
      case 0:
        return compare(area(t, b, t + w, b + h), 0);
      case 1:
        return compare(area(t, b + h2, t + w, b + h), area(t, b, t + w, b + h2));
      case 2:
        return compare(area(t + w2, b, t + w, b + h), area(t, b, t + w2, b + h));
      case 3:
        return compare(area(t, b + h2, t + w2, b + h) + area(t + w2, b, t + w, b + h2), area(t, b, t + w2, b + h2) + area(t + w2, b + h2, t + w, b + h));
      case 4:
        return compare(area(t, b + h3, t + w, b + 2 * h3), area(t, b, t + w, b + h3) + area(t, b + 2 * h3, t + w, b + h));
      case 5:
        return compare(area(t + w3, b, t + 2 * w3, b + h), area(t, b, t + w3, b + h) + area(t + 2 * w3, b, t + w, b + h));
    }
  }
}

function normalised(vector: Float64Array): Float64Array {
  let squares = 0;
  for (const value of vector) squares += value * value;
  const norm = Math.sqrt(squares);
  if (norm < NORM_FLOOR) return vector.fill(0);
  return vector.map((value) => value / norm);
}

function quantise(value: number, [t0, t1, t2]: readonly [number, number, number]): 0 | 1 | 2 | 3 {
  if (value < t1) return value < t0 ? 0 : 1;
  return value < t2 ? 2 : 3;
}
