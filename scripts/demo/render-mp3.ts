/**
 * Synthesises a short, recognisably different instrumental for each demo song (seeded melody, bass,
 * pad and noise/sine drums) and encodes it to MP3 with lamejs, so the demo catalogue plays real audio
 * without shipping any recordings. Output is deterministic: same song in, same bytes out.
 */
import { Mp3Encoder } from "@breezystack/lamejs";
import { SCALES, type DemoSong, type Waveform } from "./catalogue.ts";
import { prng } from "./prng.ts";

export const SAMPLE_RATE = 22050;
export const BITRATE_KBPS = 64;

const TWO_PI = Math.PI * 2;

/** PolyBLEP correction, removes most aliasing from the saw and square discontinuities. */
function polyBlep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

function oscillator(wave: Waveform, phase: number, dt: number): number {
  switch (wave) {
    case "sine":
      return Math.sin(TWO_PI * phase);
    case "triangle":
      return 1 - 4 * Math.abs(phase - 0.5);
    case "sawtooth":
    case "pluck":
      return 2 * phase - 1 - polyBlep(phase, dt);
    case "square": {
      const p2 = phase + 0.5 >= 1 ? phase - 0.5 : phase + 0.5;
      return (phase < 0.5 ? 1 : -1) + polyBlep(phase, dt) - polyBlep(p2, dt);
    }
    case "organ":
      return (Math.sin(TWO_PI * phase) + 0.5 * Math.sin(2 * TWO_PI * phase) + 0.25 * Math.sin(3 * TWO_PI * phase)) / 1.4;
  }
}

interface Voice {
  wave: Waveform;
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  /** Low-pass cutoff in Hz (one-pole), 0 = none. */
  cutoff: number;
  vibrato: number;
}

/** Adds one enveloped note to `out`. Times in seconds. */
function addNote(out: Float32Array, start: number, length: number, freq: number, amp: number, v: Voice): void {
  const sr = SAMPLE_RATE;
  const s0 = Math.floor(start * sr);
  const holdEnd = length * sr;
  const total = Math.min(Math.floor((length + v.release) * sr), out.length - s0);
  if (total <= 0) return;
  const atk = Math.max(1, v.attack * sr);
  const dec = Math.max(1, v.decay * sr);
  const rel = Math.max(1, v.release * sr);
  const dt = freq / sr;
  const pluck = v.wave === "pluck";
  let phase = 0;
  let lp = 0;
  let envAtRelease = 0;
  for (let i = 0; i < total; i++) {
    let env: number;
    if (i < holdEnd) {
      if (i < atk) env = i / atk;
      else if (pluck) env = Math.exp(-(i - atk) / (dec * 2));
      else if (i < atk + dec) env = 1 - (1 - v.sustain) * ((i - atk) / dec);
      else env = v.sustain;
      envAtRelease = env;
    } else {
      env = envAtRelease * (1 - (i - holdEnd) / rel);
    }
    let x = oscillator(v.wave, phase, dt);
    if (v.cutoff > 0) {
      // A pluck opens bright and closes fast; other voices have a fixed tone filter.
      const fc = pluck ? v.cutoff * (0.15 + 0.85 * Math.exp(-i / (0.08 * sr))) : v.cutoff;
      lp += (1 - Math.exp((-TWO_PI * fc) / sr)) * (x - lp);
      x = lp;
    }
    out[s0 + i]! += x * env * amp;
    const vib = v.vibrato > 0 && i > 0.15 * sr ? 1 + v.vibrato * Math.sin((TWO_PI * 5.2 * i) / sr) : 1;
    phase += dt * vib;
    if (phase >= 1) phase -= 1;
  }
}

function addKick(out: Float32Array, start: number, amp: number): void {
  const sr = SAMPLE_RATE;
  const s0 = Math.floor(start * sr);
  const total = Math.min(Math.floor(0.32 * sr), out.length - s0);
  let phase = 0;
  for (let i = 0; i < total; i++) {
    const t = i / sr;
    const f = 48 + 110 * Math.exp(-t / 0.035);
    phase += f / sr;
    const env = Math.exp(-t / 0.11) * Math.min(1, i / 20);
    out[s0 + i]! += Math.sin(TWO_PI * phase) * env * amp;
  }
}

function addSnare(out: Float32Array, start: number, amp: number, rand: () => number): void {
  const sr = SAMPLE_RATE;
  const s0 = Math.floor(start * sr);
  const total = Math.min(Math.floor(0.22 * sr), out.length - s0);
  let lp = 0;
  let phase = 0;
  for (let i = 0; i < total; i++) {
    const t = i / sr;
    const n = rand() * 2 - 1;
    lp += 0.35 * (n - lp);
    const bright = n - lp; // crude high-pass: noise minus its low part
    phase += 185 / sr;
    out[s0 + i]! += (bright * Math.exp(-t / 0.06) * 0.8 + Math.sin(TWO_PI * phase) * Math.exp(-t / 0.03) * 0.5) * amp;
  }
}

function addHat(out: Float32Array, start: number, amp: number, rand: () => number): void {
  const sr = SAMPLE_RATE;
  const s0 = Math.floor(start * sr);
  const total = Math.min(Math.floor(0.06 * sr), out.length - s0);
  let prev = 0;
  for (let i = 0; i < total; i++) {
    const n = rand() * 2 - 1;
    const hp = n - prev; // first difference: strongly high-passed noise
    prev = n;
    out[s0 + i]! += hp * Math.exp(-i / (0.014 * sr)) * amp * 0.5;
  }
}

const LEAD_VOICE: Readonly<Record<Waveform, Voice>> = {
  sine: { wave: "sine", attack: 0.01, decay: 0.2, sustain: 0.7, release: 0.12, cutoff: 0, vibrato: 0.004 },
  triangle: { wave: "triangle", attack: 0.008, decay: 0.15, sustain: 0.6, release: 0.1, cutoff: 0, vibrato: 0.003 },
  square: { wave: "square", attack: 0.005, decay: 0.1, sustain: 0.5, release: 0.06, cutoff: 2600, vibrato: 0 },
  sawtooth: { wave: "sawtooth", attack: 0.01, decay: 0.12, sustain: 0.6, release: 0.08, cutoff: 2200, vibrato: 0.003 },
  organ: { wave: "organ", attack: 0.02, decay: 0.1, sustain: 0.85, release: 0.15, cutoff: 0, vibrato: 0.005 },
  pluck: { wave: "pluck", attack: 0.002, decay: 0.18, sustain: 0, release: 0.05, cutoff: 4200, vibrato: 0 },
};

function bassVoice(wave: Waveform): Voice {
  return { wave, attack: 0.006, decay: 0.12, sustain: 0.75, release: 0.05, cutoff: wave === "sine" ? 0 : 700, vibrato: 0 };
}

function padVoice(wave: Waveform): Voice {
  return { wave, attack: 0.35, decay: 0.4, sustain: 0.8, release: 0.5, cutoff: 1100, vibrato: 0 };
}

/** Frequency of scale degree `degree` (may exceed one octave or be negative) above `rootHz`. */
function degreeHz(rootHz: number, scale: readonly number[], degree: number): number {
  const n = scale.length;
  const octave = Math.floor(degree / n);
  const semis = scale[((degree % n) + n) % n]! + 12 * octave;
  return rootHz * 2 ** (semis / 12);
}

interface MelodyNote {
  step: number;
  length: number;
  /** Scale degree relative to the chord root. */
  degree: number;
}

/** A two-bar phrase: notes on sixteenth steps, strong beats preferring chord tones. */
function makePhrase(rand: () => number, density: number, scaleLen: number): MelodyNote[] {
  const notes: MelodyNote[] = [];
  let degree = [0, 2, 4][Math.floor(rand() * 3)]!;
  let step = 0;
  while (step < 32) {
    const strong = step % 4 === 0;
    if (rand() < (strong ? density + 0.25 : density)) {
      const r = rand();
      const length = r < 0.4 ? 2 : r < 0.65 ? 1 : r < 0.85 ? 4 : 3;
      if (strong && rand() < 0.6) {
        // Snap to the nearest chord tone (root, third, fifth) around the current register.
        const base = Math.floor(degree / scaleLen) * scaleLen;
        const tones = [base, base + 2, base + 4, base + scaleLen];
        degree = tones.reduce((best, t) => (Math.abs(t - degree) < Math.abs(best - degree) ? t : best), tones[0]!);
      } else {
        degree += Math.floor(rand() * 5) - 2; // step -2..+2
      }
      degree = Math.max(-2, Math.min(scaleLen + 5, degree));
      notes.push({ step, length: Math.min(length, 32 - step), degree });
      step += length;
    } else {
      step += 1;
    }
  }
  return notes;
}

/** Variation of a phrase: a few notes move by a scale step, some get dropped. */
function vary(phrase: readonly MelodyNote[], rand: () => number): MelodyNote[] {
  return phrase.filter(() => rand() > 0.1).map((n) => (rand() < 0.25 ? { ...n, degree: n.degree + (rand() < 0.5 ? -1 : 1) } : n));
}

function hits(pattern: string, step: number): number {
  const c = pattern[step % 16];
  return c === "x" ? 1 : c === "o" ? 0.45 : 0;
}

/** Renders the song to mono float samples in [-1, 1]. */
export function renderSongSamples(song: DemoSong): Float32Array {
  const m = song.music;
  const scale = SCALES[m.scale];
  const rand = prng(m.seed);
  const noise = prng(m.seed ^ 0x9e3779b9);
  const duration = Math.min(60, Math.max(20, m.durationSeconds));
  const out = new Float32Array(Math.round(duration * SAMPLE_RATE));

  const stepDur = 60 / m.bpm / 4;
  const barDur = stepDur * 16;
  const bars = Math.ceil(duration / barDur);
  const stepTime = (bar: number, step: number): number => bar * barDur + step * stepDur + (step % 2 === 1 ? m.swing * stepDur : 0);

  const lead = LEAD_VOICE[m.lead];
  const bass = bassVoice(m.bass);
  const pad = m.pad ? padVoice(m.pad) : null;
  const leadRoot = m.rootHz * 4;

  // Bass rhythm: follows the kick, plus a few seeded pickups; one bar, reused.
  const bassSteps: number[] = [];
  for (let s = 0; s < 16; s++) {
    if (s === 0 || m.drums.kick[s] === "x" || (s % 2 === 0 && rand() < 0.18)) bassSteps.push(s);
  }

  const phraseA = makePhrase(rand, m.density, scale.length);
  const phraseB = makePhrase(rand, m.density * 0.9, scale.length);
  // Form in two-bar phrases after a two-bar intro without lead: A, A', B, A, A', B, ...
  const form = ["A", "A'", "B"] as const;

  for (let bar = 0; bar < bars; bar++) {
    const chordDegree = m.progression[bar % m.progression.length]!;
    const intro = bar < 2;

    // Pad: triad on the chord, one octave above the bass root.
    if (pad) {
      for (const d of [0, 2, 4]) {
        addNote(out, bar * barDur, barDur * 0.98, degreeHz(m.rootHz * 2, scale, chordDegree + d), 0.07, pad);
      }
    }

    // Bass: chord root, sometimes the octave or fifth.
    for (let i = 0; i < bassSteps.length; i++) {
      const s = bassSteps[i]!;
      const next = bassSteps[i + 1] ?? 16;
      const len = Math.min(4, next - s) * stepDur * 0.85;
      const pick = rand();
      const deg = chordDegree + (pick < 0.12 ? 4 : 0);
      const f = degreeHz(m.rootHz, scale, deg) * (pick > 0.9 ? 2 : 1);
      addNote(out, stepTime(bar, s), len, f, intro && bar === 0 ? 0.18 : 0.32, bass);
    }

    // Drums (the very first bar is kick and hat only, as a count-in).
    for (let s = 0; s < 16; s++) {
      const t = stepTime(bar, s);
      const k = hits(m.drums.kick, s);
      const sn = bar === 0 ? 0 : hits(m.drums.snare, s);
      const h = hits(m.drums.hat, s);
      if (k) addKick(out, t, 0.55 * k);
      if (sn) addSnare(out, t, 0.32 * sn, noise);
      if (h) addHat(out, t, 0.22 * h, noise);
    }

    // Lead: the phrase for this two-bar slot, transposed onto the current chord.
    if (!intro && bar % 2 === 0) {
      const slot = form[(bar / 2 - 1) % 3]!;
      const phrase = slot === "A" ? phraseA : slot === "A'" ? vary(phraseA, rand) : phraseB;
      for (const n of phrase) {
        const b = bar + Math.floor(n.step / 16);
        if (b >= bars) continue;
        const chord = m.progression[b % m.progression.length]!;
        const f = degreeHz(leadRoot, scale, chord + n.degree);
        addNote(out, stepTime(b, n.step % 16), n.length * stepDur * 0.92, f, 0.2, lead);
      }
    }
  }

  // Master: normalise, gentle saturation, fade in and out.
  let peak = 0;
  for (let i = 0; i < out.length; i++) peak = Math.max(peak, Math.abs(out[i]!));
  const gain = peak > 0 ? 1.25 / peak : 1;
  const norm = Math.tanh(1.25);
  const fadeIn = 0.6 * SAMPLE_RATE;
  const fadeOut = 3 * SAMPLE_RATE;
  for (let i = 0; i < out.length; i++) {
    let y = (Math.tanh(out[i]! * gain) / norm) * 0.9;
    if (i < fadeIn) y *= i / fadeIn;
    const left = out.length - 1 - i;
    if (left < fadeOut) y *= (left / fadeOut) ** 1.5;
    out[i] = y;
  }
  return out;
}

/**
 * Encodes mono float samples to a CBR MP3: the demo's 22.05 kHz, 64 kbps (MPEG-2 Layer III) unless
 * `rate` and `kbps` say otherwise (the fingerprint benchmark re-encodes at other bitrates).
 */
export function encodeMp3(samples: Float32Array, rate = SAMPLE_RATE, kbps = BITRATE_KBPS): Uint8Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    pcm[i] = Math.round(s * 32767);
  }
  const encoder = new Mp3Encoder(1, rate, kbps);
  const chunks: Uint8Array[] = [];
  const BLOCK = 1152 * 10;
  // lamejs actually returns Int8Array views despite its typings; re-view them as bytes.
  const push = (b: ArrayLike<number> & { buffer: ArrayBufferLike; byteOffset: number; byteLength: number }) => {
    if (b.byteLength > 0) chunks.push(new Uint8Array(b.buffer, b.byteOffset, b.byteLength).slice());
  };
  for (let i = 0; i < pcm.length; i += BLOCK) push(encoder.encodeBuffer(pcm.subarray(i, i + BLOCK)));
  push(encoder.flush());
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const mp3 = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    mp3.set(c, offset);
    offset += c.length;
  }
  return mp3;
}

/** The demo song as MP3 bytes (20–45 s, mono, 22050 Hz, 64 kbps). */
export function renderSongMp3(song: DemoSong): Uint8Array {
  return encodeMp3(renderSongSamples(song));
}
