/**
 * Compliance (docs/decisions/067-term-lists-screening-audit.md), through the Worker's real fetch
 * handler and services on local D1: the term matcher's rules (whole words, Spanish and accents,
 * obfuscations, a term inside another word that must not match); versioned term lists behind the
 * admin sign-in; screening at approval and the override it needs; a list change re-screening a live
 * song, holding it at the facility that applies the list (it leaves that facility's catalogue only)
 * and the override that puts it back, the artist texted why in their language; facility blocks; the feed's compliance records; the audit log,
 * its CSV, and the database refusing to change, delete or replace a record or a term-list version. It reads the catalogue's lists
 * and the feed from their start, as its reset world holds them (test/world/reset-world.ts).
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditLogResponse, FacilityBlock, HeldSongsResponse, TermList, TermListVersionsResponse } from "@jplay/schema/compliance";
import type { Facility } from "@jplay/schema/facilities";
import type { ReleaseChange } from "@jplay/schema/provider-feed";
import type { ReviewQueueResponse } from "@jplay/schema/review";
import worker from "../../index";
import { ADMIN_COOKIE, LOCAL_OPERATOR } from "../../access/admin-access";
import { rescreenAfterListChange, refreshFacilityHolds } from "../index";
import { screenWords, type ListTerm } from "../screening";
import { readDeliveryFeed } from "../../provider/delivery-feed";
import { adminWrite, SITE_ORIGIN, signedInOperator } from "../../../test/admin-support";
import { CapturingQueue, catalogueRowsWritten, insertArtist, insertSong } from "../../../test/song-fixtures";
import { Browser, testContext } from "../../../test/support";

let operator: Browser;
const listener = new Browser();

const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return await response.json<T>();
};
const errorOf = async (response: Response) => ({ status: response.status, ...(await response.json<{ error: { code: string; message: string } }>()).error });

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

const term = (word: string, language: "en" | "es" = "en"): ListTerm => ({ term: word, language, listId: "l", listName: "Test", listVersion: 1 });
const found = (terms: ListTerm[], lyrics: string) => screenWords(terms, { title: "", credits: "", lyrics }).map((m) => m.text);

describe("matching a term", () => {
  it("finds whole words in any case, and never a term inside another word", () => {
    const terms = [term("kill")];
    expect(found(terms, "I will KILL the lights")).toEqual(["KILL"]);
    expect(found(terms, "skill and killer and killjoy")).toEqual([]);
    expect(found(terms, "kill, kill.")).toEqual(["kill", "kill"]);
  });

  it("matches Spanish terms with or without their accents, and phrases across any spacing", () => {
    const terms = [term("cárcel", "es"), term("pistola fría", "es")];
    expect(found(terms, "Salí de la CARCEL ayer")).toEqual(["CARCEL"]);
    expect(found(terms, "la cárcel")).toEqual(["cárcel"]);
    expect(found(terms, "una pistola   fria")).toEqual(["pistola   fria"]);
    // Accented spelling in the song, unaccented term: the same word.
    expect(found([term("cancion", "es")], "mi canción")).toEqual(["canción"]);
    expect(found(terms, "encarcelado")).toEqual([]);
  });

  it("sees through repeated letters and digits or symbols for letters", () => {
    const terms = [term("kill"), term("shoot"), term("plata", "es")];
    expect(found(terms, "k1ll kiiiill k!ll")).toEqual(["k1ll", "kiiiill"]);
    expect(found(terms, "5h00t $hoot sh0oot")).toEqual(["5h00t", "$hoot", "sh0oot"]);
    expect(found(terms, "pl4t@ p1ata")).toEqual(["pl4t@", "p1ata"]);
    expect(found(terms, "5h00ter")).toEqual([]);
  });

  it("gives offsets into the text as written, accents and all", () => {
    const [match] = screenWords([term("carcel", "es")], { title: "", credits: "", lyrics: "Ñandú en la cárcel hoy" });
    expect(match).toMatchObject({ field: "lyrics", start: 12, end: 18, text: "cárcel" });
    expect(screenWords([term("zorvex")], { title: "The Zorvex Song", credits: "DJ Zorvex, Ana", lyrics: null }).map((m) => m.field)).toEqual([
      "title",
      "credits",
    ]);
  });
});

let facility: Facility;
let other: Facility;
let list: TermList;

async function createFacility(name: string) {
  return json<Facility>(await adminWrite(operator, "POST", "/api/admin/facilities", { name, state: "OH", cleanOnly: false }), 201);
}

/** A live song by a new artist with these lyrics. */
async function liveSong(title: string, lyrics: string | null, instrumental = false) {
  const artistId = await insertArtist();
  const songId = await insertSong({ artistId, status: "distributed" });
  await env.DB.prepare(
    "update songs set title = ?1, lyrics = ?2, instrumental = ?3, release_date = '2020-01-01', reviewed_at = ?4, reviewed_by = 'first@jplay.test' where id = ?5",
  )
    .bind(title, lyrics, instrumental ? 1 : 0, Date.now(), songId)
    .run();
  await catalogueRowsWritten();
  return { songId, artistId };
}

/** A paid song waiting for review with these lyrics. */
async function songInReview(title: string, lyrics: string | null) {
  const artistId = await insertArtist();
  const songId = await insertSong({ artistId, status: "approved", package: "standard" });
  await env.DB.prepare("update songs set title = ?1, lyrics = ?2, paid_at = ?3, release_date = '2020-01-01' where id = ?4")
    .bind(title, lyrics, Date.now(), songId)
    .run();
  return songId;
}

const songAt = async (songId: string, facilityId: string) => {
  const response = await listener.fetch(`/api/songs/${songId}?facility=${facilityId}`);
  await response.arrayBuffer();
  return response.status;
};
const recentAt = async (facilityId: string) =>
  (await json<{ id: string }[]>(await listener.fetch(`/api/songs/recent?facility=${facilityId}&limit=100`))).map((s) => s.id);

beforeAll(async () => {
  operator = await signedInOperator();
  facility = await createFacility("Ridge State Prison");
  other = await createFacility("Lake County Jail");
  const jobs = new CapturingQueue();
  list = await json<TermList>(await adminSend("POST", "/api/admin/term-lists", { name: "Gang terms", terms: [{ term: "zorvex", language: "en" }] }, jobs), 201);
  await runComplianceJobs(jobs);
  await json(await adminSend("PUT", `/api/admin/facilities/${facility.id}/term-lists`, { listIds: [list.id] }, jobs));
  await runComplianceJobs(jobs);
});

describe("term lists", () => {
  it("are behind the admin sign-in", async () => {
    expect((await listener.fetch("/api/admin/term-lists")).status).toBe(401);
  });

  it("keep every version with who made it, and refuse a change made from an old version", async () => {
    const jobs = new CapturingQueue();
    const created = await json<TermList>(
      await adminSend("POST", "/api/admin/term-lists", { name: "Contraband", terms: [{ term: "shank", language: "en" }] }, jobs),
      201,
    );
    const changed = await json<TermList>(
      await adminSend(
        "PUT",
        `/api/admin/term-lists/${created.id}`,
        {
          name: "Contraband",
          version: 1,
          terms: [
            { term: "shank", language: "en" },
            { term: "punzón", language: "es" },
          ],
        },
        jobs,
      ),
    );
    expect(changed.version).toBe(2);
    expect(await errorOf(await adminSend("PUT", `/api/admin/term-lists/${created.id}`, { name: "Contraband", version: 1, terms: [] }, jobs))).toMatchObject({
      status: 409,
      code: "stale_version",
    });
    const { versions } = await json<TermListVersionsResponse>(await operator.fetch(`/api/admin/term-lists/${created.id}/versions`));
    expect(versions.map((v) => [v.version, v.changedBy, v.terms.length])).toEqual([
      [2, LOCAL_OPERATOR, 2],
      [1, LOCAL_OPERATOR, 1],
    ]);
    // Each change queued a re-screen of what it can affect.
    expect(jobs.take().map((m) => m.body)).toEqual([
      { type: "compliance.rescreen", listId: created.id, version: 1, after: null },
      { type: "compliance.rescreen", listId: created.id, version: 2, after: null },
    ]);
    const audit = await json<AuditLogResponse>(await operator.fetch("/api/admin/audit?action=list_changed"));
    expect(audit.records.find((r) => r.listId === created.id)).toMatchObject({
      actor: LOCAL_OPERATOR,
      detail: 'Term list "Contraband" version 1 → 2: added punzón (es)',
    });
    expect(await errorOf(await adminSend("POST", "/api/admin/term-lists", { name: "Bad", terms: [{ term: "<script>", language: "en" }] }, jobs))).toMatchObject(
      { status: 400 },
    );
  });
});

describe("screening in review", () => {
  it("shows the matches and refuses approval for a facility whose lists it fails until an override gives a reason", async () => {
    const songId = await songInReview("Night Drive", "we ride with the Z0RVEX crew\ntonight");
    const queue = await json<ReviewQueueResponse>(await operator.fetch("/api/admin/review"));
    const waiting = queue.songs.find((s) => s.id === songId)!;
    expect(waiting.screening.matches).toMatchObject([{ listName: "Gang terms", field: "lyrics", start: 17, end: 23, text: "Z0RVEX", term: "zorvex" }]);
    expect(waiting.screening.facilities).toMatchObject([{ facilityId: facility.id, listNames: ["Gang terms"], status: "fails" }]);
    expect(waiting.screening.lyricsMissing).toBe(false);

    const refused = await errorOf(await adminWrite(operator, "POST", `/api/admin/songs/${songId}/approve`, {}));
    expect(refused).toMatchObject({ status: 409, code: "needs_override" });
    expect(refused.message).toContain("Ridge State Prison (Gang terms)");
    expect(await errorOf(await adminWrite(operator, "POST", `/api/admin/songs/${songId}/approve`, { override: { reason: " " } }))).toMatchObject({
      status: 400,
    });

    await json(await adminWrite(operator, "POST", `/api/admin/songs/${songId}/approve`, { override: { reason: "Names a car club, not a gang" } }));
    const audit = await json<AuditLogResponse>(await operator.fetch(`/api/admin/audit?facility=${facility.id}&action=override`));
    expect(audit.records.find((r) => r.songId === songId)).toMatchObject({
      actor: LOCAL_OPERATOR,
      facilityId: facility.id,
      listVersions: { [list.id]: 1 },
      matches: [{ listName: "Gang terms", term: "zorvex", field: "lyrics", text: "Z0RVEX" }],
    });
  });

  it("says when a song has no lyrics and is not instrumental", async () => {
    const songId = await songInReview("Quiet One", null);
    const queue = await json<ReviewQueueResponse>(await operator.fetch("/api/admin/review"));
    expect(queue.songs.find((s) => s.id === songId)!.screening).toMatchObject({ lyricsMissing: true, matches: [] });
  });
});

describe("a list change", () => {
  it("holds a live song it now flags at the facilities applying the list, and an override puts it back", async () => {
    const { songId, artistId } = await liveSong("Harbor Lights", "the quórax ride at dawn");
    // The artist reads Spanish: the text that tells them why is in Spanish.
    await env.DB.prepare("update artists set phone = '+15550104477', language = 'es' where id = ?1").bind(artistId).run();
    const bystander = await liveSong("Calm Water", "nothing to see");
    expect(await songAt(songId, facility.id)).toBe(200);

    const jobs = new CapturingQueue();
    const current = await json<{ lists: TermList[] }>(await operator.fetch("/api/admin/term-lists"));
    const gang = current.lists.find((l) => l.id === list.id)!;
    await json(
      await adminSend(
        "PUT",
        `/api/admin/term-lists/${list.id}`,
        { name: gang.name, version: gang.version, terms: [...gang.terms, { term: "quorax", language: "es" }] },
        jobs,
      ),
    );
    await runComplianceJobs(jobs);

    // Out of the facility whose lists it fails, everywhere there; still live elsewhere.
    expect(await songAt(songId, facility.id)).toBe(404);
    expect(await recentAt(facility.id)).not.toContain(songId);
    expect(await recentAt(facility.id)).toContain(bystander.songId);
    expect(await songAt(songId, other.id)).toBe(200);
    expect(await recentAt(other.id)).toContain(songId);
    // Only what the change can affect was screened again.
    const screened = await env.DB.prepare("select song_id from song_screenings where song_id in (?1, ?2)")
      .bind(songId, bystander.songId)
      .all<{ song_id: string }>();
    expect(screened.results.map((r) => r.song_id)).toEqual([songId]);

    // The artist is told why, once, naming the facility and its list; the bystander's artist is not texted.
    const texts = await env.DB.prepare("select artist_id, kind, body, status from text_messages where artist_id in (?1, ?2)")
      .bind(artistId, bystander.artistId)
      .all();
    expect(texts.results).toEqual([
      {
        artist_id: artistId,
        kind: "song_held",
        body: 'JPlay: "Harbor Lights" está en espera en Ridge State Prison: contiene palabras de las listas de términos de ese centro ("Gang terms"). Sigue en las tabletas de los demás centros mientras la revisamos. Responde STOP para no recibir más mensajes.',
        status: "queued",
      },
    ]);

    const held = await json<HeldSongsResponse>(await operator.fetch("/api/admin/review/held"));
    expect(held.songs.find((s) => s.id === songId)!.screening).toMatchObject({
      matches: [{ field: "lyrics", text: "quórax", start: 4, end: 10, listName: "Gang terms" }],
      facilities: [{ facilityId: facility.id, status: "held" }],
    });

    const feedBefore = await feedReleaseOf(songId);
    expect(feedBefore.compliance.find((c) => c.facilityId === facility.id)).toMatchObject({ decision: "held" });

    await json(
      await adminWrite(operator, "POST", `/api/admin/songs/${songId}/facility-decision`, {
        facilityId: facility.id,
        decision: "override",
        reason: "A place name in the song",
      }),
    );
    expect(await songAt(songId, facility.id)).toBe(200);
    expect(
      await errorOf(
        await adminWrite(operator, "POST", `/api/admin/songs/${songId}/facility-decision`, { facilityId: facility.id, decision: "override", reason: "again" }),
      ),
    ).toMatchObject({
      status: 409,
      code: "not_held",
    });
    const record = (await feedReleaseOf(songId)).compliance.find((c) => c.facilityId === facility.id)!;
    expect(record).toMatchObject({
      decision: "overridden",
      reviewer: LOCAL_OPERATOR,
      reason: "A place name in the song",
      listVersions: [{ listId: list.id, listName: "Gang terms", version: 2 }],
      overriddenMatches: [{ listName: "Gang terms", term: "quorax", field: "lyrics", text: "quórax" }],
    });
    expect(record.decidedAt).not.toBeNull();
    expect((await feedReleaseOf(songId)).compliance.find((c) => c.facilityId === other.id)).toMatchObject({
      decision: "approved",
      reviewer: "first@jplay.test",
    });

    // The same list change again finds nothing new: the override stands.
    await refreshFacilityHolds(testContext(), facility.id);
    expect(await songAt(songId, facility.id)).toBe(200);

    const audit = await json<AuditLogResponse>(await operator.fetch(`/api/admin/audit?facility=${facility.id}`));
    const actions = audit.records.filter((r) => r.songId === songId).map((r) => r.action);
    expect(actions).toEqual(["override", "held"]);
  });
});

async function feedReleaseOf(songId: string): Promise<ReleaseChange> {
  const page = await readDeliveryFeed(testContext(), { since: 0, limit: 500 }, async (id, kind) => `https://media.test/${id}/${kind}`);
  const releases = page.changes.filter((c): c is ReleaseChange => c.kind === "release" && c.songId === songId);
  return releases.at(-1)!;
}

describe("facility blocks", () => {
  it("take an artist's songs out of that facility's catalogue at once, with the reason in the log and the feed", async () => {
    const { songId, artistId } = await liveSong("Open Road", "clean words only");
    expect(await songAt(songId, other.id)).toBe(200);
    const block = await json<FacilityBlock>(
      await adminWrite(operator, "POST", `/api/admin/facilities/${other.id}/blocks`, { kind: "artist", targetId: artistId, reason: "Committee decision 12" }),
      201,
    );
    expect(await songAt(songId, other.id)).toBe(404);
    expect(await recentAt(other.id)).not.toContain(songId);
    expect(await songAt(songId, facility.id)).toBe(200);
    expect((await feedReleaseOf(songId)).compliance.find((c) => c.facilityId === other.id)).toMatchObject({
      decision: "blocked",
      reason: "Committee decision 12",
      reviewer: LOCAL_OPERATOR,
    });
    expect(
      await errorOf(await adminWrite(operator, "POST", `/api/admin/facilities/${other.id}/blocks`, { kind: "artist", targetId: artistId, reason: "again" })),
    ).toMatchObject({ status: 409 });

    await json(await adminWrite(operator, "POST", `/api/admin/facilities/${other.id}/blocks/${block.id}/lift`, { reason: "Appeal granted" }));
    expect(await songAt(songId, other.id)).toBe(200);
    const audit = await json<AuditLogResponse>(await operator.fetch(`/api/admin/audit?facility=${other.id}`));
    expect(audit.records.filter((r) => r.artistId === artistId).map((r) => [r.action, r.detail])).toEqual([
      ["unblock", 'Lifted the block of artist "Fixture Artist" at "Lake County Jail": Appeal granted'],
      ["block", 'Blocked artist "Fixture Artist" at "Lake County Jail": Committee decision 12'],
    ]);
  });
});

describe("the audit log", () => {
  it("is refused every update and delete by the database itself", async () => {
    const [row] = (await env.DB.prepare("select seq from audit_log limit 1").all<{ seq: number }>()).results;
    expect(row).toBeDefined();
    await expect(env.DB.prepare("update audit_log set actor = 'someone else' where seq = ?1").bind(row!.seq).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("delete from audit_log where seq = ?1").bind(row!.seq).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("delete from audit_log").run()).rejects.toThrow(/append-only/);
    expect((await env.DB.prepare("select actor from audit_log where seq = ?1").bind(row!.seq).first<{ actor: string }>())!.actor).not.toBe("someone else");
  });

  it("is refused an INSERT OR REPLACE over a record, an upsert, and a record slipped in below the newest, and none changes a thing", async () => {
    const rows = async () => (await env.DB.prepare("select * from audit_log order by seq").all()).results;
    const before = await rows();
    const [first] = before as { seq: number }[];
    expect(first).toBeDefined();
    const columns = "(seq, at, actor, action, detail, list_versions, matches)";
    for (const statement of [
      `insert or replace into audit_log ${columns} values (?1, 0, 'someone else', 'takedown', 'rewritten', '{}', '[]')`,
      `replace into audit_log ${columns} values (?1, 0, 'someone else', 'takedown', 'rewritten', '{}', '[]')`,
      `insert into audit_log ${columns} values (?1, 0, 'someone else', 'takedown', 'rewritten', '{}', '[]') on conflict (seq) do update set actor = 'someone else'`,
    ]) {
      await expect(env.DB.prepare(statement).bind(first!.seq).run(), statement).rejects.toThrow(/append-only/);
    }
    // A number below the newest, free since a rolled-back write: refused too, so no record is ever slipped in between.
    await expect(
      env.DB.prepare(`insert into audit_log ${columns} values (?1, 0, 'someone else', 'takedown', 'slipped in', '{}', '[]')`).bind(-5).run(),
    ).rejects.toThrow(/append-only/);
    expect(await rows()).toEqual(before);
  });

  it("keeps every term-list version as written: INSERT OR REPLACE, UPDATE and DELETE are refused and change nothing", async () => {
    const versions = async () =>
      (await env.DB.prepare("select rowid, * from term_list_versions where list_id = ?1 order by version").bind(list.id).all()).results;
    const before = await versions();
    expect(before.length).toBeGreaterThan(0);
    const [first] = before as { rowid: number; version: number }[];
    for (const [statement, binds] of [
      [
        "insert or replace into term_list_versions (list_id, version, name, terms, changed_by, changed_at) values (?1, ?2, 'Gang terms', '[]', 'someone else', 0)",
        [list.id, first!.version],
      ],
      [
        "replace into term_list_versions (rowid, list_id, version, name, terms, changed_by, changed_at) values (?1, ?2, 99, 'Gang terms', '[]', 'someone else', 0)",
        [first!.rowid, list.id],
      ],
      ["update term_list_versions set terms = '[]', changed_by = 'someone else' where list_id = ?1", [list.id]],
      ["delete from term_list_versions where list_id = ?1", [list.id]],
    ] as const) {
      await expect(
        env.DB.prepare(statement)
          .bind(...binds)
          .run(),
        statement,
      ).rejects.toThrow(/append-only/);
    }
    expect(await versions()).toEqual(before);
  });

  it("records takedowns, restores and facility setting changes", async () => {
    const { songId } = await liveSong("Down And Back", "plain");
    await json(await adminWrite(operator, "POST", `/api/admin/songs/${songId}/takedown`, { reason: "Rights claim" }));
    await json(await adminWrite(operator, "POST", `/api/admin/songs/${songId}/restore`, {}));
    await json(await adminWrite(operator, "POST", `/api/admin/facilities/${other.id}`, { name: "Lake County Jail", state: "OH", cleanOnly: true }));
    const { records } = await json<AuditLogResponse>(await operator.fetch("/api/admin/audit"));
    expect(records.filter((r) => r.songId === songId).map((r) => r.action)).toEqual(["restore", "takedown"]);
    expect(records.find((r) => r.action === "facility_changed" && r.facilityId === other.id)!.detail).toBe(
      'Facility settings "Lake County Jail", OH, explicit allowed, price ceiling $1.99 → "Lake County Jail", OH, clean only, price ceiling $1.99',
    );
  });

  it("exports a facility's records for a date range as CSV", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const response = await operator.fetch(`/api/admin/audit/export.csv?facility=${facility.id}&from=${today}&to=${today}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="jplay-audit-${facility.id}-${today}-${today}.csv"`);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"Record","Time (UTC)","Who","Action","Facility","Song","Artist","Term list","What","Term-list versions","Matches"');
    expect(
      lines.some(
        (line) => line.includes('"override"') && line.includes("A place name in the song") && line.includes('Gang terms: ""quórax"" (quorax, lyrics)'),
      ),
    ).toBe(true);
    // Another facility's records are not in it.
    expect(lines.some((line) => line.includes(other.id))).toBe(false);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const empty = await (await operator.fetch(`/api/admin/audit/export.csv?facility=${facility.id}&from=${yesterday}&to=${yesterday}`)).text();
    expect(empty.trimEnd().split("\r\n")).toHaveLength(1);
    expect((await operator.fetch("/api/admin/audit/export.csv?from=yesterday")).status).toBe(400);
  });
});
