/**
 * Review through the Worker's real admin routes and local D1/R2 (docs/decisions/029-review-before-delivery.md):
 * the queue of paid songs no operator has approved, with their promised and deadline times, sorted by
 * time left; approving (the explicit answer corrected and the operator named in the history); rejecting
 * with a reason from the fixed list (the fee refunded, the artist texted and shown the reason; the one
 * rejection call, admin-reject-song.test.ts); the admin-only media an operator plays. Everything behind
 * the admin sign-in and same-origin check.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PACKAGES } from "@jplay/schema/pricing";
import type { ReviewQueueResponse, ReviewQueueSong } from "@jplay/schema/review";
import type { SongPackage } from "@jplay/schema/tables";
import { LOCAL_OPERATOR } from "../../access/admin-access";
import { adminPostCapturing, adminWrite, signedInOperator } from "../../../test/admin-support";
import { artistWithSong, complete, paymentsOf, songPaid } from "../../../test/payment-support";
import { approveInReview, CapturingQueue, identifiersAssigned, insertArtist, insertSong, paySong, songEvents, songRow } from "../../../test/song-fixtures";
import { Browser, pngBytes } from "../../../test/support";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const approvePath = (songId: string) => `/api/admin/songs/${encodeURIComponent(songId)}/approve`;
const rejectPath = (songId: string) => `/api/admin/songs/${encodeURIComponent(songId)}/reject`;
const errorOf = async (response: Response) => (await response.json<{ error: { code: string; message: string } }>()).error;

async function queue(operator: Browser): Promise<ReviewQueueResponse> {
  const response = await operator.fetch("/api/admin/review");
  expect(response.status).toBe(200);
  return response.json();
}

/** A song paid `ago` ms before now with `songPackage` (its audio check not run yet), with the artist's answer. */
async function paidSongFrom(songPackage: SongPackage, ago: number, explicit: boolean | null = false) {
  const artistId = await insertArtist();
  const songId = await insertSong({ artistId });
  await env.DB.prepare("update songs set explicit = ?1 where id = ?2")
    .bind(explicit === null ? null : Number(explicit), songId)
    .run();
  const paidAt = Date.now() - ago;
  await paySong(songId, artistId, songPackage, paidAt);
  return { songId, artistId, paidAt };
}

/** A song its artist (with a phone) paid the standard fee for at the Stripe sandbox: approved, waiting for review. */
async function songPaidAtStripe(title: string) {
  const artist = await artistWithSong(undefined, title);
  expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(200);
  await songPaid(artist.songId);
  return artist;
}

describe("the review API is for a signed-in operator on the portal's own origin", () => {
  it("answers 401 to a signed-out browser and 403 to a cross-origin POST, changing nothing", async () => {
    const { songId } = await paidSongFrom("expedited", HOUR);
    const stranger = new Browser();
    for (const path of ["/api/admin/review", `/api/admin/songs/${songId}/audio`, `/api/admin/songs/${songId}/cover`]) {
      expect((await stranger.fetch(path)).status, path).toBe(401);
    }
    expect((await adminWrite(stranger, "POST", approvePath(songId), {})).status).toBe(401);
    expect((await adminWrite(stranger, "POST", rejectPath(songId), { reason: "violence" })).status).toBe(401);

    const operator = await signedInOperator();
    expect((await adminWrite(operator, "POST", approvePath(songId), {}, "https://evil.example")).status).toBe(403);
    expect((await adminWrite(operator, "POST", rejectPath(songId), { reason: "violence" }, "https://evil.example")).status).toBe(403);
    expect(await songRow(songId)).toMatchObject({ status: "approved", reviewed_at: null });
    expect((await songEvents(songId)).map((event) => event.to_status)).toEqual(["approved"]);
  });
});

describe("GET /api/admin/review", () => {
  it("lists every paid song not yet reviewed, with its promised time and deadline, least time left first, overdue ones flagged", async () => {
    const operator = await signedInOperator();
    const overdueByADay = await paidSongFrom("standard", 31 * DAY, true);
    const overdueBy2Hours = await paidSongFrom("expedited", 50 * HOUR, null);
    const anHourLeft = await paidSongFrom("expedited", 47 * HOUR);
    const proSong = await paidSongFrom("pro", HOUR);
    const justPaid = await paidSongFrom("standard", 0);
    // Its audio check ran: the scheduled time is the one shown.
    const scheduledAt = anHourLeft.paidAt + 48 * HOUR + 5_000;
    await env.DB.prepare("update songs set deliver_at = ?1 where id = ?2").bind(scheduledAt, anHourLeft.songId).run();
    // Not waiting: already approved in review, unpaid, live.
    const reviewed = await paidSongFrom("expedited", 40 * HOUR);
    await approveInReview(reviewed.songId);
    const unpaid = await insertSong({ artistId: await insertArtist() });
    const live = await insertSong({ artistId: await insertArtist(), status: "distributed", package: "pro" });
    const coverKey = `songs/${proSong.songId}/cover.png`;
    await env.MEDIA.put(coverKey, pngBytes(), { httpMetadata: { contentType: "image/png" } });
    await env.DB.prepare("update songs set cover_key = ?1 where id = ?2").bind(coverKey, proSong.songId).run();

    const before = Date.now();
    const answer = await queue(operator);
    const after = Date.now();
    const ids = answer.songs.map((song) => song.id);
    for (const id of [reviewed.songId, unpaid, live]) expect(ids).not.toContain(id);
    const mine = [overdueByADay, overdueBy2Hours, anHourLeft, proSong, justPaid].map((song) => song.songId);
    expect(ids.filter((id) => mine.includes(id))).toEqual(mine);
    expect(answer.total).toBeGreaterThanOrEqual(mine.length);
    // The whole list is in deadline order, whoever else's songs are waiting.
    const deadlines = answer.songs.map((song) => Date.parse(song.windowEndsAt));
    expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));

    const song = (id: string) => answer.songs.find((entry) => entry.id === id)!;
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(song(overdueByADay.songId)).toMatchObject<Partial<ReviewQueueSong>>({
      explicit: true,
      package: "standard",
      paidAt: iso(overdueByADay.paidAt),
      deliverAt: iso(overdueByADay.paidAt + PACKAGES.standard.deliveryWindowMs.min),
      windowEndsAt: iso(overdueByADay.paidAt + 30 * DAY),
      overdue: true,
      audioUrl: `/api/admin/songs/${overdueByADay.songId}/audio`,
      coverUrl: null,
    });
    expect(song(overdueBy2Hours.songId)).toMatchObject({ explicit: null, overdue: true });
    expect(song(anHourLeft.songId)).toMatchObject({
      explicit: false,
      deliverAt: iso(scheduledAt),
      windowEndsAt: iso(anHourLeft.paidAt + 48 * HOUR),
      overdue: false,
    });
    expect(song(proSong.songId)).toMatchObject({
      package: "pro",
      windowEndsAt: iso(proSong.paidAt + 24 * HOUR),
      overdue: false,
      coverUrl: `/api/admin/songs/${proSong.songId}/cover`,
    });
    // Time left is the deadline minus the moment of the answer.
    const left = song(anHourLeft.songId).timeLeftMs;
    expect(left).toBeGreaterThanOrEqual(anHourLeft.paidAt + 48 * HOUR - after);
    expect(left).toBeLessThanOrEqual(anHourLeft.paidAt + 48 * HOUR - before);
    expect(song(overdueByADay.songId).timeLeftMs).toBeLessThan(-DAY + 60_000);
    expect(song(justPaid.songId).timeLeftMs).toBeGreaterThan(30 * DAY - 60_000);
  });
});

describe("GET /api/admin/review, release metadata", () => {
  it("shows each song's genre, language, lyrics, release date, credits, ℗ and © and the original a clean version is of", async () => {
    const operator = await signedInOperator();
    const artistId = await insertArtist();
    const original = await insertSong({ artistId, status: "distributed" });
    const songId = await insertSong({ artistId, status: "approved", package: "standard" });
    await env.DB.batch([
      env.DB.prepare(
        `update songs set genre = 'Latin', lyrics_language = 'es', lyrics = 'Primera línea', release_date = '2027-01-05', p_line_year = 2026, p_line_holder = 'Sello',
          c_line_year = 2027, c_line_holder = 'Ana', clean_version_of = ?1, explicit = 0 where id = ?2`,
      ).bind(original, songId),
      env.DB.prepare("insert into song_credits (song_id, position, name, role) values (?1, 0, 'Ana', 'performer'), (?1, 1, 'Beto', 'composer')").bind(songId),
    ]);
    const originalTitle = await env.DB.prepare("select title from songs where id = ?").bind(original).first<string>("title");
    const listed = (await queue(operator)).songs.find((song) => song.id === songId);
    expect(listed).toMatchObject<Partial<ReviewQueueSong>>({
      genre: "Latin",
      lyricsLanguage: "es",
      instrumental: false,
      lyrics: "Primera línea",
      releaseDate: "2027-01-05",
      credits: [
        { name: "Ana", role: "performer" },
        { name: "Beto", role: "composer" },
      ],
      pLine: { year: 2026, holder: "Sello" },
      cLine: { year: 2027, holder: "Ana" },
      cleanVersionOfTitle: originalTitle,
    });
  });
});

describe("GET /api/admin/review, a song approved by hand", () => {
  it("still lists a song set to approved without its package or paid time, dated from its upload with the standard window", async () => {
    const operator = await signedInOperator();
    const songId = await insertSong({ artistId: null, status: "approved", package: null });
    const { created_at: uploadedAt } = (await env.DB.prepare("select created_at from songs where id = ?1").bind(songId).first<{ created_at: number }>())!;
    const listed = (await queue(operator)).songs.find((song) => song.id === songId);
    expect(listed).toMatchObject({
      package: "standard",
      paidAt: new Date(uploadedAt).toISOString(),
      windowEndsAt: new Date(uploadedAt + 30 * DAY).toISOString(),
      overdue: false,
    });
  });
});

describe("POST /api/admin/songs/{songId}/approve", () => {
  it("approves once, recording the corrected explicit answer and the operator; a second approval is 409, an unknown song 404", async () => {
    const operator = await signedInOperator();
    const { songId } = await paidSongFrom("standard", HOUR, false);
    const jobs = new CapturingQueue();

    const approved = await adminPostCapturing(operator, approvePath(songId), { explicit: true }, jobs);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ songId, status: "approved", explicit: true });
    const row = await env.DB.prepare("select explicit, reviewed_at, reviewed_by, status from songs where id = ?1").bind(songId).first();
    expect(row).toMatchObject({ explicit: 1, reviewed_by: LOCAL_OPERATOR, status: "approved" });
    expect(row!.reviewed_at).toEqual(expect.any(Number));
    const approval = (await songEvents(songId)).filter((event) => event.cause.startsWith("Approved in review"));
    expect(approval).toEqual([
      expect.objectContaining({
        from_status: "approved",
        to_status: "approved",
        cause: `Approved in review by ${LOCAL_OPERATOR} (explicit content corrected: clean → explicit)`,
        actor: LOCAL_OPERATOR,
      }),
    ]);
    // It left the queue.
    expect((await queue(operator)).songs.map((song) => song.id)).not.toContain(songId);

    const again = await adminPostCapturing(operator, approvePath(songId), {}, jobs);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ code: "already_reviewed", message: "This song was already approved." });
    expect((await adminPostCapturing(operator, approvePath("no-such-song"), {}, jobs)).status).toBe(404);
    expect((await songEvents(songId)).filter((event) => event.cause.startsWith("Approved in review"))).toHaveLength(1);
    expect(jobs.take()).toEqual([]);
  });

  it("keeps the artist's answer when none is sent, and puts a song whose time has come live at once", async () => {
    const operator = await signedInOperator();
    const { songId } = await paidSongFrom("expedited", 3 * DAY, false);
    await env.DB.prepare("update songs set deliver_at = ?1 where id = ?2")
      .bind(Date.now() - DAY, songId)
      .run();
    await identifiersAssigned(songId);
    const jobs = new CapturingQueue();

    const approved = await adminPostCapturing(operator, approvePath(songId), {}, jobs);
    expect(await approved.json()).toEqual({ songId, status: "distributed", explicit: false });
    expect(await songRow(songId)).toMatchObject({ status: "distributed" });
    expect((await songEvents(songId)).find((event) => event.cause.startsWith("Approved in review"))?.cause).toBe(`Approved in review by ${LOCAL_OPERATOR}`);
    const recent = await (await new Browser().fetch("/api/songs/recent?limit=100")).json<{ id: string }[]>();
    expect(recent.map((song) => song.id)).toContain(songId);
  });

  it("answers 400 for an explicit answer that is not true or false", async () => {
    const operator = await signedInOperator();
    const { songId } = await paidSongFrom("standard", HOUR);
    const response = await adminWrite(operator, "POST", approvePath(songId), { explicit: "yes" });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("The explicit answer must be true or false.");
    expect(await songRow(songId)).toMatchObject({ reviewed_at: null });
  });
});

describe("POST /api/admin/songs/{songId}/reject, with a reason from the list", () => {
  it("rejects with a listed reason and a note: the fee refunded, the artist texted and shown '<reason>: <note>', the code and the operator recorded", async () => {
    const operator = await signedInOperator();
    const artist = await songPaidAtStripe("Review Reject Song");
    const [payment] = await paymentsOf(artist.songId);
    const jobs = new CapturingQueue();

    const response = await adminPostCapturing(
      operator,
      rejectPath(artist.songId),
      { reason: "violence", note: "  The second verse describes a shooting in detail.  " },
      jobs,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ songId: artist.songId, status: "rejected" });

    const said = "Violence: The second verse describes a shooting in detail.";
    const row = await env.DB.prepare("select status, rejection_reason, rejection_code from songs where id = ?1").bind(artist.songId).first();
    expect(row).toEqual({ status: "rejected", rejection_reason: said, rejection_code: "violence" });
    const refunds = (
      await env.DB.prepare("select * from refunds where song_id = ?1").bind(artist.songId).all<{ id: string; amount_cents: number; reason: string }>()
    ).results;
    expect(refunds).toMatchObject([{ amount_cents: payment!.amount_cents, reason: `Your song was rejected: ${said}` }]);
    expect(payment!.amount_cents).toBe(PACKAGES.standard.feeCents);
    const texts = (
      await env.DB.prepare("select id, body from text_messages where artist_id = ?1 and kind = 'song_rejected'")
        .bind(artist.artistId)
        .all<{ id: string; body: string }>()
    ).results;
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(`"Review Reject Song": ${said} If you paid, the full fee is being refunded to your card.`);
    const sent = jobs.take().map((message) => message.body);
    expect(sent.filter((job) => job.type === "refund.send")).toEqual([{ type: "refund.send", refundId: refunds[0]!.id }]);
    expect(sent.filter((job) => job.type === "text.send")).toEqual([{ type: "text.send", messageId: texts[0]!.id }]);
    expect((await songEvents(artist.songId)).filter((event) => event.from_status === "approved" && event.to_status === "rejected")).toEqual([
      expect.objectContaining({ cause: `Rejected by ${LOCAL_OPERATOR}: ${said}`, actor: LOCAL_OPERATOR }),
    ]);

    // The artist's page shows the reason and the refund.
    const link = await (await artist.browser.postJson("/api/me/artist-link", {})).json<{ artistPageUrl: string }>();
    const page = await (
      await artist.browser.fetch(`/api${link.artistPageUrl}`)
    ).json<{ songs: Array<{ id: string; rejectionReason: string | null; refund: { amountCents: number } | null }> }>();
    expect(page.songs.find((song) => song.id === artist.songId)).toMatchObject({ rejectionReason: said, refund: { amountCents: PACKAGES.standard.feeCents } });

    // Decided already: 409, nothing more.
    const again = await adminPostCapturing(operator, rejectPath(artist.songId), { reason: "violence" }, jobs);
    expect(again.status).toBe(409);
    expect(jobs.take()).toEqual([]);
  });

  it("with no note the artist reads the reason alone, as a sentence", async () => {
    const operator = await signedInOperator();
    const artist = await songPaidAtStripe("Noisy Song");
    const response = await adminPostCapturing(operator, rejectPath(artist.songId), { reason: "unusable_audio" }, new CapturingQueue());
    expect(response.status).toBe(200);
    expect(await songRow(artist.songId)).toMatchObject({ status: "rejected", rejection_reason: "Unusable audio" });
    const text = await env.DB.prepare("select body from text_messages where artist_id = ?1 and kind = 'song_rejected'")
      .bind(artist.artistId)
      .first<{ body: string }>();
    expect(text!.body).toContain(`"Noisy Song": Unusable audio. If you paid`);
  });

  it("answers 400 for a reason not on the list or a note over 500 characters, and 404 for an unknown song", async () => {
    const operator = await signedInOperator();
    const { songId } = await paidSongFrom("standard", HOUR);
    const cases: [unknown, string][] = [
      [{}, "Choose why the song is rejected."],
      [{ reason: "bad vibes" }, "Choose why the song is rejected."],
      [{ reason: "violence", note: "x".repeat(501) }, "The note must be at most 500 characters."],
      [{ reason: "violence", note: 7 }, "The note must be at most 500 characters."],
    ];
    for (const [body, message] of cases) {
      const response = await adminWrite(operator, "POST", rejectPath(songId), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    expect(await songRow(songId)).toMatchObject({ status: "approved" });
    expect((await adminPostCapturing(operator, rejectPath("no-such-song"), { reason: "violence" }, new CapturingQueue())).status).toBe(404);
  });
});

describe("admin media: GET /api/admin/songs/{songId}/audio and /cover", () => {
  it("serves a song's audio and cover before it is live, never cached outside the operator's browser; 404 for an unknown song or a missing cover", async () => {
    const operator = await signedInOperator();
    const { songId } = await paidSongFrom("standard", HOUR);
    const stored = await env.MEDIA.get(`songs/${songId}/audio.mp3`);
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    // Not public: the catalogue's own route does not serve it.
    expect((await new Browser().fetch(`/api/songs/${songId}/audio`)).status).toBe(404);

    const audio = await operator.fetch(`/api/admin/songs/${songId}/audio`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(bytes);
    const range = await operator.fetch(`/api/admin/songs/${songId}/audio`, { headers: { Range: "bytes=0-99" } });
    expect(range.status).toBe(206);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(bytes.slice(0, 100));

    const noCover = await operator.fetch(`/api/admin/songs/${songId}/cover`);
    expect(noCover.status).toBe(404);
    expect((await errorOf(noCover)).message).toBe("This song has no cover.");
    await env.MEDIA.put(`songs/${songId}/cover.png`, pngBytes(), { httpMetadata: { contentType: "image/png" } });
    await env.DB.prepare("update songs set cover_key = ?1 where id = ?2").bind(`songs/${songId}/cover.png`, songId).run();
    const cover = await operator.fetch(`/api/admin/songs/${songId}/cover`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("Content-Type")).toBe("image/png");
    expect(cover.headers.get("Cache-Control")).toBe("private, no-store");
    await cover.arrayBuffer();

    for (const media of ["audio", "cover"]) {
      const unknown = await operator.fetch(`/api/admin/songs/no-such-song/${media}`);
      expect(unknown.status, media).toBe(404);
      expect((await errorOf(unknown)).message).toBe("No song with this id.");
    }
  });
});
