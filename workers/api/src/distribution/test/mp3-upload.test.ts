/**
 * POST /api/distribute walks the MP3 frame by frame as it streams (docs/decisions/027): a whole
 * file is stored with its decoded duration, bitrate and sample rate on the song; a file cut short,
 * with no frames or that is no MP3 is refused with the message the form shows at the MP3 field, before
 * the artist can pay, and leaves nothing in R2 or D1 (a large one's multipart upload is aborted).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MP3_MESSAGES } from "../../platform/mp3-frames";
import { cutAfterHeader, cutMidFrame, garbageAfterId3, songRow, toneMp3, withId3 } from "../../../test/song-fixtures";
import { Browser, setUpArtist } from "../../../test/support";
import {
  countSongs,
  mp3Like,
  postStreamed,
  recordingMedia,
  sessionHeaders,
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

const songForm = (customerId: string, song: Uint8Array): BodyPart[] => [
  { name: "customerId", data: customerId },
  { name: "artistName", data: "Frame Walker" },
  { name: "songTitle", data: `Whole ${crypto.randomUUID()}` },
  { name: "explicit", data: "no" },
  { name: "price", data: "1.99" },
  { name: "songFile", filename: "song.mp3", data: song },
];

const snapshot = async () => ({ songs: await countSongs(), keys: await songKeys() });

async function errorOf(response: Response) {
  return (await response.json<{ error: { code: string; message: string } }>()).error;
}

describe("the upload walks every MP3 frame", () => {
  it("a whole MP3 behind an ID3 tag is stored, its decoded duration, bitrate and sample rate on the song", async () => {
    const { customerId, headers } = await signedUpArtist();
    const song = withId3(toneMp3(4));
    const response = await postStreamed(headers, streamedForm(songForm(customerId, song)));

    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    const row = await songRow(id);
    expect(row?.status).toBe("pending");
    expect(row?.bitrate).toBe(64_000);
    expect(row?.sample_rate).toBe(22_050);
    expect(Math.abs(row!.duration_ms! - 4000)).toBeLessThan(150);
    expect((await env.MEDIA.head(`songs/${id}/audio.mp3`))?.size).toBe(song.length);
  });

  it.each([
    ["a file cut in the middle of its last frame", () => cutMidFrame(withId3(toneMp3(3))), MP3_MESSAGES.cutShort],
    ["a file cut right after its first frame header", () => cutAfterHeader(withId3(toneMp3(3))), MP3_MESSAGES.cutShort],
    ["an ID3 tag with text after it", garbageAfterId3, MP3_MESSAGES.noFrames],
    ["whole frames with text after them", () => new Uint8Array([...toneMp3(2), ...new TextEncoder().encode("not audio at all")]), MP3_MESSAGES.notAudio],
  ])("%s: 400 with the MP3 field's message, no song, no object", async (_name, file, message) => {
    const { customerId, headers } = await signedUpArtist();
    const before = await snapshot();
    const response = await postStreamed(headers, streamedForm(songForm(customerId, file())));

    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: "bad_request", message });
    expect(await snapshot()).toEqual(before);
  });

  it("a 7 MB MP3 cut mid-frame: refused at its end, the part already sent to R2 aborted", async () => {
    const { customerId, headers } = await signedUpArtist();
    const before = await snapshot();
    const recording = recordingMedia();
    const response = await postStreamed(headers, streamedForm(songForm(customerId, cutMidFrame(mp3Like(7_000_000, 7)))), { ...env, MEDIA: recording.media });

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(MP3_MESSAGES.cutShort);
    expect(recording.uploads.map((upload) => upload.partsSent)).toEqual([1]);
    expect(await uploadStillOpen(recording.uploads[0]!)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it("text in the middle of a 7 MB MP3: refused, nothing more of it stored", async () => {
    const { customerId, headers } = await signedUpArtist();
    const before = await snapshot();
    const recording = recordingMedia();
    const song = mp3Like(7_000_000, 8);
    song.set(new TextEncoder().encode("a document pasted into the audio. ".repeat(20)), 6_000_000); // longer than a frame
    const response = await postStreamed(headers, streamedForm(songForm(customerId, song)), { ...env, MEDIA: recording.media });

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(MP3_MESSAGES.notAudio);
    expect(await uploadStillOpen(recording.uploads[0]!)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});
