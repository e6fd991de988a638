/**
 * The pipeline's cover sizes (workers/api/src/distribution/make-cover-sizes.ts) with the codecs loaded in
 * Node, as the demo seed loads them: headers read without decoding, an
 * image over the pixel limit refused before it is decoded, copies that keep the aspect ratio and are
 * never enlarged, and a damaged image that leaves the codecs working for the next one.
 */
import { describe, expect, it } from "vitest";
import { makeCoverSizes, MAX_COVER_PIXELS, readImageHeader } from "../../workers/api/src/distribution/make-cover-sizes.ts";
import { loadCoverWasm } from "./cover-wasm.ts";
import { encodeJpeg } from "./encode-jpeg.ts";
import { encodePng } from "./render-cover.ts";

const gradient = (width: number, height: number) => new Uint8Array(width * height * 3).map((_, i) => (i * 3 + Math.floor(i / (width * 3))) & 0xff);

/** A PNG's signature and IHDR chunk for `width`×`height` and nothing else. */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

const wasm = await loadCoverWasm();

describe("readImageHeader", () => {
  it("reads a JPEG's and a PNG's type and dimensions, and nothing else", () => {
    expect(readImageHeader(encodeJpeg(320, 200, gradient(320, 200)))).toEqual({ type: "jpeg", width: 320, height: 200 });
    expect(readImageHeader(encodePng(31, 17, gradient(31, 17)))).toEqual({ type: "png", width: 31, height: 17 });
    expect(readImageHeader(new TextEncoder().encode("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
  });
});

describe("makeCoverSizes", () => {
  it("makes 96, 288 and 576 px wide WebPs with the original's aspect ratio, never wider than the original", async () => {
    const wide = await makeCoverSizes(encodeJpeg(1000, 500, gradient(1000, 500)), wasm);
    expect(wide.ok && wide.sizes.map(({ width, pixelWidth, pixelHeight }) => [width, pixelWidth, pixelHeight])).toEqual([
      [96, 96, 48],
      [288, 288, 144],
      [576, 576, 288],
    ]);
    const small = await makeCoverSizes(encodePng(200, 300, gradient(200, 300)), wasm);
    expect(small.ok && small.sizes.map(({ pixelWidth, pixelHeight }) => [pixelWidth, pixelHeight])).toEqual([
      [96, 144],
      [200, 300],
      [200, 300],
    ]);
    for (const size of small.ok ? small.sizes : []) expect(new TextDecoder().decode(size.webp.slice(8, 12))).toBe("WEBP");
  });

  it("refuses an image over MAX_COVER_PIXELS from its header, before decoding it", async () => {
    expect(await makeCoverSizes(pngHeaderOnly(3001, 3000), wasm)).toEqual({ ok: false, reason: `3001×3000 is more than ${MAX_COVER_PIXELS} pixels` });
  });

  it("gives a reason for an image that does not decode, and the codecs still work for the next one", async () => {
    const png = encodePng(64, 64, gradient(64, 64));
    const damaged = png.slice();
    const idat = damaged.findIndex((_, i) => new TextDecoder().decode(damaged.slice(i, i + 4)) === "IDAT");
    damaged.fill(0x5a, idat + 8, idat + 40);
    const refused = await makeCoverSizes(damaged, wasm);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(/^it does not decode/);
    expect((await makeCoverSizes(png, wasm)).ok).toBe(true);
  });
});
