/**
 * An operator corrects a song's genre, language of the lyrics and credits (services/release-
 * corrections.ts): stored at once, logged with who changed what from what like review decisions, a
 * new entry in the delivery feed for a live song, nothing written when nothing changes; refused with
 * the rules' messages, for a song that was removed or rejected, and for anyone not signed in.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { METADATA_MESSAGES } from "@jplay/schema/release-metadata";
import { LOCAL_OPERATOR } from "../../access/admin-access";
import { adminWrite, signedInOperator } from "../../../test/admin-support";
import { insertArtist, insertSong, songEvents } from "../../../test/song-fixtures";
import { Browser } from "../../../test/support";

let operator: Browser;
beforeAll(async () => {
  operator = await signedInOperator();
});

const correct = (songId: string, body: unknown, browser = operator) => adminWrite(browser, "PUT", `/api/admin/songs/${songId}/release-details`, body);
const credits = async (songId: string) =>
  (await env.DB.prepare("select name, role from song_credits where song_id = ? order by position").bind(songId).all()).results;
const feedEntries = async (songId: string) =>
  (await env.DB.prepare("select kind from catalogue_changes where song_id = ?").bind(songId).all<{ kind: string }>()).results.map((row) => row.kind);

async function songWithDefaults(status: "approved" | "distributed" | "removed") {
  const songId = await insertSong({ artistId: await insertArtist(), status });
  await env.DB.prepare(
    "insert into song_credits (song_id, position, name, role) values (?1, 0, 'Fixture Artist', 'performer'), (?1, 1, 'Fixture Artist', 'composer')",
  )
    .bind(songId)
    .run();
  return songId;
}

const correction = {
  genre: "Latin",
  lyricsLanguage: "es",
  credits: [
    { name: "Fixture Artist", role: "performer" },
    { name: "Ana Compositora", role: "composer" },
  ],
};

describe("an operator's correction of release details", () => {
  it("stores the genre, language and credits, logs who changed what, and re-announces a live song in the feed", async () => {
    const songId = await songWithDefaults("distributed");
    const response = await correct(songId, correction);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ songId, ...correction, changed: true });
    expect(await env.DB.prepare("select genre, lyrics_language, instrumental from songs where id = ?").bind(songId).first()).toEqual({
      genre: "Latin",
      lyrics_language: "es",
      instrumental: 0,
    });
    expect(await credits(songId)).toEqual(correction.credits);
    const [event] = (await songEvents(songId)).filter((row) => row.cause.startsWith("Release details corrected"));
    expect(event).toMatchObject({
      from_status: "distributed",
      to_status: "distributed",
      actor: LOCAL_OPERATOR,
      cause: `Release details corrected by ${LOCAL_OPERATOR}: genre Pop → Latin; language of the lyrics en → es; credits Fixture Artist (performer), Fixture Artist (composer) → Fixture Artist (performer), Ana Compositora (composer)`,
    });
    expect(await feedEntries(songId)).toEqual(["release"]);

    // The same correction again changes nothing and writes nothing.
    const again = await correct(songId, correction);
    expect(await again.json()).toMatchObject({ changed: false });
    expect((await songEvents(songId)).filter((row) => row.cause.startsWith("Release details corrected"))).toHaveLength(1);
    expect(await feedEntries(songId)).toEqual(["release"]);
  });

  it("corrects a song in review without a feed entry, and makes an instrumental of one (zxx: no lyrics kept)", async () => {
    const songId = await songWithDefaults("approved");
    await env.DB.prepare("update songs set lyrics = 'la la' where id = ?").bind(songId).run();
    const response = await correct(songId, { ...correction, lyricsLanguage: "zxx" });
    expect(response.status).toBe(200);
    expect(await env.DB.prepare("select lyrics_language, instrumental, lyrics from songs where id = ?").bind(songId).first()).toEqual({
      lyrics_language: "zxx",
      instrumental: 1,
      lyrics: null,
    });
    expect(await feedEntries(songId)).toEqual([]);
  });

  it.each([
    ["a genre off the list", { ...correction, genre: "Polka" }, METADATA_MESSAGES.genre],
    ["a language off the list", { ...correction, lyricsLanguage: "xx" }, METADATA_MESSAGES.lyricsLanguage],
    ["credits without a composer", { ...correction, credits: [{ name: "A", role: "performer" }] }, METADATA_MESSAGES.composerMissing],
    ["a credit without a name", { ...correction, credits: [{ name: "", role: "composer" }] }, METADATA_MESSAGES.creditName],
  ])("refuses %s with its message and changes nothing", async (_case, body, message) => {
    const songId = await songWithDefaults("distributed");
    const response = await correct(songId, body);
    expect(response.status).toBe(400);
    expect((await response.json<{ error: { message: string } }>()).error.message).toBe(message);
    expect(await env.DB.prepare("select genre from songs where id = ?").bind(songId).first("genre")).toBe("Pop");
  });

  it("refuses a removed song (409), an unknown one (404), and a signed-out browser (401)", async () => {
    expect((await correct(await songWithDefaults("removed"), correction)).status).toBe(409);
    expect((await correct("no-such-song", correction)).status).toBe(404);
    const songId = await songWithDefaults("distributed");
    expect((await correct(songId, correction, new Browser())).status).toBe(401);
    expect(await env.DB.prepare("select genre from songs where id = ?").bind(songId).first("genre")).toBe("Pop");
  });
});
