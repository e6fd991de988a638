/**
 * Preview plays and saves for later on the artist's sales report (docs/decisions/104-sales-rollup.md):
 * a preview answered from its first byte counts once, the rest of a clip fetched by range counts
 * nothing; each "Save for later" counts once; a song that is not public, or no song at all, counts
 * nothing; and the artist sees each song's counts in the period, songs counted but not sold included,
 * with nothing about who listened.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { ArtistSalesResponse } from "@jplay/schema/sales-report";
import { issueArtistLink } from "../../access/artist-links";
import { previewAudioKey } from "../../platform/song-media-keys";
import { recordPurchaseReport } from "../../provider/record-purchases";
import { insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser, testContext } from "../../../test/support";

const CLIP = new Uint8Array(4096).fill(7);

const preview = (songId: string, range?: string) =>
  exports.default.fetch(new Request(`http://jplay.test/api/songs/${songId}/preview`, { headers: range ? { Range: range } : {} }));

const save = (songId: string) => exports.default.fetch(new Request(`http://jplay.test/api/songs/${songId}/saves`, { method: "POST" }));

async function counts(): Promise<Array<{ song_id: string; previews: number; saves: number }>> {
  const { results } = await env.DB.prepare("select song_id, previews, saves from song_day_counts order by song_id").all<{
    song_id: string;
    previews: number;
    saves: number;
  }>();
  return results;
}

describe("preview plays and saves", () => {
  it("count each start and each save once, are shown per song beside its sales, and name no listener", async () => {
    const artistId = await insertArtist();
    const [sold, unsold, hidden] = [
      await insertSong({ artistId, status: "distributed" }),
      await insertSong({ artistId, status: "distributed" }),
      await insertSong({ artistId, status: "pending" }),
    ];
    for (const songId of [sold, unsold, hidden]) await env.MEDIA.put(previewAudioKey(songId), CLIP, { httpMetadata: { contentType: "audio/mpeg" } });

    expect((await preview(sold)).status).toBe(200);
    expect((await preview(sold, "bytes=0-1023")).status).toBe(206);
    // The rest of the same clip, and a seek: no new start.
    expect((await preview(sold, "bytes=1024-")).status).toBe(206);
    expect((await preview(sold, "bytes=2048-4095")).status).toBe(206);
    expect((await preview(unsold)).status).toBe(200);
    for (const songId of [unsold, unsold, sold]) expect((await save(songId)).status).toBe(204);
    // Not public, and not songs at all: refused, nothing counted.
    for (const songId of [hidden, "constructor", "__proto__", "toString"]) {
      expect((await preview(songId)).status).toBe(404);
      expect((await save(songId)).status).toBe(404);
    }
    await vi.waitFor(async () => expect((await counts()).reduce((sum, row) => sum + row.previews, 0)).toBe(3));
    expect(await counts()).toEqual(
      [
        { song_id: sold, previews: 2, saves: 1 },
        { song_id: unsold, previews: 1, saves: 2 },
      ].sort((a, b) => (a.song_id < b.song_id ? -1 : 1)),
    );

    const now = Date.now();
    const purchase = { purchaseId: `pv-${crypto.randomUUID()}`, songId: sold, priceCents: 199, purchasedAt: new Date(now - 1_000).toISOString() };
    expect((await recordPurchaseReport(testContext({ now: () => now }), { purchases: [purchase] }, {}, now)).recorded).toBe(1);
    const token = await issueArtistLink(testContext(), artistId);
    const response = await new Browser().fetch(`/api/artist/${token}/sales?period=day`);
    const report = await response.json<ArtistSalesResponse>();
    expect(Object.fromEntries(report.bySong.map((row) => [row.songId, [row.units, row.previews, row.saves]]))).toEqual({
      [sold]: [1, 2, 1],
      [unsold]: [0, 1, 2],
    });
    expect(JSON.stringify(report)).not.toMatch(/listener|device/i);
    // Narrowed to one song: that song's counts only.
    const one = await (await new Browser().fetch(`/api/artist/${token}/sales?period=day&songId=${unsold}`)).json<ArtistSalesResponse>();
    expect(one.bySong.map((row) => [row.songId, row.previews, row.saves])).toEqual([[unsold, 1, 2]]);
  });
});
