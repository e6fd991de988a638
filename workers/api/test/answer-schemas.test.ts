/**
 * The Worker's real answers pass the schemas the web app checks them against (docs/architecture.md,
 * Checked answers): the listener's reads Home and browsing make, the artist's `/api/me` and private
 * page, the operator's lists and their facility changes (price ceiling, term-list versions, blocks). A
 * route whose answer drifts from its schema in schema/src fails here before a screen refuses it. Each test builds its own songs and artist; only shapes are asserted, so
 * other files' rows in this runtime change nothing.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  AdminArtistDetailsSchema,
  AdminFailedJobsResponseSchema,
  AdminPaymentMismatchesResponseSchema,
  AdminPaymentsResponseSchema,
  AdminPurchaseMismatchesResponseSchema,
  AdminRecoveryPaymentsResponseSchema,
  AdminSessionResponseSchema,
} from "@jplay/schema/admin";
import { ArtistCardResponseSchema, ArtistPageResponseSchema } from "@jplay/schema/artist";
import { BrowsePageSchema, GenreSummariesSchema, SongDetailsDtoSchema } from "@jplay/schema/browse";
import { AdminCatalogueResponseSchema } from "@jplay/schema/catalogue-control";
import {
  AuditLogResponseSchema,
  FacilityBlockSchema,
  FacilityBlocksResponseSchema,
  HeldSongsResponseSchema,
  LiftBlockResponseSchema,
  TermListSchema,
  TermListsResponseSchema,
  TermListVersionsResponseSchema,
} from "@jplay/schema/compliance";
import { FacilitiesResponseSchema, FacilityRecordSchema } from "@jplay/schema/facilities";
import { MeResponseSchema } from "@jplay/schema/me";
import { PublicConfigSchema } from "@jplay/schema/payments";
import { ArtistPhoneResponseSchema } from "@jplay/schema/phone-confirmation";
import { ProPlanResponseSchema } from "@jplay/schema/pro-plan";
import { AdminDownloadCreditQueueSchema, AdminRedemptionsByProviderSchema } from "@jplay/schema/receipts";
import { AdminRefundsResponseSchema } from "@jplay/schema/refunds";
import { ReviewQueueResponseSchema } from "@jplay/schema/review";
import { FeaturedSongDtoSchema, SongDtoSchema, SongListSchema } from "@jplay/schema/song";
import { AdminTextMessagesResponseSchema } from "@jplay/schema/text-messages";
import { adminWrite, signedInOperator } from "./admin-support";
import { insertArtist, insertSong, paySong } from "./song-fixtures";
import { Browser, setUpArtist } from "./support";

/** The answer's body, after asserting it succeeded with `status` and passes `schema` (the first issue, with its place, when not). */
async function checkedAnswer<S extends v.GenericSchema>(response: Response, schema: S, status = 200): Promise<v.InferOutput<S>> {
  expect(response.status, `${response.url}: ${response.status}`).toBe(status);
  const checked = v.safeParse(schema, await response.json());
  const issue = checked.issues?.[0];
  expect(issue ? `${v.getDotPath(issue)}: ${issue.message}` : null, response.url).toBeNull();
  return checked.output;
}

describe("the Worker's answers pass the web app's schemas", () => {
  it("the listener's catalogue reads: Home's rows, a song, its page, browsing, genres and the config", async () => {
    const songId = await insertSong({ artistId: await insertArtist(), status: "distributed" });
    const listener = new Browser();
    const popular = await checkedAnswer(await listener.fetch("/api/songs/popular"), SongListSchema);
    const recent = await checkedAnswer(await listener.fetch("/api/songs/recent"), SongListSchema);
    expect([...popular, ...recent].length).toBeGreaterThan(0);
    await checkedAnswer(await listener.fetch("/api/songs/featured"), FeaturedSongDtoSchema);
    expect((await checkedAnswer(await listener.fetch(`/api/songs/${songId}`), SongDtoSchema)).id).toBe(songId);
    expect((await checkedAnswer(await listener.fetch(`/api/songs/${songId}/details`), SongDetailsDtoSchema)).id).toBe(songId);
    expect((await checkedAnswer(await listener.fetch("/api/songs/browse"), BrowsePageSchema)).songs.length).toBeGreaterThan(0);
    await checkedAnswer(await listener.fetch("/api/songs/genres"), GenreSummariesSchema);
    await checkedAnswer(await listener.fetch("/api/config"), PublicConfigSchema);
    expect((await checkedAnswer(await listener.fetch("/api/me"), MeResponseSchema)).artist).toBeNull();
  });

  it("the artist's reads: /api/me with their card and songs, and their private page", async () => {
    const artist = new Browser();
    const { saved } = await setUpArtist(artist);
    const { artistPageUrl } = await saved.json<{ artistPageUrl: string }>();
    const me = await checkedAnswer(await artist.fetch("/api/me"), MeResponseSchema);
    expect(me.artist?.savedPayment).not.toBeNull();

    const token = artistPageUrl.split("/").pop()!;
    await checkedAnswer(await artist.fetch(`/api/artist/${token}`), ArtistPageResponseSchema);
    await checkedAnswer(await artist.fetch(`/api/artist/${token}/pro`), ProPlanResponseSchema);
    await checkedAnswer(await artist.fetch(`/api/artist/${token}/phone`), ArtistPhoneResponseSchema);
    expect((await checkedAnswer(await artist.fetch(`/api/artist/${token}/card`), ArtistCardResponseSchema)).card).not.toBeNull();
  });

  it("the operator's reads: session, payments, an artist, review, catalogue, refunds, texts, compliance and failures", async () => {
    const artistId = await insertArtist();
    const paidSong = await insertSong({ artistId, status: "pending" });
    await paySong(paidSong, artistId, "standard");
    await insertSong({ artistId, status: "distributed" });
    const operator = await signedInOperator();

    expect((await checkedAnswer(await operator.fetch("/api/admin/session"), AdminSessionResponseSchema)).signedIn).toBe(true);
    await checkedAnswer(await operator.fetch("/api/admin/payments"), AdminPaymentsResponseSchema);
    await checkedAnswer(await operator.fetch(`/api/admin/artists/${artistId}`), AdminArtistDetailsSchema);
    const review = await checkedAnswer(await operator.fetch("/api/admin/review"), ReviewQueueResponseSchema);
    expect(review.songs.map((song) => song.id)).toContain(paidSong);
    expect((await checkedAnswer(await operator.fetch("/api/admin/catalogue"), AdminCatalogueResponseSchema)).live.length).toBeGreaterThan(0);
    await checkedAnswer(await operator.fetch("/api/admin/refunds"), AdminRefundsResponseSchema);
    await checkedAnswer(await operator.fetch("/api/admin/messages"), AdminTextMessagesResponseSchema);
    await checkedAnswer(await operator.fetch("/api/admin/facilities"), FacilitiesResponseSchema);
    await checkedAnswer(await operator.fetch("/api/admin/term-lists"), TermListsResponseSchema);
    await checkedAnswer(await operator.fetch("/api/admin/review/held"), HeldSongsResponseSchema);
    await checkedAnswer(await operator.fetch("/api/admin/audit"), AuditLogResponseSchema);
    await checkedAnswer(await operator.fetch("/api/admin/failed-jobs"), AdminFailedJobsResponseSchema);
    await checkedAnswer(await operator.fetch("/api/admin/recovery-payments"), AdminRecoveryPaymentsResponseSchema);
    await checkedAnswer(await operator.fetch("/api/admin/payment-mismatches"), AdminPaymentMismatchesResponseSchema);
    await checkedAnswer(await operator.fetch("/api/admin/purchase-mismatches"), AdminPurchaseMismatchesResponseSchema);
    await checkedAnswer(await operator.fetch("/api/admin/redemptions"), AdminRedemptionsByProviderSchema);
    await checkedAnswer(await operator.fetch("/api/admin/download-credits"), AdminDownloadCreditQueueSchema);
  });

  it("the operator's facility changes: a facility with its price ceiling, a term list's versions, a block and its lift", async () => {
    const operator = await signedInOperator();
    const artistId = await insertArtist();
    await insertSong({ artistId, status: "distributed" });
    const facility = await checkedAnswer(
      await adminWrite(operator, "POST", "/api/admin/facilities", { name: `Answer County ${crypto.randomUUID()}`, state: "OH", cleanOnly: false }),
      FacilityRecordSchema,
      201,
    );
    expect(facility.priceCeilingCents).toBeGreaterThan(0);
    const list = await checkedAnswer(
      await adminWrite(operator, "POST", "/api/admin/term-lists", { name: `Answer words ${crypto.randomUUID()}`, terms: [] }),
      TermListSchema,
      201,
    );
    expect((await checkedAnswer(await operator.fetch(`/api/admin/term-lists/${list.id}/versions`), TermListVersionsResponseSchema)).versions.length).toBe(1);

    const block = await checkedAnswer(
      await adminWrite(operator, "POST", `/api/admin/facilities/${facility.id}/blocks`, { kind: "artist", targetId: artistId, reason: "Answer check" }),
      FacilityBlockSchema,
      201,
    );
    const { blocks } = await checkedAnswer(await operator.fetch(`/api/admin/facilities/${facility.id}/blocks`), FacilityBlocksResponseSchema);
    expect(blocks.map((listed) => listed.id)).toEqual([block.id]);
    const lifted = await checkedAnswer(
      await adminWrite(operator, "POST", `/api/admin/facilities/${facility.id}/blocks/${block.id}/lift`, { reason: "Answer check done" }),
      LiftBlockResponseSchema,
    );
    expect(lifted.lifted).toBe(true);
  });
});
