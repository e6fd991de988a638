/**
 * Covers sized for the screen (docs/decisions/033-cover-sizes.md), through the Worker with real D1 and
 * R2: a cover uploaded with a song gets WebP copies 96, 288 and 576 px wide when the distribution
 * pipeline's job runs, and `GET /api/songs/{id}/cover?size=` serves them (scope kept, cached as the
 * original is); a cover the codecs cannot read still lets the song go live, and every size then serves
 * the original; a size that is not one of the three is refused.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { COVER_WIDTHS, coverSizeKey, coverSizeUrl } from "@jplay/schema/cover-sizes";
import type { SongDto } from "@jplay/schema/song";
import { describe, expect, it } from "vitest";
import { encodeJpeg } from "../../../../../scripts/demo/encode-jpeg.ts";
import { encodePng } from "../../../../../scripts/demo/render-cover.ts";
import worker from "../../index";
import type { Job } from "../../platform/job";
import { signedInOperator } from "../../../test/admin-support";
import { approveInReview, CapturingQueue, paySong, pipelineEnv, songRow } from "../../../test/song-fixtures";
import { Browser, mp3Bytes, pngBytes, setUpArtist } from "../../../test/support";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** A `width`×`height` RGB picture (gradients and a disc) with real detail to decode and resize. */
function picture(width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const inDisc = Math.hypot(x - width / 2, y - height / 2) < Math.min(width, height) / 4;
      rgb[i] = Math.round((255 * x) / width);
      rgb[i + 1] = inDisc ? 230 : Math.round((160 * y) / height);
      rgb[i + 2] = ((x >> 4) + (y >> 4)) % 2 ? 200 : 60;
    }
  }
  return rgb;
}

/** A WebP's canvas size from its header (simple lossy `VP8 `, lossless `VP8L` or extended `VP8X`). */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  expect(text(0, 4)).toBe("RIFF");
  expect(text(8, 12)).toBe("WEBP");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunk = text(12, 16);
  if (chunk === "VP8 ") return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  expect(chunk).toBe("VP8X");
  const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
  return { width: u24(24) + 1, height: u24(27) + 1 };
}

/** A real 1400×1400 PNG whose compressed pixels (IDAT) are overwritten: its header reads (and passes the cover rule), it does not decode. */
function damagedPng(): Uint8Array {
  const png = encodePng(1400, 1400, picture(1400, 1400));
  const idat = png.findIndex((_, i) => String.fromCharCode(...png.slice(i, i + 4)) === "IDAT");
  png.fill(0x5a, idat + 8, idat + 40);
  return png;
}

let messageSequence = 0;
async function runJob(body: Job, runEnv: Env) {
  const batch = createMessageBatch<Job>("jplay-jobs", [{ id: `cover-msg-${++messageSequence}`, timestamp: new Date(), attempts: 1, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, runEnv, ctx);
  expect((await getQueueResult(batch, ctx)).retryMessages).toEqual([]);
}

/**
 * An artist uploads a song with `cover` through POST /api/distribute; it is paid, its
 * `distribution.process` job runs, an operator approves it and, its (compressed) window reached, it
 * goes live. Returns the song's id and its stored cover key.
 */
async function distributeWithCover(cover: File, storedInstead?: Uint8Array) {
  const browser = new Browser();
  const { setup, saved } = await setUpArtist(browser);
  expect(saved.status).toBe(200);
  const form = new FormData();
  form.set("customerId", setup.customerId);
  form.set("artistName", "Cover Artist");
  form.set("songTitle", `Cover ${crypto.randomUUID().slice(0, 8)}`);
  form.set("explicit", "no");
  form.set("price", "1.99");
  form.set("songFile", new File([mp3Bytes()], "song.mp3", { type: "audio/mpeg" }));
  form.set("coverImage", cover);
  const uploaded = await browser.fetch("/api/distribute", { method: "POST", body: form });
  expect(uploaded.status).toBe(201);
  const { id: songId } = await uploaded.json<{ id: string }>();
  const row = await env.DB.prepare("select artist_id, cover_key from songs where id = ?1").bind(songId).first<{ artist_id: string; cover_key: string }>();
  // A cover from before the upload's 1400 px rule (the demo catalogue's are 288 px) stands in for the uploaded one.
  if (storedInstead) await env.MEDIA.put(row!.cover_key, storedInstead, { httpMetadata: { contentType: cover.type } });

  const jobs = new CapturingQueue();
  // 0.001 s per window hour: the expedited package's 48 hours pass in 48 ms.
  const runEnv = pipelineEnv(jobs, "0.001");
  const [process] = await paySong(songId, row!.artist_id, "expedited");
  await runJob(process!.body, runEnv);
  const scheduled = await songRow(songId);
  expect(scheduled!.deliver_at).not.toBeNull();
  await approveInReview(songId, jobs);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, scheduled!.deliver_at! - Date.now()) + 20));
  await runJob({ type: "distribution.deliver", songId }, runEnv);
  expect((await songRow(songId))!.status).toBe("distributed");
  return { songId, coverKey: row!.cover_key };
}

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const storedBytes = async (key: string) => {
  const object = await env.MEDIA.get(key);
  expect(object, key).not.toBeNull();
  return new Uint8Array(await object!.arrayBuffer());
};

// Each test signs up an artist in the Stripe sandbox and runs the WebAssembly codecs: slow on a busy runner.
describe("cover sizes", { timeout: 60_000 }, () => {
  it("an uploaded 1400×1400 JPEG gets WebP copies 96, 288 and 576 px wide, served by ?size= with the scope kept", async () => {
    const jpeg = encodeJpeg(1400, 1400, picture(1400, 1400), 85);
    const { songId, coverKey } = await distributeWithCover(new File([jpeg], "cover.jpg", { type: "image/jpeg" }));

    for (const width of COVER_WIDTHS) {
      const object = await env.MEDIA.get(coverSizeKey(coverKey, width));
      expect(object, `the ${width} px copy`).not.toBeNull();
      expect(object!.httpMetadata?.contentType).toBe("image/webp");
      expect(webpSize(new Uint8Array(await object!.arrayBuffer()))).toEqual({ width, height: width });
    }
    // The uploaded cover stays as it was uploaded.
    expect(await storedBytes(coverKey)).toEqual(jpeg);

    // The tablet's call: the coverUrl the catalogue lists, in a facility's scope, with a size.
    const facility = `cover-${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("insert into facilities (id, name, state, clean_only) values (?1, 'Cover Test Facility', 'TX', 0)").bind(facility).run();
    const listed = await (await new Browser().fetch(`/api/songs/${songId}?facility=${facility}`)).json<SongDto>();
    expect(listed.coverUrl).toBe(`/api/songs/${songId}/cover?facility=${facility}`);
    for (const width of COVER_WIDTHS) {
      const response = await new Browser().fetch(coverSizeUrl(listed.coverUrl!, width));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe(IMMUTABLE);
      expect(await bytesOf(response)).toEqual(await storedBytes(coverSizeKey(coverKey, width)));
    }
    const original = await new Browser().fetch(listed.coverUrl!);
    expect(original.headers.get("Content-Type")).toBe("image/jpeg");
    expect(await bytesOf(original)).toEqual(jpeg);

    // The smallest copy weighs a small part of the upload.
    expect((await storedBytes(coverSizeKey(coverKey, 96))).length).toBeLessThan(jpeg.length / 5);
  });

  it("a PNG narrower than 576 px (stored before the 1400 px rule) is never enlarged: its widest copy keeps its own width", async () => {
    const png = encodePng(400, 400, picture(400, 400));
    const { coverKey } = await distributeWithCover(new File([pngBytes()], "cover.png", { type: "image/png" }), png);
    const widths = await Promise.all(COVER_WIDTHS.map(async (width) => webpSize(await storedBytes(coverSizeKey(coverKey, width))).width));
    expect(widths).toEqual([96, 288, 400]);
  });

  it.each([
    // Accepted at upload, whose checks read the header only (type, then the 1400 × 1400 RGB rule).
    ["a PNG header (1400 × 1400, RGB) and nothing after it", pngBytes()],
    ["a PNG whose pixel data is damaged", damagedPng()],
  ])("%s: the song still goes live, and every size serves the original", async (_name, cover) => {
    const { songId, coverKey } = await distributeWithCover(new File([cover], "cover.png", { type: "image/png" }));
    for (const width of COVER_WIDTHS) {
      expect(await env.MEDIA.head(coverSizeKey(coverKey, width))).toBeNull();
      const response = await new Browser().fetch(`/api/songs/${songId}/cover?size=${width}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(response.headers.get("Cache-Control")).toBe(IMMUTABLE);
      expect(await bytesOf(response)).toEqual(cover);
    }
  });

  it("answers 400 for a size that is not 96, 288 or 576, on the public and the operator's cover", async () => {
    const jpeg = encodeJpeg(1400, 1400, picture(1400, 1400), 80);
    const { songId } = await distributeWithCover(new File([jpeg], "cover.jpg", { type: "image/jpeg" }));
    const operator = await signedInOperator();
    for (const size of ["100", "", "288px", "0576", "96,288"]) {
      const response = await new Browser().fetch(`/api/songs/${songId}/cover?size=${encodeURIComponent(size)}`);
      expect(response.status, `size=${size}`).toBe(400);
      expect((await response.json<{ error: { message: string } }>()).error.message).toBe("size must be one of 96, 288, 576");
      expect((await operator.fetch(`/api/admin/songs/${songId}/cover?size=${encodeURIComponent(size)}`)).status).toBe(400);
    }
    // The operator's review screen asks for sizes too, and gets them (kept out of shared caches).
    const review = await operator.fetch(`/api/admin/songs/${songId}/cover?size=96`);
    expect(review.status).toBe(200);
    expect(review.headers.get("Content-Type")).toBe("image/webp");
    expect(review.headers.get("Cache-Control")).toBe("private, no-store");
    expect(webpSize(await bytesOf(review)).width).toBe(96);
  });
});
