/**
 * Paints a 288x288 cover for each demo song (gradient plus a per-song geometric motif) and encodes it
 * as JPEG (encode-jpeg.ts; what the seed stores) or PNG (a tiny hand-written encoder, node:zlib +
 * CRC32), so demo covers need no image library and no stored assets. Deterministic: the same song always gives the same bytes.
 */
import { deflateSync } from "node:zlib";
import type { DemoSong, Rgb } from "./catalogue.ts";
import { encodeJpeg } from "./encode-jpeg.ts";
import { prng } from "./prng.ts";

export const COVER_SIZE = 288;

// ---------------------------------------------------------------------------------------------
// PNG encoding

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Encodes 8-bit RGB pixels (row-major, 3 bytes per pixel) as a PNG. Each row gets the filter
 * (None/Sub/Up/Average/Paeth) with the smallest sum of absolute values, the usual libpng heuristic.
 */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  const bpp = 3;
  const stride = width * bpp;
  const raw = new Uint8Array((stride + 1) * height);
  const candidate = new Uint8Array(stride);
  const best = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const row = rgb.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? rgb.subarray((y - 1) * stride, y * stride) : null;
    let bestFilter = 0;
    let bestScore = Infinity;
    for (let f = 0; f < 5; f++) {
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? row[i - bpp]! : 0;
        const b = prev ? prev[i]! : 0;
        const c = prev && i >= bpp ? prev[i - bpp]! : 0;
        const x = row[i]!;
        const v = f === 0 ? x : f === 1 ? x - a : f === 2 ? x - b : f === 3 ? x - ((a + b) >> 1) : x - paeth(a, b, c);
        const byte = v & 0xff;
        candidate[i] = byte;
        score += byte < 128 ? byte : 256 - byte;
      }
      if (score < bestScore) {
        bestScore = score;
        bestFilter = f;
        best.set(candidate);
      }
    }
    raw[y * (stride + 1)] = bestFilter;
    raw.set(best, y * (stride + 1) + 1);
  }

  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour RGB
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace

  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", new Uint8Array(deflateSync(raw, { level: 9 }))),
    chunk("IEND", new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    png.set(p, o);
    o += p.length;
  }
  return png;
}

// ---------------------------------------------------------------------------------------------
// Painting (float RGB canvas, shapes as signed-distance functions with 1px anti-aliasing)

class Canvas {
  readonly size: number;
  readonly px: Float32Array;

  constructor(size: number) {
    this.size = size;
    this.px = new Float32Array(size * size * 3);
  }

  gradient(from: Rgb, to: Rgb, angleDeg: number): void {
    const a = (angleDeg * Math.PI) / 180;
    const dx = Math.cos(a);
    const dy = Math.sin(a);
    const half = this.size / 2;
    const span = half * (Math.abs(dx) + Math.abs(dy));
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        const t = Math.min(1, Math.max(0, (((x - half) * dx + (y - half) * dy) / span + 1) / 2));
        const s = t * t * (3 - 2 * t); // smoothstep: softer ends
        const i = (y * this.size + x) * 3;
        for (let c = 0; c < 3; c++) this.px[i + c] = from[c]! + (to[c]! - from[c]!) * s;
      }
    }
  }

  /**
   * Blends `color` at `alpha` wherever the signed distance `sdf(x, y)` (pixels, negative inside) is
   * inside, within the bounding box [x0, x1) x [y0, y1).
   */
  fill(sdf: (x: number, y: number) => number, color: Rgb, alpha: number, box?: [number, number, number, number]): void {
    const [x0, y0, x1, y1] = box ?? [0, 0, this.size, this.size];
    const xa = Math.max(0, Math.floor(x0));
    const ya = Math.max(0, Math.floor(y0));
    const xb = Math.min(this.size, Math.ceil(x1));
    const yb = Math.min(this.size, Math.ceil(y1));
    for (let y = ya; y < yb; y++) {
      for (let x = xa; x < xb; x++) {
        const d = sdf(x + 0.5, y + 0.5);
        const cover = d <= -0.5 ? 1 : d >= 0.5 ? 0 : 0.5 - d;
        if (cover <= 0) continue;
        const k = cover * alpha;
        const i = (y * this.size + x) * 3;
        for (let c = 0; c < 3; c++) this.px[i + c] = this.px[i + c]! + (color[c]! - this.px[i + c]!) * k;
      }
    }
  }

  circle(cx: number, cy: number, r: number, color: Rgb, alpha = 1): void {
    this.fill((x, y) => Math.hypot(x - cx, y - cy) - r, color, alpha, [cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1]);
  }

  ring(cx: number, cy: number, r: number, width: number, color: Rgb, alpha = 1): void {
    const R = r + width / 2 + 1;
    this.fill((x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2, color, alpha, [cx - R, cy - R, cx + R, cy + R]);
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.px.length);
    for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(this.px[i]!)));
    return out;
  }
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const BLACK: Rgb = [12, 12, 14];
const WHITE: Rgb = [255, 255, 255];

function paintMotif(cv: Canvas, song: DemoSong, rand: () => number): void {
  const { from, to, accent, style } = song.cover;
  const S = cv.size;
  switch (style) {
    case "vinyl": {
      const cx = S * 0.6;
      const cy = S * 0.55;
      const r = S * 0.4;
      cv.circle(cx + 6, cy + 8, r, [0, 0, 0], 0.35); // shadow
      cv.circle(cx, cy, r, BLACK);
      // Grooves: hard-edged (no anti-aliasing) and low contrast, which keeps the PNG small.
      for (let g = r * 0.42; g < r - 4; g += 6) {
        cv.fill((x, y) => (Math.abs(Math.hypot(x - cx, y - cy) - g) < 0.6 ? -1 : 1), [34, 34, 40], 1, [cx - g - 2, cy - g - 2, cx + g + 2, cy + g + 2]);
      }
      cv.ring(cx, cy, r * 0.75, 10, [90, 90, 100], 0.25); // sheen
      cv.circle(cx, cy, r * 0.33, mix(from, to, 0.3));
      cv.ring(cx, cy, r * 0.26, 2, accent, 0.8);
      cv.circle(cx, cy, 5, BLACK);
      break;
    }
    case "circles": {
      for (let i = 0; i < 7; i++) {
        const r = S * (0.08 + rand() * 0.22);
        const color = i % 2 === 0 ? accent : mix(from, WHITE, 0.35);
        cv.circle(S * (0.15 + rand() * 0.7), S * (0.15 + rand() * 0.7), r, color, 0.35 + rand() * 0.35);
      }
      cv.ring(S / 2, S / 2, S * 0.3, 3, WHITE, 0.7);
      break;
    }
    case "stripes": {
      const a = (song.cover.angle + 90) * (Math.PI / 180);
      const nx = Math.cos(a);
      const ny = Math.sin(a);
      const period = 34 + Math.floor(rand() * 16);
      const w = period * 0.28;
      cv.fill(
        (x, y) => {
          const p = x * nx + y * ny;
          const m = ((p % period) + period) % period;
          return Math.abs(m - period / 2) - w / 2;
        },
        accent,
        1,
      );
      cv.circle(S * 0.5, S * 0.5, S * 0.2, mix(to, BLACK, 0.3), 0.92);
      cv.ring(S * 0.5, S * 0.5, S * 0.2, 4, accent);
      break;
    }
    case "sunset": {
      const cx = S * 0.5;
      const cy = S * 0.58;
      const r = S * 0.3;
      cv.circle(cx, cy, r, accent, 0.95);
      // Horizontal gaps through the lower half of the sun, growing towards the horizon.
      for (let k = 0; k < 6; k++) {
        const y = cy + 6 + k * 11;
        const h = 1.5 + k * 1.2;
        const gap = (x: number, yy: number) => Math.max(Math.abs(yy - y) - h / 2, Math.hypot(x - cx, yy - cy) - r - 1);
        cv.fill(gap, mix(from, to, (y / S) * 0.9), 1, [cx - r - 2, y - h, cx + r + 2, y + h]);
      }
      const ground = S * 0.8;
      cv.fill((_x, y) => ground - y, mix(to, BLACK, 0.55), 1, [0, ground - 1, S, S]);
      break;
    }
    case "waves": {
      for (let k = 0; k < 6; k++) {
        const base = S * (0.3 + k * 0.11);
        const amp = 8 + rand() * 14;
        const freq = (1.5 + rand() * 1.5) * ((Math.PI * 2) / S);
        const phase = rand() * Math.PI * 2;
        const color = mix(accent, to, k / 7);
        cv.fill((x, y) => base + amp * Math.sin(x * freq + phase) - y, color, 0.35 + k * 0.08, [0, base - amp - 1, S, S]);
      }
      cv.circle(S * 0.76, S * 0.2, S * 0.07, WHITE, 0.85);
      break;
    }
    case "grid": {
      const n = 8;
      const cell = S / n;
      for (let gy = 0; gy < n; gy++) {
        for (let gx = 0; gx < n; gx++) {
          const r = cell * (0.08 + 0.32 * rand());
          cv.circle((gx + 0.5) * cell, (gy + 0.5) * cell, r, accent, 0.25 + 0.6 * ((gx + gy) / (2 * n)));
        }
      }
      cv.fill((x, y) => Math.max(Math.abs(x - S / 2), Math.abs(y - S / 2)) - S * 0.22, mix(from, BLACK, 0.4), 0.85);
      cv.ring(S / 2, S / 2, S * 0.14, 6, accent);
      break;
    }
    case "rings": {
      const cx = S * (0.35 + rand() * 0.3);
      const cy = S * (0.35 + rand() * 0.3);
      for (let k = 9; k >= 1; k--) {
        cv.circle(cx, cy, k * S * 0.07, k % 2 === 0 ? accent : mix(from, to, k / 9), 0.9);
      }
      cv.circle(cx, cy, S * 0.03, WHITE);
      break;
    }
  }
}

function paintCover(song: DemoSong): Uint8Array {
  const cv = new Canvas(COVER_SIZE);
  const rand = prng(song.music.seed * 31 + 7);
  cv.gradient(song.cover.from, song.cover.to, song.cover.angle);
  paintMotif(cv, song, rand);
  // A thin accent band along the bottom edge, like a record sleeve's spine.
  const S = COVER_SIZE;
  cv.fill((_x, y) => S - 10 - y, song.cover.accent, 0.85, [0, S - 12, S, S]);
  return cv.toBytes();
}

/** The song's cover as a 288x288 RGB PNG, typically 10–35 KB (kept for tools that want lossless). */
export function renderCoverPng(song: DemoSong): Uint8Array {
  return encodePng(COVER_SIZE, COVER_SIZE, paintCover(song));
}

/**
 * The song's cover as served: 288x288 baseline JPEG at quality 75, typically 3–15 KB, a fraction of
 * the PNG (the home page's weight budget, docs/decisions/014 and 015). A home card is at most about
 * 270 CSS px wide (four columns in the 1152 px layout), so 288 px is sharp at the low-end tablets'
 * density of 1 and eight covers stay within the page's 170 KiB.
 */
export function renderCoverJpeg(song: DemoSong): Uint8Array {
  return encodeJpeg(COVER_SIZE, COVER_SIZE, paintCover(song), COVER_JPEG_QUALITY);
}

export const COVER_JPEG_QUALITY = 75;
