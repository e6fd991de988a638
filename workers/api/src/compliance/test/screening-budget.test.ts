/**
 * Lyrics cannot hold the Worker (docs/decisions/085-linear-term-matching.md): an upload whose lyrics are
 * crafted to make a backtracking matcher run for minutes is answered and screened; a list change's
 * re-screen gets past such a song and screens the others; a field longer than screening reads goes to
 * an operator with the reason — a live song is held, a song in review needs an override — instead of
 * passing unread. The re-screen pages through every song
 * in the catalogue, which holds only this file's.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SCREENED_TEXT_MAX_LENGTH, UNSCREENED_TERM, type AuditLogResponse, type TermList } from "@jplay/schema/compliance";
import type { Facility } from "@jplay/schema/facilities";
import type { ReviewQueueResponse } from "@jplay/schema/review";
import worker from "../../index";
import { ADMIN_COOKIE } from "../../access/admin-access";
import { refreshFacilityHolds, rescreenAfterListChange } from "../index";
import { adminWrite, SITE_ORIGIN, signedInOperator } from "../../../test/admin-support";
import { CapturingQueue, catalogueRowsWritten, insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser, setUpArtist, testContext } from "../../../test/support";
import { mp3Like } from "../../../test/upload-support";

let operator: Browser;
let facility: Facility;
let list: TermList;

/** 10,000 characters that made the regular expression for "illicit" try every way of splitting the run of 1s, with the word itself at the end. */
const POISONED = "1".repeat(9_991) + " i11icit";

const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return await response.json<T>();
};

/** An operator's write answered with `jobs` capturing what it queues, so the test runs each job itself. */
const adminSend = (method: "POST" | "PUT", path: string, body: unknown, jobs: CapturingQueue) =>
  worker.fetch(
    new Request(`${SITE_ORIGIN}${path}`, {
      method,
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, Cookie: `${ADMIN_COOKIE}=${operator.cookie(ADMIN_COOKIE)}` },
      body: JSON.stringify(body),
    }),
    { ...env, JOBS: jobs.asQueue() },
    createExecutionContext(),
  );

/** Runs the compliance jobs `jobs` captured, and those they queue, until none is left. */
async function runComplianceJobs(jobs: CapturingQueue) {
  const ctx = testContext({ jobs: jobs.asQueue() });
  for (let sent = jobs.take(); sent.length > 0; sent = jobs.take()) {
    for (const { body } of sent) {
      if (body.type === "compliance.rescreen") await rescreenAfterListChange(ctx, body);
      else if (body.type === "compliance.facility") await refreshFacilityHolds(ctx, body.facilityId);
    }
  }
}

/** Adds terms the list does not have yet as an operator would, and runs the re-screen it queues. */
async function addTerms(...terms: string[]) {
  const jobs = new CapturingQueue();
  const added = terms.filter((term) => !list.terms.some((t) => t.term === term)).map((term) => ({ term, language: "en" }));
  list = await json<TermList>(
    await adminSend("PUT", `/api/admin/term-lists/${list.id}`, { name: list.name, version: list.version, terms: [...list.terms, ...added] }, jobs),
  );
  await runComplianceJobs(jobs);
}

async function liveSong(lyrics: string) {
  const songId = await insertSong({ artistId: await insertArtist(), status: "distributed" });
  await env.DB.prepare("update songs set lyrics = ?1, release_date = '2020-01-01', reviewed_at = ?2, reviewed_by = 'first@jplay.test' where id = ?3")
    .bind(lyrics, Date.now(), songId)
    .run();
  await catalogueRowsWritten();
  return songId;
}

const matchesOf = async (songId: string) =>
  (
    await env.DB.prepare("select field, start, end, text, term from song_screening_matches where song_id = ?1 order by start")
      .bind(songId)
      .all<{ field: string; start: number; end: number; text: string; term: string }>()
  ).results;
const standingOf = async (songId: string) =>
  (
    await env.DB.prepare("select status from facility_song_reviews where song_id = ?1 and facility_id = ?2")
      .bind(songId, facility.id)
      .first<{ status: string }>()
  )?.status ?? null;

beforeAll(async () => {
  operator = await signedInOperator();
  facility = await json<Facility>(
    await adminWrite(operator, "POST", "/api/admin/facilities", { name: "North Ridge Unit", state: "TX", cleanOnly: false }),
    201,
  );
  const jobs = new CapturingQueue();
  list = await json<TermList>(await adminSend("POST", "/api/admin/term-lists", { name: "Contraband", terms: [{ term: "zorvex", language: "en" }] }, jobs), 201);
  await json(await adminSend("PUT", `/api/admin/facilities/${facility.id}/term-lists`, { listIds: [list.id] }, jobs));
  await runComplianceJobs(jobs);
});

describe("crafted lyrics", () => {
  it("are screened at upload and the upload is answered", async () => {
    await addTerms("illicit");
    const browser = new Browser();
    const { setup, saved } = await setUpArtist(browser);
    expect(saved.status).toBe(200);
    const body = new FormData();
    for (const [name, value] of Object.entries({
      customerId: setup.customerId,
      artistName: "Crafted Artist",
      songTitle: "Run Of Ones",
      explicit: "no",
      price: "1.99",
      lyrics: POISONED,
    }))
      body.set(name, value);
    body.set("songFile", new File([mp3Like(40_000, 3)], "song.mp3", { type: "audio/mpeg" }));
    const { id } = await json<{ id: string }>(await browser.fetch("/api/distribute", { method: "POST", body }), 201);
    expect(await matchesOf(id)).toEqual([{ field: "lyrics", start: 9_992, end: 9_999, text: "i11icit", term: "illicit" }]);
  });

  it("do not stop a list change's re-screen: it gets past them and screens the other songs", async () => {
    const poisoned = await liveSong(POISONED.replace("i11icit", "qu0rax"));
    const flagged = await liveSong("the quorax ride at dawn");
    const clean = await liveSong("calm water, nothing to see");
    await addTerms("illicit", "quorax");
    expect(await matchesOf(poisoned)).toEqual([{ field: "lyrics", start: 9_992, end: 9_998, text: "qu0rax", term: "quorax" }]);
    expect(await matchesOf(flagged)).toEqual([{ field: "lyrics", start: 4, end: 10, text: "quorax", term: "quorax" }]);
    expect([await standingOf(poisoned), await standingOf(flagged), await standingOf(clean)]).toEqual(["held", "held", null]);
  });
});

describe("a field longer than screening reads", () => {
  it("holds a live song for an operator, saying where screening stopped, when a list change re-screens it", async () => {
    const lyrics = "la la la, the river runs ".repeat(1_000);
    expect(lyrics.length).toBeGreaterThan(SCREENED_TEXT_MAX_LENGTH);
    const songId = await liveSong(lyrics);
    await addTerms("vexhold");
    expect(await matchesOf(songId)).toEqual([{ field: "lyrics", start: SCREENED_TEXT_MAX_LENGTH, end: lyrics.length, text: "", term: UNSCREENED_TERM }]);
    expect(await standingOf(songId)).toBe("held");
    const audit = await json<AuditLogResponse>(await operator.fetch(`/api/admin/audit?facility=${facility.id}&action=held`));
    expect(audit.records.find((r) => r.songId === songId)?.matches).toEqual([{ listName: "Contraband", term: UNSCREENED_TERM, field: "lyrics", text: "" }]);
  });

  it("needs an operator's override to approve a song in review, and the override records why", async () => {
    const artistId = await insertArtist();
    const songId = await insertSong({ artistId, status: "approved", package: "standard" });
    // The limit falls inside "zorvexes": screening stops before it, so its first six letters are not taken for "zorvex".
    const lyrics = "a".repeat(SCREENED_TEXT_MAX_LENGTH - 7) + " zorvexes and on " + "and on ".repeat(100);
    await env.DB.prepare("update songs set title = 'Long Night', lyrics = ?1, paid_at = ?2, release_date = '2020-01-01' where id = ?3")
      .bind(lyrics, Date.now(), songId)
      .run();

    const queue = await json<ReviewQueueResponse>(await operator.fetch("/api/admin/review"));
    const waiting = queue.songs.find((s) => s.id === songId)!;
    expect(waiting.screening.matches).toMatchObject([
      { listName: "Contraband", field: "lyrics", start: SCREENED_TEXT_MAX_LENGTH - 6, end: lyrics.length, term: UNSCREENED_TERM },
    ]);
    expect(waiting.screening.facilities).toMatchObject([{ facilityId: facility.id, status: "fails" }]);

    const refused = await adminWrite(operator, "POST", `/api/admin/songs/${songId}/approve`, {});
    expect(refused.status).toBe(409);
    expect((await refused.json<{ error: { code: string } }>()).error.code).toBe("needs_override");
    await json(await adminWrite(operator, "POST", `/api/admin/songs/${songId}/approve`, { override: { reason: "Read the rest: a chant, nothing listed" } }));
    const audit = await json<AuditLogResponse>(await operator.fetch(`/api/admin/audit?facility=${facility.id}&action=override`));
    expect(audit.records.find((r) => r.songId === songId)).toMatchObject({ matches: [{ listName: "Contraband", term: UNSCREENED_TERM, field: "lyrics" }] });
  });
});
