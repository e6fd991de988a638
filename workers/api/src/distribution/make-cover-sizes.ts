/**
 * Makes a cover's WebP copies (schema/src/cover-sizes.ts) from the uploaded JPEG or PNG with jSquash,
 * Squoosh's codecs built to WebAssembly (mozjpeg and libpng to decode, the Lanczos resizer, libwebp to
 * encode; docs/decisions/033-cover-sizes.md). Workers may not compile WebAssembly at run time, so the
 * caller hands over the compiled modules: the Worker imports them (cover-wasm.ts), the demo seed
 * compiles them in Node (scripts/demo/cover-wasm.ts). Runs in both, so it imports nothing else.
 */
import decodeJpeg, { init as initJpegDecode } from "@jsquash/jpeg/decode.js";
import decodePng, { init as initPngDecode } from "@jsquash/png/decode.js";
import resize, { initResize } from "@jsquash/resize";
import encodeWebp, { init as initWebpEncode } from "@jsquash/webp/encode.js";
import { COVER_WIDTHS, type CoverWidth } from "@jplay/schema/cover-sizes";

export interface CoverWasm {
  jpegDecode: WebAssembly.Module;
  pngDecode: WebAssembly.Module;
  resize: WebAssembly.Module;
  /** libwebp's encoder built with SIMD (WebAssembly SIMD is on in workerd, V8 and Node alike). */
  webpEncode: WebAssembly.Module;
}

/**
 * The largest cover decoded, in pixels: 3000 × 3000, the size stores ask artists for. Its RGBA pixels
 * take 36 MB; a Worker has 128 MB, so a larger image is not decoded (its original is served).
 */
export const MAX_COVER_PIXELS = 3000 * 3000;

/** WebP quality (libwebp's 0–100): covers are photos and artwork shown small. */
const WEBP_QUALITY = 75;

export interface CoverSize {
  width: CoverWidth;
  /** The copy's own pixel width: `width`, or the original's width when that is narrower (never enlarged). */
  pixelWidth: number;
  pixelHeight: number;
  webp: Uint8Array;
}

/** RGBA pixels as the codecs pass them: the DOM's ImageData, which the codecs make where it is missing. */
type Pixels = Parameters<typeof resize>[0];

export type CoverSizesResult = { ok: true; sizes: CoverSize[] } | { ok: false; reason: string };

interface ImageHeader {
  type: "jpeg" | "png";
  width: number;
  height: number;
}

/** A JPEG's or PNG's type and dimensions from its header, or null when it is neither. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isPng = bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(4) === 0x0d0a1a0a && view.getUint32(12) === 0x49484452;
  if (isPng) return { type: "png", width: view.getUint32(16), height: view.getUint32(20) };
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  // JPEG: walk the marker segments to the frame header (SOF0–SOF15 but DHT, JPG and DAC).
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { type: "jpeg", height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}

let resizeReady: Promise<unknown> | undefined;
let pngReady: Promise<unknown> | undefined;

/**
 * Decodes `original` and makes one WebP per COVER_WIDTHS entry, keeping the aspect ratio. An image that
 * is not a JPEG or PNG, does not decode, or is larger than MAX_COVER_PIXELS gives a reason instead.
 */
export async function makeCoverSizes(original: Uint8Array, wasm: CoverWasm): Promise<CoverSizesResult> {
  const header = readImageHeader(original);
  if (!header) return { ok: false, reason: "not a JPEG or PNG" };
  if (header.width < 1 || header.height < 1) return { ok: false, reason: "the image has no pixels" };
  if (header.width * header.height > MAX_COVER_PIXELS) {
    return { ok: false, reason: `${header.width}×${header.height} is more than ${MAX_COVER_PIXELS} pixels` };
  }
  let pixels: Pixels;
  try {
    pixels = await decode(original, header.type, wasm);
  } catch (error) {
    return { ok: false, reason: `it does not decode (${error instanceof Error ? error.message : String(error)})` };
  }
  resizeReady ??= initResize(wasm.resize);
  await resizeReady;
  // A new encoder instance per cover, as for the JPEG decoder: its memory goes with it.
  await initWebpEncode(wasm.webpEncode);
  // Largest first, each from the one before: the full image is resized once, not once per width.
  const sizes: CoverSize[] = [];
  let source = pixels;
  for (const width of [...COVER_WIDTHS].reverse()) {
    const pixelWidth = Math.min(width, source.width);
    const pixelHeight = Math.max(1, Math.round((pixels.height * pixelWidth) / pixels.width));
    // An original narrower than two widths gives both the same copy: encoded once.
    const same = sizes[0]?.pixelWidth === pixelWidth ? sizes[0].webp : undefined;
    if (pixelWidth !== source.width) source = await resize(source, { width: pixelWidth, height: pixelHeight });
    const webp = same ?? new Uint8Array(await encodeWebp(source, { quality: WEBP_QUALITY }));
    sizes.unshift({ width, pixelWidth, pixelHeight, webp });
  }
  return { ok: true, sizes };
}

async function decode(original: Uint8Array, type: ImageHeader["type"], wasm: CoverWasm): Promise<Pixels> {
  const bytes = original.buffer.slice(original.byteOffset, original.byteOffset + original.byteLength) as ArrayBuffer;
  if (type === "png") {
    pngReady ??= initPngDecode(wasm.pngDecode);
    await pngReady;
    return decodePng(bytes);
  }
  // A new decoder instance per cover: the memory a large image grew goes with it once decoded.
  await initJpegDecode(wasm.jpegDecode);
  return decodeJpeg(bytes);
}
