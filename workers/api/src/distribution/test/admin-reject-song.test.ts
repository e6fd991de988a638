/**
 * An operator rejects a paid song before it goes live (`POST /api/admin/songs/{songId}/reject`), the
 * one call for review's rejections and Distribution Status's, through the Worker's real handler with
 * local D1 and a song paid at the Stripe sandbox: a reason from the fixed list or another reason in the
 * operator's words; the fee's refund, the refund's job and the artist's text come once, as for the
 * audio check's rejections. Review's reasons and notes in detail: song-review.test.ts.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ADMIN_COOKIE, LOCAL_OPERATOR } from "../../access/admin-access";
import { NOT_REJECTABLE } from "../operator-rejection";
import worker from "../../index";
import { REJECTION_MESSAGES, REJECTION_REASON_MESSAGES } from "@jplay/schema/song-rejection";
import { adminPostCapturing, adminWrite, signedInOperator, SITE_ORIGIN } from "../../../test/admin-support";
import { artistWithSong, complete, paymentsOf, songPaid } from "../../../test/payment-support";
import { CapturingQueue, insertSong, songEvents, songRow } from "../../../test/song-fixtures";
import { Browser } from "../../../test/support";

const rejectPath = (songId: string) => `/api/admin/songs/${encodeURIComponent(songId)}/reject`;

/** Another reason than the listed ones, in the operator's own words. */
const RIGHTS_PROBLEM = { reason: "other", note: "Rights problem" };

/** The operator's request through the Worker, its queued jobs captured (so none runs behind the test's back). */
const reject = (operator: Browser, songId: string, body: unknown, jobs: CapturingQueue) =>
  worker.fetch(
    new Request(`${SITE_ORIGIN}${rejectPath(songId)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, Cookie: `${ADMIN_COOKIE}=${operator.cookie(ADMIN_COOKIE)}` },
      body: JSON.stringify(body),
    }),
    { ...env, JOBS: jobs.asQueue() },
    createExecutionContext(),
  );

const errorOf = async (response: Response) => (await response.json<{ error: { message: string } }>()).error.message;

const rowsOf = async <T>(query: string, songId: string) => (await env.DB.prepare(query).bind(songId).all<T>()).results;
const refundsOf = (songId: string) =>
  rowsOf<{ id: string; amount_cents: number; status: string; reason: string }>("select * from refunds where song_id = ?", songId);
const rejectionTextsOf = (artistId: string) =>
  rowsOf<{ id: string; body: string }>("select * from text_messages where artist_id = ? and kind = 'song_rejected'", artistId);

/** A song its artist paid the standard fee for at Stripe: approved, not yet live. */
async function paidSong() {
  const artist = await artistWithSong(undefined, "Wrong File Song");
  expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(200);
  await songPaid(artist.songId);
  return artist;
}

describe("POST /api/admin/songs/{songId}/reject", () => {
  it("refuses a signed-out browser and changes nothing", async () => {
    const artist = await paidSong();
    const response = await adminWrite(new Browser(), "POST", rejectPath(artist.songId), RIGHTS_PROBLEM);
    expect(response.status).toBe(401);
    expect((await songRow(artist.songId))?.status).toBe("approved");
    expect(await refundsOf(artist.songId)).toEqual([]);
  });

  it("answers 400 with the rule's message for a missing or unknown reason, or another reason whose words are missing, blank, short or long", async () => {
    const operator = await signedInOperator();
    const songId = await insertSong({ artistId: null, status: "approved", package: "standard" });
    const cases: [unknown, string][] = [
      [{}, REJECTION_MESSAGES.reason],
      [{ reason: 42 }, REJECTION_MESSAGES.reason],
      // The free-text body this endpoint took before reasons had codes.
      [{ reason: "Rights problem" }, REJECTION_MESSAGES.reason],
      [{ reason: "other" }, REJECTION_REASON_MESSAGES.missing],
      [{ reason: "other", note: 42 }, REJECTION_REASON_MESSAGES.missing],
      [{ reason: "other", note: "   " }, REJECTION_REASON_MESSAGES.missing],
      [{ reason: "other", note: " ab " }, "The reason must be at least 3 characters."],
      [{ reason: "other", note: "x".repeat(501) }, "The reason must be at most 500 characters."],
    ];
    for (const [body, message] of cases) {
      const response = await adminWrite(operator, "POST", rejectPath(songId), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect((await songRow(songId))?.status).toBe("approved");
  });

  it("answers 404 for an unknown song and 409 for a song that is not paid-and-waiting", async () => {
    const operator = await signedInOperator();
    const jobs = new CapturingQueue();
    expect((await reject(operator, "no-such-song", RIGHTS_PROBLEM, jobs)).status).toBe(404);
    for (const status of ["pending", "distributed", "removed"] as const) {
      const songId = await insertSong({ artistId: null, status, package: status === "pending" ? null : "standard" });
      const response = await reject(operator, songId, RIGHTS_PROBLEM, jobs);
      expect(response.status, status).toBe(409);
      expect(await errorOf(response)).toBe(NOT_REJECTABLE[status]);
      expect((await songRow(songId))?.status).toBe(status);
      expect(await songEvents(songId)).toEqual([]);
    }
    expect(jobs.take()).toEqual([]);
  });

  it("rejects an approved paid song once: one refund of the fee, one refund job, one text, the operator named in its history", async () => {
    const operator = await signedInOperator();
    const artist = await paidSong();
    const [payment] = await paymentsOf(artist.songId);
    const jobs = new CapturingQueue();

    const response = await reject(operator, artist.songId, { reason: "other", note: "  The artist sent the wrong file.  " }, jobs);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ songId: artist.songId, status: "rejected" });

    expect(await songRow(artist.songId)).toMatchObject({ status: "rejected", rejection_reason: "The artist sent the wrong file.", rejection_code: "other" });
    const refunds = await refundsOf(artist.songId);
    expect(refunds).toMatchObject([
      { status: "pending", amount_cents: payment!.amount_cents, reason: "Your song was rejected: The artist sent the wrong file." },
    ]);
    expect(payment!.amount_cents).toBe(9900);
    const texts = await rejectionTextsOf(artist.artistId);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("The artist sent the wrong file.");
    const sent = jobs.take().map((message) => message.body);
    expect(sent.filter((job) => job.type === "refund.send")).toEqual([{ type: "refund.send", refundId: refunds[0]!.id }]);
    expect(sent.filter((job) => job.type === "text.send")).toEqual([{ type: "text.send", messageId: texts[0]!.id }]);
    const rejections = (await songEvents(artist.songId)).filter((event) => event.to_status === "rejected" && event.from_status === "approved");
    expect(rejections.map((event) => event.cause)).toEqual(["Rejected by the local operator (admin password): The artist sent the wrong file."]);

    // Pressed again (a double click, a second operator): 409, and still one of each.
    const again = await reject(operator, artist.songId, RIGHTS_PROBLEM, jobs);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe("This song was already rejected.");
    expect(jobs.take()).toEqual([]);
    expect(await refundsOf(artist.songId)).toHaveLength(1);
    expect(await rejectionTextsOf(artist.artistId)).toHaveLength(1);
    expect((await songEvents(artist.songId)).filter((event) => event.from_status === "approved" && event.to_status === "rejected")).toHaveLength(1);
    expect(await songRow(artist.songId)).toMatchObject({ status: "rejected", rejection_reason: "The artist sent the wrong file." });
  });

  it("is the one call for every operator's rejection: a listed reason (review) and another in the operator's words (Distribution Status); /review-reject is gone", async () => {
    const operator = await signedInOperator();
    const jobs = new CapturingQueue();
    const listed = await insertSong({ artistId: null, status: "approved", package: "standard" });
    const ownWords = await insertSong({ artistId: null, status: "approved", package: "standard" });

    // The review's old address answers 404 and changes nothing.
    const gone = await adminPostCapturing(operator, `/api/admin/songs/${listed}/review-reject`, { reason: "violence" }, jobs);
    expect(gone.status).toBe(404);
    expect(await songRow(listed)).toMatchObject({ status: "approved", rejection_reason: null });
    expect(await songEvents(listed)).toEqual([]);

    const byCode = await reject(operator, listed, { reason: "not_their_work", note: " Another artist's release. " }, jobs);
    expect(byCode.status).toBe(200);
    const inWords = await reject(operator, ownWords, { reason: "other", note: "The artist asked us to stop it." }, jobs);
    expect(inWords.status).toBe(200);
    expect(await songRow(listed)).toMatchObject({
      status: "rejected",
      rejection_reason: "Someone else's work: Another artist's release.",
      rejection_code: "not_their_work",
    });
    expect(await songRow(ownWords)).toMatchObject({ status: "rejected", rejection_reason: "The artist asked us to stop it.", rejection_code: "other" });
    expect((await songEvents(listed)).map((event) => [event.cause, event.actor])).toEqual([
      [`Rejected by ${LOCAL_OPERATOR}: Someone else's work: Another artist's release.`, LOCAL_OPERATOR],
    ]);
    expect((await songEvents(ownWords)).map((event) => [event.cause, event.actor])).toEqual([
      [`Rejected by ${LOCAL_OPERATOR}: The artist asked us to stop it.`, LOCAL_OPERATOR],
    ]);
  });
});
