/**
 * Per-facility price ceilings (docs/decisions/071-facility-price-ceilings.md) through the Worker's
 * fetch handler with real local D1: an operator sets a facility's ceiling (validated, in the audit
 * log), both delivery feeds asked for that facility carry min(song's price, ceiling), a purchase
 * report from the facility must say that price (a higher one is refused and kept for an operator),
 * and the artist's share is computed on the price paid there; the artist's page shows sales by
 * facility state at the price paid.
 *
 * This file shares a runtime with others (decision 040): it reads the feeds from the cursor where its
 * own changes begin and looks only at its own songs.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditLogResponse } from "@jplay/schema/compliance";
import type { Facility } from "@jplay/schema/facilities";
import type { DeliveryFeedPage, ErnFeedPage, ReleaseChange } from "@jplay/schema/provider-feed";
import type { PurchaseReportAnswer } from "@jplay/schema/purchases";
import { loadArtistPage } from "../../artist/artist-page";
import { artistAvailableBalances } from "../../ledger/ledger";
import { resendTimestamp, signGet, signPost } from "../../../test/provider-signing";
import { adminWrite, signedInOperator } from "../../../test/admin-support";
import { identifiersAssigned, insertArtist, insertSong } from "../../../test/song-fixtures";
import { type Browser, testContext } from "../../../test/support";

const SECRET = env.PROVIDER_WEBHOOK_SECRET!;
const ORIGIN = "http://jplay.test";
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function signedGet(pathAndQuery: string): Promise<Response> {
  const timestamp = String(nowSeconds());
  const signature = await signGet(SECRET, timestamp, pathAndQuery);
  return exports.default.fetch(new Request(`${ORIGIN}${pathAndQuery}`, { headers: { "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature } }));
}

async function sendReport(purchases: unknown[]): Promise<PurchaseReportAnswer> {
  const rawBody = JSON.stringify({ purchases });
  const timestamp = String(resendTimestamp(rawBody));
  const signature = await signPost(SECRET, timestamp, "/api/provider/purchases", rawBody);
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}/api/provider/purchases`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature },
      body: rawBody,
    }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

const errorOf = async (response: Response) => ({ status: response.status, ...(await response.json<{ error: { code: string; message: string } }>()).error });

let operator: Browser;
let facility: Facility;
let artistId: string;
/** $1.99: above a 99¢ ceiling. */
let dearSong: string;
/** 80¢: under it. */
let cheapSong: string;
/** The feed's cursor just before this file's songs were released. */
let since: string;

const purchaseAt = (songId: string, priceCents: number, facilityId?: string) => ({
  purchaseId: `fp-${crypto.randomUUID()}`,
  songId,
  priceCents,
  purchasedAt: new Date(Date.now() - 60_000).toISOString(),
  ...(facilityId === undefined ? {} : { facilityId }),
});

const balance = async () => (await artistAvailableBalances(testContext(), [artistId])).get(artistId) ?? 0;

beforeAll(async () => {
  operator = await signedInOperator();
  const created = await adminWrite(operator, "POST", "/api/admin/facilities", {
    name: "Cedar Unit TRULINCS",
    state: "KY",
    cleanOnly: false,
    priceCeilingCents: 99,
  });
  expect(created.status).toBe(201);
  facility = await created.json();
  artistId = await insertArtist();
  // Expedited: the provider keeps 10%.
  dearSong = await insertSong({ artistId, status: "distributed", package: "expedited", priceCents: 199 });
  cheapSong = await insertSong({ artistId, status: "distributed", package: "expedited", priceCents: 80 });
  // Live songs carry their identifiers and delivered copy, as delivered ones do: the cron's backfill,
  // which another file in this runtime may run, must find nothing of these to do.
  await identifiersAssigned(dearSong);
  await identifiersAssigned(cheapSong);
  since = String((await env.DB.prepare("select coalesce(max(seq), 0) as seq from catalogue_changes").first<number>("seq")) ?? 0);
  await env.DB.prepare("insert into catalogue_changes (song_id, kind, at) select value, 'release', ?1 from json_each(?2)")
    .bind(Date.now(), JSON.stringify([dearSong, cheapSong]))
    .run();
});

describe("an operator sets a facility's price ceiling", () => {
  it("gives a new facility $1.99 unless one is given, and keeps a facility's ceiling when a change leaves it out", async () => {
    expect(facility.priceCeilingCents).toBe(99);
    const plain = await adminWrite(operator, "POST", "/api/admin/facilities", { name: "Plain County Jail", state: "KY", cleanOnly: false });
    expect((await plain.json<Facility>()).priceCeilingCents).toBe(199);
    const renamed = await adminWrite(operator, "POST", `/api/admin/facilities/${facility.id}`, { name: "Cedar Unit", state: "KY", cleanOnly: false });
    expect(await renamed.json<Facility>()).toMatchObject({ name: "Cedar Unit", priceCeilingCents: 99 });
  });

  it("refuses a ceiling that is not a whole number of cents from 70 to 199, changing nothing", async () => {
    for (const priceCeilingCents of [69, 200, 99.5, "99"]) {
      const refused = await adminWrite(operator, "POST", `/api/admin/facilities/${facility.id}`, {
        name: "Cedar Unit",
        state: "KY",
        cleanOnly: false,
        priceCeilingCents,
      });
      expect(await errorOf(refused)).toMatchObject({ status: 400, message: "Enter the facility's price ceiling in cents, a whole number from 70 to 199." });
    }
    const listed = await (await operator.fetch("/api/admin/facilities")).json<{ facilities: Facility[] }>();
    expect(listed.facilities.find((row) => row.id === facility.id)?.priceCeilingCents).toBe(99);
  });

  it("writes each change of the ceiling to the audit log as a facility setting change", async () => {
    const lowered = await adminWrite(operator, "POST", `/api/admin/facilities/${facility.id}`, {
      name: "Cedar Unit",
      state: "KY",
      cleanOnly: false,
      priceCeilingCents: 85,
    });
    expect(lowered.status).toBe(200);
    const raised = await adminWrite(operator, "POST", `/api/admin/facilities/${facility.id}`, {
      name: "Cedar Unit",
      state: "KY",
      cleanOnly: false,
      priceCeilingCents: 99,
    });
    expect(raised.status).toBe(200);
    const audit = await (await operator.fetch(`/api/admin/audit?facility=${facility.id}&action=facility_changed`)).json<AuditLogResponse>();
    expect(audit.records.map((record) => record.detail).slice(0, 2)).toEqual([
      `Facility settings "Cedar Unit", KY, explicit allowed, price ceiling $0.85 → "Cedar Unit", KY, explicit allowed, price ceiling $0.99`,
      `Facility settings "Cedar Unit", KY, explicit allowed, price ceiling $0.99 → "Cedar Unit", KY, explicit allowed, price ceiling $0.85`,
    ]);
    expect(audit.records[0]).toMatchObject({ actor: "the local operator (admin password)", facilityId: facility.id });
  });
});

describe("both feeds carry the facility's price", () => {
  const ourReleases = (page: DeliveryFeedPage) =>
    new Map(
      page.changes
        .filter((change): change is ReleaseChange => change.kind === "release" && [dearSong, cheapSong].includes(change.songId))
        .map((change) => [change.songId, change.priceCents]),
    );

  it("JSON: min(song's price, ceiling) asked for the facility, the song's own price otherwise", async () => {
    const atFacility = await signedGet(`/api/provider/releases?since=${since}&limit=500&facility=${facility.id}`);
    expect(atFacility.status).toBe(200);
    expect(ourReleases(await atFacility.json())).toEqual(
      new Map([
        [dearSong, 99],
        [cheapSong, 80],
      ]),
    );
    const everywhere = await signedGet(`/api/provider/releases?since=${since}&limit=500`);
    expect(ourReleases(await everywhere.json())).toEqual(
      new Map([
        [dearSong, 199],
        [cheapSong, 80],
      ]),
    );
  });

  it("ERN: the deal's suggested retail price is the facility's price", async () => {
    const priceOf = async (query: string) => {
      const response = await signedGet(`/api/provider/releases/ern?since=${since}&limit=500${query}`);
      expect(response.status).toBe(200);
      const page = await response.json<ErnFeedPage>();
      const ern = page.changes.find((change) => change.songId === dearSong)!.ern;
      return /<SuggestedRetailPrice CurrencyCode="USD">([^<]*)<\/SuggestedRetailPrice>/.exec(ern)?.[1];
    };
    expect(await priceOf(`&facility=${facility.id}`)).toBe("0.99");
    expect(await priceOf("")).toBe("1.99");
  });

  it("refuses a facility JPlay does not know", async () => {
    for (const feed of ["/api/provider/releases", "/api/provider/releases/ern"]) {
      expect(await errorOf(await signedGet(`${feed}?since=${since}&facility=no-such-facility`))).toMatchObject({ status: 404, code: "unknown_facility" });
    }
  });
});

describe("purchase reports are checked against the facility's price", () => {
  it("credits the artist's share on the price paid at the facility", async () => {
    const before = await balance();
    const answer = await sendReport([purchaseAt(dearSong, 99, facility.id), purchaseAt(cheapSong, 80, facility.id)]);
    expect(answer).toMatchObject({ recorded: 2, rejected: 0 });
    // 10% to the provider, rounded down: 99 → 9 + 90; 80 → 8 + 72.
    expect((await balance()) - before).toBe(90 + 72);
    const paid = await env.DB.prepare("select price_cents from purchases where id = ?1").bind(answer.results[0]!.purchaseId).first<number>("price_cents");
    expect(paid).toBe(99);
  });

  it("refuses a report above the facility's price as a bad line, credits nothing for it and keeps it for an operator", async () => {
    const before = await balance();
    const above = purchaseAt(dearSong, 199, facility.id);
    const answer = await sendReport([above, purchaseAt(dearSong, 199)]);
    expect(answer).toMatchObject({ recorded: 1, rejected: 1 });
    expect(answer.results[0]).toMatchObject({
      status: "rejected",
      code: "price_mismatch",
      reason: `Song ${dearSong} sells at 99 cents at facility ${facility.id} (its price ceiling), not 199: not credited; kept for an operator to settle`,
    });
    // Only the purchase outside any facility, at the song's own $1.99: 19 + 180.
    expect((await balance()) - before).toBe(180);
    const kept = await env.DB.prepare(
      "select reported_price_cents as reported, catalogue_price_cents as catalogue from purchase_price_mismatches where purchase_id = ?1",
    )
      .bind(above.purchaseId)
      .first();
    expect(kept).toEqual({ reported: 199, catalogue: 99 });
  });
});

describe("the artist's page", () => {
  it("shows sales by facility state at the price paid, never who bought", async () => {
    const page = (await loadArtistPage(testContext(), artistId))!;
    // From the reports above: 99¢ and 80¢ at the Kentucky facility, $1.99 reported without a facility.
    expect(page.salesByState).toEqual([
      { state: "KY", priceCents: 99, purchases: 1, grossCents: 99 },
      { state: "KY", priceCents: 80, purchases: 1, grossCents: 80 },
      { state: null, priceCents: 199, purchases: 1, grossCents: 199 },
    ]);
  });
});
