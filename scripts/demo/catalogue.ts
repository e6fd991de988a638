/**
 * The demo catalogue: 14 fictional independent songs the demo seed writes to D1 and R2, so the store,
 * the "most purchased" ordering and the featured player have something real-looking to show.
 * Everything here is fixed data (ids, dates, counts, musical and visual parameters), which is what
 * makes the seed idempotent and the generated MP3s and covers byte-for-byte reproducible.
 */
import type { Genre, LyricsLanguage } from "../../schema/src/release-metadata.ts";

export type ScaleName = "major" | "minor" | "dorian" | "mixolydian" | "harmonicMinor" | "pentatonicMajor" | "pentatonicMinor" | "blues";

/** Semitone offsets from the root, one octave. */
export const SCALES: Readonly<Record<ScaleName, readonly number[]>> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
  pentatonicMajor: [0, 2, 4, 7, 9],
  pentatonicMinor: [0, 3, 5, 7, 10],
  blues: [0, 3, 5, 6, 7, 10],
};

/** Oscillator shapes the renderer knows; "organ" is three sine partials, "pluck" a decaying filtered saw. */
export type Waveform = "sine" | "triangle" | "square" | "sawtooth" | "organ" | "pluck";

/**
 * One bar of 16 sixteenth-note steps per voice: "x" = hit, "o" = soft (ghost) hit, "." = rest.
 * Every string must be exactly 16 characters long.
 */
export interface DrumPattern {
  readonly kick: string;
  readonly snare: string;
  readonly hat: string;
}

export interface DemoMusic {
  /** Quarter notes per minute. */
  readonly bpm: number;
  /** Human label only, e.g. "A minor". */
  readonly key: string;
  /** Frequency of the bass root (octave 2 or 3); the lead plays two octaves above. */
  readonly rootHz: number;
  readonly scale: ScaleName;
  readonly lead: Waveform;
  readonly bass: Waveform;
  /** Sustained chord voice, or null for none. */
  readonly pad: Waveform | null;
  /** Chord roots as 0-based scale degrees, one per bar, looped. */
  readonly progression: readonly number[];
  readonly drums: DrumPattern;
  /** 0 = straight sixteenths, up to ~0.33 = heavy shuffle (delays every off-beat sixteenth). */
  readonly swing: number;
  /** Probability (0–1) that a melody step starts a note. */
  readonly density: number;
  /** 20–45 seconds, fade in and out included. */
  readonly durationSeconds: number;
  /** Seeds the PRNG that writes the melody and the bass rhythm. */
  readonly seed: number;
}

export type CoverStyle = "vinyl" | "circles" | "stripes" | "sunset" | "waves" | "grid" | "rings";

export type Rgb = readonly [number, number, number];

export interface DemoCover {
  /** Background gradient start and end. */
  readonly from: Rgb;
  readonly to: Rgb;
  /** Shapes colour. */
  readonly accent: Rgb;
  /** Gradient direction in degrees (0 = left to right, 90 = top to bottom). */
  readonly angle: number;
  readonly style: CoverStyle;
}

export interface DemoSong {
  /** Fixed UUID-shaped id, so re-running the seed updates rather than duplicates. */
  readonly id: string;
  readonly title: string;
  readonly artistName: string;
  /** Its primary genre (schema/src/release-metadata.ts). */
  readonly genre: Genre;
  /**
   * The words of a song that has them, and their language (the song's page shows them). The seed's
   * synthesizer sings no words: they are the release's metadata only. Without: an instrumental.
   */
  readonly lyrics?: { readonly language: LyricsLanguage; readonly text: string };
  /** Epoch milliseconds (UTC). */
  readonly createdAt: number;
  /** How many purchase rows the seed writes for this song (all distinct, so ordering is unambiguous). */
  readonly purchases: number;
  readonly priceCents: number;
  readonly featured: boolean;
  /** The artist's explicit-content answer; a clean-only facility never lists an explicit song. */
  readonly explicit?: boolean;
  readonly music: DemoMusic;
  readonly cover: DemoCover;
}

/** Equal-tempered frequency of a MIDI note number (A4 = 69 = 440 Hz). */
function hz(midi: number): number {
  return Math.round(440 * 2 ** ((midi - 69) / 12) * 100) / 100;
}

const id = (n: number): string => `de300000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`;
const at = (y: number, m: number, d: number, h = 12): number => Date.UTC(y, m - 1, d, h, 0, 0);

const FOUR_ON_FLOOR = "x...x...x...x...";
const BACKBEAT = "....x.......x...";
const EIGHTHS = "x.x.x.x.x.x.x.x.";
const SIXTEENTHS = "xoxoxoxoxoxoxoxo";
const NONE = "................";

export const DEMO_SONGS: readonly DemoSong[] = [
  {
    id: id(1),
    title: "Concrete Lullaby",
    artistName: "Dre Holloway",
    genre: "Hip-Hop/Rap",
    lyrics: {
      language: "en",
      text: "Streetlights hum a tune for me\nSirens fade to melody\nConcrete cradle, close your eyes\nMorning waits on the other side\n\nCount the blocks instead of sheep\nThe city sings me off to sleep",
    },
    createdAt: at(2019, 3, 14),
    purchases: 152,
    priceCents: 199,
    featured: false,
    music: {
      bpm: 88,
      key: "C minor",
      rootHz: hz(36),
      scale: "pentatonicMinor",
      lead: "square",
      bass: "sine",
      pad: "triangle",
      progression: [0, 3, 2, 4],
      drums: { kick: "x.....x...x.....", snare: BACKBEAT, hat: SIXTEENTHS },
      swing: 0.18,
      density: 0.35,
      durationSeconds: 32,
      seed: 1101,
    },
    cover: { from: [24, 24, 38], to: [92, 36, 120], accent: [255, 196, 61], angle: 110, style: "grid" },
  },
  {
    id: id(2),
    title: "Morning Mercy",
    artistName: "Evelyn Ward & The Hope Choir",
    genre: "Christian & Gospel",
    lyrics: {
      language: "en",
      text: "Every morning, mercy new\nLight comes creeping through the blue\nLift your voice and lift your head\nYesterday is done and said\n\nHallelujah, here I stand\nHeld up by a steady hand",
    },
    createdAt: at(2019, 10, 6),
    purchases: 117,
    priceCents: 199,
    featured: false,
    music: {
      bpm: 72,
      key: "Eb major",
      rootHz: hz(39),
      scale: "major",
      lead: "organ",
      bass: "triangle",
      pad: "organ",
      progression: [0, 3, 4, 0],
      drums: { kick: "x.......x.......", snare: BACKBEAT, hat: "x...x...x...x..." },
      swing: 0.22,
      density: 0.3,
      durationSeconds: 38,
      seed: 2202,
    },
    cover: { from: [255, 236, 179], to: [214, 142, 52], accent: [255, 255, 255], angle: 90, style: "sunset" },
  },
  {
    id: id(3),
    title: "Dust on the Dashboard",
    artistName: "Caleb Rayburn",
    genre: "Country",
    createdAt: at(2020, 5, 21),
    purchases: 98,
    priceCents: 199,
    featured: false,
    music: {
      bpm: 116,
      key: "G major",
      rootHz: hz(43),
      scale: "pentatonicMajor",
      lead: "pluck",
      bass: "triangle",
      pad: null,
      progression: [0, 3, 4, 0],
      drums: { kick: "x.......x.......", snare: BACKBEAT, hat: EIGHTHS },
      swing: 0,
      density: 0.55,
      durationSeconds: 27,
      seed: 3303,
    },
    cover: { from: [196, 120, 64], to: [96, 52, 30], accent: [245, 222, 179], angle: 45, style: "stripes" },
  },
  {
    id: id(4),
    title: "Slow Burn Letters",
    artistName: "Nia Castell",
    genre: "R&B/Soul",
    createdAt: at(2020, 11, 2),
    purchases: 131,
    priceCents: 199,
    featured: false,
    music: {
      bpm: 76,
      key: "F minor",
      rootHz: hz(41),
      scale: "dorian",
      lead: "sine",
      bass: "sine",
      pad: "sawtooth",
      progression: [0, 5, 3, 4],
      drums: { kick: "x......x..x.....", snare: "....x..o....x...", hat: EIGHTHS },
      swing: 0.12,
      density: 0.3,
      durationSeconds: 36,
      seed: 4404,
    },
    cover: { from: [120, 20, 60], to: [20, 10, 40], accent: [255, 120, 150], angle: 135, style: "circles" },
  },
  {
    id: id(5),
    title: "Mississippi Rain",
    artistName: "Otis Greer",
    genre: "Blues",
    createdAt: at(2021, 2, 17),
    purchases: 41,
    priceCents: 149,
    featured: false,
    music: {
      bpm: 96,
      key: "E blues",
      rootHz: hz(40),
      scale: "blues",
      lead: "sawtooth",
      bass: "triangle",
      pad: null,
      progression: [0, 0, 2, 0, 4, 2, 0, 4],
      drums: { kick: "x.....x.x.......", snare: BACKBEAT, hat: "x..x..x..x..x..x" },
      swing: 0.3,
      density: 0.45,
      durationSeconds: 34,
      seed: 5505,
    },
    cover: { from: [20, 40, 90], to: [8, 14, 30], accent: [120, 170, 255], angle: 90, style: "waves" },
  },
  {
    id: id(6),
    title: "Golden Hour Promise",
    artistName: "The Velvet Harbor",
    genre: "R&B/Soul",
    createdAt: at(2021, 8, 29),
    purchases: 180,
    priceCents: 199,
    featured: true,
    music: {
      bpm: 100,
      key: "A major",
      rootHz: hz(45),
      scale: "mixolydian",
      lead: "organ",
      bass: "sine",
      pad: "triangle",
      progression: [0, 3, 4, 3],
      drums: { kick: "x.......x.x.....", snare: BACKBEAT, hat: EIGHTHS },
      swing: 0.1,
      density: 0.45,
      durationSeconds: 40,
      seed: 6606,
    },
    cover: { from: [255, 170, 60], to: [200, 60, 40], accent: [30, 20, 20], angle: 45, style: "vinyl" },
  },
  {
    id: id(7),
    title: "Highway Static",
    artistName: "Rust & Rivet",
    genre: "Rock",
    createdAt: at(2022, 1, 9),
    purchases: 86,
    priceCents: 199,
    featured: false,
    explicit: true,
    music: {
      bpm: 132,
      key: "E minor",
      rootHz: hz(40),
      scale: "pentatonicMinor",
      lead: "sawtooth",
      bass: "square",
      pad: "sawtooth",
      progression: [0, 3, 4, 2],
      drums: { kick: "x.x.....x.x.....", snare: BACKBEAT, hat: EIGHTHS },
      swing: 0,
      density: 0.6,
      durationSeconds: 25,
      seed: 7707,
    },
    cover: { from: [40, 40, 40], to: [10, 10, 10], accent: [230, 40, 40], angle: 20, style: "stripes" },
  },
  {
    id: id(8),
    title: "Corazón de Barrio",
    artistName: "Lucía Montes",
    genre: "Latin",
    lyrics: {
      language: "es",
      text: "Las calles cantan al caer la tarde\nla abuela riega su balcón\nlos niños juegan en la esquina\ny suena lejos un acordeón\n\nMi gente, mi canción,\nmi barrio, mi corazón",
    },
    createdAt: at(2022, 7, 15),
    purchases: 73,
    priceCents: 199,
    featured: false,
    music: {
      bpm: 104,
      key: "D harmonic minor",
      rootHz: hz(38),
      scale: "harmonicMinor",
      lead: "pluck",
      bass: "sine",
      pad: null,
      progression: [0, 3, 4, 4],
      drums: { kick: "x..x..x.x..x..x.", snare: "...x..x....x..x.", hat: SIXTEENTHS },
      swing: 0,
      density: 0.55,
      durationSeconds: 30,
      seed: 8808,
    },
    cover: { from: [230, 57, 70], to: [255, 183, 3], accent: [20, 110, 90], angle: 150, style: "rings" },
  },
  {
    id: id(9),
    title: "Blue Lantern Walk",
    artistName: "Theo Abernathy Trio",
    genre: "Jazz",
    createdAt: at(2023, 4, 3),
    purchases: 29,
    priceCents: 199,
    featured: false,
    music: {
      bpm: 126,
      key: "Bb dorian",
      rootHz: hz(34),
      scale: "dorian",
      lead: "triangle",
      bass: "triangle",
      pad: "organ",
      progression: [1, 4, 0, 0],
      drums: { kick: "x.......x.......", snare: "....o.......o...", hat: "x..xx..xx..xx..x" },
      swing: 0.33,
      density: 0.5,
      durationSeconds: 33,
      seed: 9909,
    },
    cover: { from: [10, 50, 80], to: [5, 20, 35], accent: [250, 200, 90], angle: 75, style: "circles" },
  },
  {
    id: id(10),
    title: "Pine Creek Letters",
    artistName: "Hazel & the Hollow",
    genre: "Folk",
    createdAt: at(2023, 9, 24),
    purchases: 64,
    priceCents: 199,
    featured: false,
    music: {
      bpm: 92,
      key: "D major",
      rootHz: hz(38),
      scale: "major",
      lead: "pluck",
      bass: "triangle",
      pad: "sine",
      progression: [0, 4, 5, 3],
      drums: { kick: "x.......x.......", snare: NONE, hat: "x.....x.....x..." },
      swing: 0.08,
      density: 0.5,
      durationSeconds: 35,
      seed: 10110,
    },
    cover: { from: [60, 110, 70], to: [180, 200, 150], accent: [40, 60, 40], angle: 100, style: "waves" },
  },
  {
    id: id(11),
    title: "Rainy Window Study",
    artistName: "Lo Tide",
    genre: "Electronic",
    createdAt: at(2024, 2, 11),
    purchases: 52,
    priceCents: 99,
    featured: false,
    music: {
      bpm: 78,
      key: "F major",
      rootHz: hz(41),
      scale: "pentatonicMajor",
      lead: "triangle",
      bass: "sine",
      pad: "triangle",
      progression: [3, 2, 1, 0],
      drums: { kick: "x.....x...x.....", snare: "....x.......x..o", hat: "x.xox.x.x.xox.x." },
      swing: 0.25,
      density: 0.28,
      durationSeconds: 42,
      seed: 11211,
    },
    cover: { from: [150, 170, 210], to: [60, 70, 110], accent: [255, 230, 200], angle: 90, style: "grid" },
  },
  {
    id: id(12),
    title: "Sunrise Yard",
    artistName: "Ras Kemar",
    genre: "Reggae",
    createdAt: at(2024, 8, 30),
    purchases: 18,
    priceCents: 199,
    featured: false,
    music: {
      bpm: 74,
      key: "G major",
      rootHz: hz(43),
      scale: "major",
      lead: "square",
      bass: "sine",
      pad: "organ",
      progression: [0, 3, 0, 4],
      drums: { kick: "........x.......", snare: "........x.......", hat: "..x...x...x...x." },
      swing: 0.15,
      density: 0.35,
      durationSeconds: 29,
      seed: 12312,
    },
    cover: { from: [0, 120, 60], to: [250, 210, 0], accent: [210, 30, 30], angle: 90, style: "sunset" },
  },
  {
    id: id(13),
    title: "Saturday Strut",
    artistName: "The Groove Ministers",
    genre: "R&B/Soul",
    createdAt: at(2025, 6, 7),
    purchases: 9,
    priceCents: 199,
    featured: false,
    music: {
      bpm: 112,
      key: "E mixolydian",
      rootHz: hz(40),
      scale: "mixolydian",
      lead: "square",
      bass: "sawtooth",
      pad: null,
      progression: [0, 0, 3, 3],
      drums: { kick: "x..x..x...x..x..", snare: "....x..o.o..x...", hat: SIXTEENTHS },
      swing: 0.05,
      density: 0.6,
      durationSeconds: 24,
      seed: 13413,
    },
    cover: { from: [255, 80, 180], to: [80, 40, 200], accent: [255, 255, 120], angle: 30, style: "rings" },
  },
  {
    id: id(14),
    title: "Northern Lights Again",
    artistName: "Aurora Vale",
    genre: "Electronic",
    createdAt: at(2026, 3, 19),
    purchases: 3,
    priceCents: 199,
    featured: false,
    music: {
      bpm: 122,
      key: "A minor",
      rootHz: hz(33),
      scale: "minor",
      lead: "sawtooth",
      bass: "square",
      pad: "sawtooth",
      progression: [0, 5, 2, 6],
      drums: { kick: FOUR_ON_FLOOR, snare: BACKBEAT, hat: "..x...x...x...x." },
      swing: 0,
      density: 0.5,
      durationSeconds: 28,
      seed: 14514,
    },
    cover: { from: [10, 30, 60], to: [20, 160, 140], accent: [180, 255, 220], angle: 160, style: "vinyl" },
  },
];

/** The seed writes `distributed_at` = `createdAt` + this (two days). */
export const DISTRIBUTION_DELAY_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Demo purchases are spread between a song's distribution and this fixed instant (not "now"),
 * so the purchase rows are the same on every run.
 */
export const PURCHASES_UNTIL = Date.UTC(2026, 10, 20, 18, 0, 0);
