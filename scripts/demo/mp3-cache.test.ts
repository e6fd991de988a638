// The demo MP3 cache (mp3-cache.ts) answers exactly what the renderer makes, whether it held the song or not.
import { describe, expect, it } from "vitest";
import { DEMO_SONGS } from "./catalogue.ts";
import { cachedMp3, keepMp3 } from "./mp3-cache.ts";
import { renderSongMp3 } from "./render-mp3.ts";
import { renderMp3s } from "./render-pool.ts";

const shortest = [...DEMO_SONGS].sort((a, b) => a.music.durationSeconds - b.music.durationSeconds)[0]!;

describe("the demo MP3 cache", () => {
  it("answers the renderer's own bytes for a song, and keeps what it rendered", async () => {
    const rendered = renderSongMp3(shortest);
    const answered = await renderMp3s([shortest], 1).get(shortest.id);
    expect(Buffer.from(answered!).equals(Buffer.from(rendered))).toBe(true);
    expect(Buffer.from(cachedMp3(shortest.id)!).equals(Buffer.from(rendered))).toBe(true);
  });

  it("holds nothing for a song it never kept, and a kept MP3 whole", () => {
    expect(cachedMp3(`never-kept-${process.pid}-${Date.now()}`)).toBeUndefined();
    // One fixed name, written over each run: the test leaves one small file in the cache, not one a run.
    const id = "kept-by-the-cache-test";
    const bytes = new Uint8Array([0xff, 0xf3, 1, 2, 3]);
    keepMp3(id, bytes);
    expect(cachedMp3(id)).toEqual(bytes);
  });
});
