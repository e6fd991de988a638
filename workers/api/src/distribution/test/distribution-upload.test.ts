/**
 * POST /api/distribute streams its body to R2 (docs/decisions/017): a song larger than an R2 part
 * arrives intact through a multipart upload; a limit crossed mid-stream stops the reading there and
 * leaves nothing stored (the parts already sent are aborted); so does a client that goes away, R2
 * failing mid-file, a refusal that only a field after the files reveals, and a body without its end.
 * Fields sent before the files are judged before any file byte is read.
 */
import { env } from "cloudflare:workers";
import { LANGUAGE_COOKIE } from "@jplay/schema/language";
import { MP3_MAX_BYTES } from "@jplay/schema/pricing";
import { describe, expect, it } from "vitest";
import { INTERRUPTED, NOT_MULTIPART, OTHER_SESSION, TEXT_FIELD_MAX_BYTES, TEXT_FIELD_TOO_LONG } from "../receive-song-upload";
import { R2_PART_BYTES } from "../../platform/stream-to-r2";
import { Browser, pngBytes, setUpArtist } from "../../../test/support";
import { coverJpeg, coverPng } from "../../../test/cover-files";
import {
  countSongs,
  mp3Like,
  postStreamed,
  recordingMedia,
  sessionHeaders,
  sha256,
  songKeys,
  streamedForm,
  uploadStillOpen,
  type BodyPart,
} from "../../../test/upload-support";

async function signedUpArtist() {
  const browser = new Browser();
  const { setup, saved } = await setUpArtist(browser);
  expect(saved.status).toBe(200);
  return { browser, customerId: setup.customerId, headers: await sessionHeaders(browser) };
}

const details = (customerId: string): BodyPart[] => [
  { name: "customerId", data: customerId },
  { name: "artistName", data: "Stream Artist" },
  { name: "songTitle", data: `Stream ${crypto.randomUUID()}` },
  { name: "explicit", data: "no" },
  { name: "price", data: "1.99" },
];

async function errorOf(response: Response) {
  return (await response.json<{ error: { code: string; message: string } }>()).error;
}

/** What is stored now, to compare with after a refused upload. */
const snapshot = async () => ({ songs: await countSongs(), keys: await songKeys() });

describe("a song larger than an R2 part", () => {
  it("a 12 MB MP3 and a 3 MB cover sent by FormData arrive intact: the MP3 as a 3-part multipart object", async () => {
    const { browser, customerId } = await signedUpArtist();
    const song = mp3Like(12_000_000, 12);
    const cover = new Uint8Array(3_000_000);
    cover.set(pngBytes());
    cover.set(mp3Like(2_000_000, 3), 1000);
    const form = new FormData();
    for (const part of details(customerId)) form.set(part.name, part.data as string);
    form.set("songFile", new File([song], "big.mp3", { type: "audio/mpeg" }));
    form.set("coverImage", new File([cover], "cover.png", { type: "image/png" }));

    const response = await browser.fetch("/api/distribute", { method: "POST", body: form });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();

    const audio = await env.MEDIA.get(`songs/${id}/audio.mp3`);
    expect(audio?.size).toBe(song.length);
    expect(audio?.etag).toMatch(/-3$/); // 5 MiB + 5 MiB + the rest
    expect(audio?.httpMetadata?.contentType).toBe("audio/mpeg");
    expect(await sha256(await audio!.arrayBuffer())).toBe(await sha256(song));
    const storedCover = await env.MEDIA.get(`songs/${id}/cover.png`);
    expect(storedCover?.httpMetadata?.contentType).toBe("image/png");
    expect(await sha256(await storedCover!.arrayBuffer())).toBe(await sha256(cover));
    const row = await env.DB.prepare("SELECT audio_key, cover_key, status FROM songs WHERE id = ?").bind(id).first();
    expect(row).toEqual({ audio_key: `songs/${id}/audio.mp3`, cover_key: `songs/${id}/cover.png`, status: "pending" });

    // A range across the first part's end reads back as sent (how the audio route serves it).
    const range = await env.MEDIA.get(`songs/${id}/audio.mp3`, { range: { offset: R2_PART_BYTES - 2, length: 4 } });
    expect([...new Uint8Array(await range!.arrayBuffer())]).toEqual([...song.subarray(R2_PART_BYTES - 2, R2_PART_BYTES + 2)]);
  });
});

describe("an upload that fails mid-stream leaves nothing stored", () => {
  it("an MP3 crossing MP3_MAX_BYTES: 413 at the limit, the body read no further, the parts sent aborted", async () => {
    const { customerId, headers } = await signedUpArtist();
    const before = await snapshot();
    const recording = recordingMedia();
    // 40 MB with no Content-Length: only the limit stops it.
    const form = streamedForm([...details(customerId), { name: "songFile", filename: "huge.mp3", data: { size: 40_000_000 } }]);
    const response = await postStreamed(headers, form, { ...env, MEDIA: recording.media });

    expect(response.status).toBe(413);
    expect(await errorOf(response)).toEqual({ code: "payload_too_large", message: "File size must be less than 15MB" });
    expect(form.pulled()).toBeLessThan(MP3_MAX_BYTES + 256 * 1024);
    expect(recording.uploads).toHaveLength(1);
    expect(recording.uploads[0]!.partsSent).toBeGreaterThanOrEqual(2);
    expect(await uploadStillOpen(recording.uploads[0]!)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it("a client that goes away after 7 MB: the part sent is aborted, no object, no row", async () => {
    const { customerId, headers } = await signedUpArtist();
    const before = await snapshot();
    const recording = recordingMedia();
    const form = streamedForm([...details(customerId), { name: "songFile", filename: "song.mp3", data: { size: 12_000_000 } }], { failAfter: 7_000_000 });
    const response = await postStreamed(headers, form, { ...env, MEDIA: recording.media });

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(INTERRUPTED);
    expect(recording.uploads.map((u) => u.partsSent)).toEqual([1]);
    expect(await uploadStillOpen(recording.uploads[0]!)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it("R2 failing on the second part: a 5xx, the upload aborted, no object, no row", async () => {
    const { customerId, headers } = await signedUpArtist();
    const before = await snapshot();
    const recording = recordingMedia((partNumber) => partNumber === 2);
    const form = streamedForm([...details(customerId), { name: "songFile", filename: "song.mp3", data: { size: 12_000_000 } }]);
    const response = await postStreamed(headers, form, { ...env, MEDIA: recording.media });

    expect(response.status).toBe(500);
    expect(recording.uploads.map((u) => u.partsSent)).toEqual([1]);
    expect(await uploadStillOpen(recording.uploads[0]!)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it("a cover crossing COVER_MAX_BYTES after a stored 6 MB song: 413, the song removed again", async () => {
    const { customerId, headers } = await signedUpArtist();
    const before = await snapshot();
    const cover = new Uint8Array(6 * 1024 * 1024);
    cover.set(pngBytes());
    const form = streamedForm([
      ...details(customerId),
      { name: "songFile", filename: "song.mp3", data: mp3Like(6_000_000, 6) },
      { name: "coverImage", filename: "cover.png", data: cover },
    ]);
    const response = await postStreamed(headers, form);

    expect(response.status).toBe(413);
    expect((await errorOf(response)).message).toBe("Cover image must be less than 5MB");
    expect(await snapshot()).toEqual(before);
  });

  it("a bad artist name sent after the files: 400 with its message, the stored song and cover removed", async () => {
    const { customerId, headers } = await signedUpArtist();
    const before = await snapshot();
    const form = streamedForm([
      { name: "songFile", filename: "song.mp3", data: mp3Like(6_000_000, 9) },
      { name: "coverImage", filename: "cover.png", data: pngBytes() },
      { name: "songTitle", data: "Late Fields" },
      { name: "artistName", data: "A" },
      { name: "customerId", data: customerId },
    ]);
    const response = await postStreamed(headers, form);

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("Artist name must be at least 2 characters");
    expect(await snapshot()).toEqual(before);
  });

  it("a body that ends without its closing boundary, after a whole song part: 400, the song removed", async () => {
    const { customerId, headers } = await signedUpArtist();
    const before = await snapshot();
    const form = streamedForm([...details(customerId), { name: "songFile", filename: "song.mp3", data: mp3Like(200_000, 2) }], { close: false });
    const response = await postStreamed(headers, form);

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(NOT_MULTIPART);
    expect(await snapshot()).toEqual(before);
  });
});

describe("fields sent first are judged before any file byte is read", () => {
  it.each([
    ["another session's customerId", (customerId: string) => [{ name: "customerId", data: `${customerId}x` }], 403, OTHER_SESSION],
    ["a one-letter artist name", () => [{ name: "artistName", data: "A" }], 400, "Artist name must be at least 2 characters"],
    [
      "a blank title after a good artist name",
      () => [
        { name: "artistName", data: "Good Name" },
        { name: "songTitle", data: "  " },
      ],
      400,
      "Song title is required",
    ],
    [
      "an empty explicit answer",
      () => [
        { name: "artistName", data: "Good Name" },
        { name: "songTitle", data: "T" },
        { name: "explicit", data: "" },
      ],
      400,
      "Please say whether the song has explicit content",
    ],
    [
      "an explicit answer other than yes or no",
      () => [
        { name: "artistName", data: "Good Name" },
        { name: "songTitle", data: "T" },
        { name: "explicit", data: "true" },
      ],
      400,
      "Please say whether the song has explicit content",
    ],
    [
      "a price above $1.99",
      () => [
        { name: "artistName", data: "Good Name" },
        { name: "songTitle", data: "T" },
        { name: "explicit", data: "no" },
        { name: "price", data: "2.50" },
      ],
      400,
      "Price must be between $0.70 and $1.99",
    ],
    ["a text field past its limit", () => [{ name: "artistName", data: "x".repeat(TEXT_FIELD_MAX_BYTES + 1) }], 413, TEXT_FIELD_TOO_LONG],
  ] as const)("%s", async (_name, fields, status, message) => {
    const { customerId, headers } = await signedUpArtist();
    const before = await snapshot();
    const recording = recordingMedia();
    const form = streamedForm([...fields(customerId), { name: "songFile", filename: "song.mp3", data: { size: 12_000_000 } }]);
    const response = await postStreamed(headers, form, { ...env, MEDIA: recording.media });

    expect(response.status).toBe(status);
    expect((await errorOf(response)).message).toBe(message);
    expect(form.pulled()).toBeLessThan(TEXT_FIELD_MAX_BYTES + 128 * 1024);
    expect(recording.uploads).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("a song sent before the fields is still accepted when they are good (any order is read)", async () => {
    const { customerId, headers } = await signedUpArtist();
    const song = mp3Like(5_500_000, 55);
    const form = streamedForm([
      { name: "songFile", filename: "song.mp3", data: song },
      { name: "phone", data: "+1 555 0100" },
      ...details(customerId).reverse(),
    ]);
    const response = await postStreamed(headers, form);

    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    const audio = await env.MEDIA.get(`songs/${id}/audio.mp3`);
    expect(await sha256(await audio!.arrayBuffer())).toBe(await sha256(song));
    expect(await env.DB.prepare("SELECT cover_key FROM songs WHERE id = ?").bind(id).first()).toEqual({ cover_key: null });
  });
});

describe("the cover rule: at least 1400 × 1400 px, square within 1%, RGB", () => {
  async function uploadCover(cover: Uint8Array, name = "cover.png", language?: string) {
    const { customerId, headers } = await signedUpArtist();
    const before = await snapshot();
    const form = streamedForm([
      ...details(customerId),
      { name: "songFile", filename: "song.mp3", data: mp3Like(200_000, 21) },
      { name: "coverImage", filename: name, data: cover },
    ]);
    // The language the app's switch sets (its cookie) is the one errors are written in.
    const sent = new Headers(headers);
    if (language) sent.set("Cookie", `${headers.get("Cookie")}; ${LANGUAGE_COOKIE}=${language}`);
    const response = await postStreamed(sent, form);
    return { response, before };
  }

  const refusals: [string, Uint8Array, string, string][] = [
    ["a 1000 × 1000 PNG", coverPng(1000), "cover.png", "The cover must be at least 1400 × 1400 pixels. Please export a larger image."],
    ["a 1399 × 1399 JPEG", coverJpeg(1399), "cover.jpg", "The cover must be at least 1400 × 1400 pixels. Please export a larger image."],
    ["a 1400 × 1500 PNG (7% apart)", coverPng(1400, 1500), "cover.png", "The cover must be square: the same width and height."],
    ["a 3000 × 2000 JPEG", coverJpeg(3000, 2000), "cover.jpg", "The cover must be square: the same width and height."],
    ["a greyscale PNG", coverPng(1400, 1400, 0), "cover.png", "The cover must be in RGB colour, not greyscale or CMYK. Please export it as RGB."],
    ["a greyscale JPEG", coverJpeg(1400, 1400, 1), "cover.jpg", "The cover must be in RGB colour, not greyscale or CMYK. Please export it as RGB."],
    ["a CMYK JPEG", coverJpeg(1600, 1600, 4), "cover.jpg", "The cover must be in RGB colour, not greyscale or CMYK. Please export it as RGB."],
  ];
  for (const [kind, cover, name, message] of refusals) {
    it(`refuses ${kind} with its reason, storing nothing`, async () => {
      const { response, before } = await uploadCover(cover, name);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
      expect(await snapshot()).toEqual(before);
    });
  }

  it("gives the reason in Spanish to a Spanish reader", async () => {
    const { response } = await uploadCover(coverPng(800), "cover.png", "es");
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("La portada debe medir al menos 1400 × 1400 píxeles. Exporta una imagen más grande.");
  });

  it("takes a 1400 × 1400 JPEG and a 1414 × 1400 PNG (1% apart), an RGBA PNG too", async () => {
    for (const [cover, name] of [
      [coverJpeg(1400), "cover.jpg"],
      [coverPng(1414, 1400), "cover.png"],
      [coverPng(3000, 3000, 6), "cover.png"],
    ] as const) {
      const { response } = await uploadCover(cover, name);
      expect(response.status).toBe(201);
    }
  });
});
