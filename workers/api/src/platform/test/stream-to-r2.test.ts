/**
 * The bounded-memory R2 writer against the real local R2: objects of every size around the 5 MiB part
 * (nothing, one byte, just under, exactly, just over, several parts), written in random chunkings,
 * read back byte for byte; small ones are one put, large ones a multipart upload; an aborted writer
 * leaves no object and no upload to finish.
 */
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { R2_PART_BYTES, R2ObjectWriter } from "../stream-to-r2";
import { patternedBytes, sha256 } from "../../../test/upload-support";

const PART = R2_PART_BYTES;

/** `bytes` cut at the given chunk sizes (cycled), as a writer would receive them. */
function* chunksOf(bytes: Uint8Array, sizes: number[]) {
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

describe("R2ObjectWriter", () => {
  it.each([
    ["nothing", 0, null],
    ["one byte", 1, null],
    ["just under a part", PART - 1, null],
    ["exactly one part", PART, 1],
    ["just over a part", PART + 1, 2],
    ["two parts and some", 2 * PART + 12_345, 3],
  ])("stores %s intact (%s bytes; multipart parts: %s)", async (_name, size, parts) => {
    const bytes = patternedBytes(size, size);
    const chunkSizes = fc.sample(fc.array(fc.integer({ min: 1, max: 300_000 }), { minLength: 1, maxLength: 8 }), { numRuns: 1, seed: size })[0]!;
    const key = `test/stream-to-r2/${crypto.randomUUID()}`;
    const writer = new R2ObjectWriter(env.MEDIA, key, { httpMetadata: { contentType: "audio/mpeg" } });
    for (const chunk of chunksOf(bytes, chunkSizes)) await writer.write(chunk);
    expect(writer.size).toBe(size);
    await writer.finish();

    const stored = await env.MEDIA.get(key);
    expect(stored).not.toBeNull();
    expect(stored!.size).toBe(size);
    expect(stored!.httpMetadata?.contentType).toBe("audio/mpeg");
    // A multipart object's etag ends in "-<parts>"; a put's does not.
    if (parts === null) expect(stored!.etag).not.toMatch(/-\d+$/);
    else expect(stored!.etag).toMatch(new RegExp(`-${parts}$`));
    expect(await sha256(new Uint8Array(await stored!.arrayBuffer()))).toBe(await sha256(bytes));
    await env.MEDIA.delete(key);
  });

  it("abort() discards an unfinished multipart upload: no object, and its parts can no longer be completed", async () => {
    const key = `test/stream-to-r2/${crypto.randomUUID()}`;
    const writer = new R2ObjectWriter(env.MEDIA, key, { httpMetadata: { contentType: "audio/mpeg" } });
    await writer.write(patternedBytes(PART + 100, 7));
    const uploadId = writer.uploadId;
    expect(uploadId).not.toBeNull();
    await writer.abort();

    expect(await env.MEDIA.head(key)).toBeNull();
    const resumed = env.MEDIA.resumeMultipartUpload(key, uploadId!);
    await expect(resumed.uploadPart(2, new Uint8Array(10))).rejects.toThrow();
    await expect(writer.write(new Uint8Array(1))).rejects.toThrow(/already aborted/);
  });

  it("abort() before any part was sent touches nothing; after finish() it keeps the object (the caller removes it)", async () => {
    const key = `test/stream-to-r2/${crypto.randomUUID()}`;
    const small = new R2ObjectWriter(env.MEDIA, key, { httpMetadata: { contentType: "image/png" } });
    await small.write(new Uint8Array(1000));
    expect(small.uploadId).toBeNull();
    await small.abort();
    expect(await env.MEDIA.head(key)).toBeNull();

    const done = new R2ObjectWriter(env.MEDIA, key, { httpMetadata: { contentType: "image/png" } });
    await done.write(new Uint8Array(10));
    await done.finish();
    await done.abort();
    expect((await env.MEDIA.head(key))?.size).toBe(10);
    await expect(done.finish()).rejects.toThrow(/already finished/);
    await env.MEDIA.delete(key);
  });
});
