/**
 * Every operator action that moves money or access leaves an audit record naming the operator
 * (docs/decisions/087-audit-log-hash-chain.md): a charge retry (one record per item, the server's
 * amount), a provider settlement (once, however often it is recorded; the Access email when Access
 * signs the operator in), a receipt revocation, the refunds of a rights takedown, revoking an artist's
 * page links, ending their sessions, an SMS opt-out, the featured song and a release correction. A
 * refused action writes no record. Through the Worker's fetch handler on local D1, as the portal calls it.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditAction, AuditLogResponse, AuditRecord } from "@jplay/schema/compliance";
import type { PurchaseReportAnswer } from "@jplay/schema/purchases";
import worker from "../src/index";
import { LOCAL_OPERATOR } from "../src/access/admin-access";
import { issueArtistLink } from "../src/access/artist-links";
import { startArtistSession } from "../src/access/artist-sessions";
import { adminPostCapturing, adminWrite, signedInOperator, SITE_ORIGIN } from "./admin-support";
import { listenerPurchase, liveSongWithIsrc, newListenerId, providerCall } from "./receipt-support";
import { CapturingQueue, insertArtist, insertSong } from "./song-fixtures";
import { Browser, nextPhone, testContext } from "./support";

let operator: Browser;

beforeAll(async () => {
  operator = await signedInOperator();
});

/** The newest records of an action, as the portal's audit view reads them. */
async function recordsOf(action: AuditAction): Promise<AuditRecord[]> {
  const response = await operator.fetch(`/api/admin/audit?action=${action}`);
  expect(response.status).toBe(200);
  return (await response.json<AuditLogResponse>()).records;
}

const auditCount = async () => (await env.DB.prepare("select count(*) as n from audit_log").first<{ n: number }>())!.n;

/** An artist with a saved card (its row only: the retry's jobs are captured, never charged) and a song. */
async function artistWithCard() {
  const artistId = await insertArtist();
  const paymentMethodId = crypto.randomUUID();
  await env.DB.prepare(
    "insert into payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year) values (?1, ?2, ?3, 'visa', '4242', 12, 2034)",
  )
    .bind(paymentMethodId, artistId, `pm_${paymentMethodId.replaceAll("-", "")}`)
    .run();
  const songId = await insertSong({ artistId, status: "pending", package: "standard" });
  return { artistId, paymentMethodId, songId };
}

/** A live song with a credited purchase, and the purchase's receipt. */
async function boughtSong() {
  const song = await liveSongWithIsrc();
  const answer = await (
    await providerCall("POST", "/api/provider/purchases", { purchases: [listenerPurchase(song.songId, newListenerId())] })
  ).json<PurchaseReportAnswer>();
  const { receiptId } = answer.results[0] as { receiptId: string };
  return { ...song, receiptId };
}

describe("an operator's charge retry", () => {
  it("writes one record per item naming the operator, the artist, the song and the server's amount; a refused request writes none", async () => {
    const artist = await artistWithCard();
    const jobs = new CapturingQueue();
    const response = await adminPostCapturing(
      operator,
      "/api/admin/payments/retry",
      {
        payments: [
          { paymentMethodId: artist.paymentMethodId, artistId: artist.artistId, songId: artist.songId, amount: 1 },
          { paymentMethodId: artist.paymentMethodId, artistId: artist.artistId, songId: null },
        ],
      },
      jobs,
    );
    expect(response.status).toBe(200);
    const { batchId } = await response.json<{ batchId: string }>();
    expect(jobs.take()).toHaveLength(2);

    const records = (await recordsOf("charge_retry")).filter((r) => r.artistId === artist.artistId);
    expect(records.map((r) => [r.actor, r.songId, r.detail])).toEqual(
      expect.arrayContaining([
        [LOCAL_OPERATOR, artist.songId, `Retry of a failed song's charge: $10.49 on card ${artist.paymentMethodId} (retry batch ${batchId})`],
        [LOCAL_OPERATOR, null, `Initial charge: $7.99 on card ${artist.paymentMethodId} (retry batch ${batchId})`],
      ]),
    );
    expect(records).toHaveLength(2);

    // Another artist's card: refused before anything is written, the log included.
    const stranger = await artistWithCard();
    const before = await auditCount();
    const refused = await adminPostCapturing(
      operator,
      "/api/admin/payments/retry",
      { payments: [{ paymentMethodId: stranger.paymentMethodId, artistId: artist.artistId, songId: null }] },
      new CapturingQueue(),
    );
    expect(refused.status).toBe(400);
    expect(await auditCount()).toBe(before);
  });
});

describe("a provider settlement", () => {
  const TEAM = "https://jplay-test.cloudflareaccess.com";
  const AUD = "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2";

  it("is recorded once, naming the operator Cloudflare Access signed in; a repeat and a conflicting amount write nothing", async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: "audit-key", alg: "RS256", use: "sig" };
    const accessEnv = { ...env, ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD, ACCESS_JWKS: JSON.stringify({ keys: [jwk] }) } as Env;
    const jwt = await new SignJWT({ email: "settlements@jplay.example" })
      .setProtectedHeader({ alg: "RS256", kid: "audit-key" })
      .setIssuer(TEAM)
      .setAudience(AUD)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    const settle = (amountCents: number) =>
      worker.fetch(
        new Request(`${SITE_ORIGIN}/api/admin/settlements`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, "Cf-Access-Jwt-Assertion": jwt },
          body: JSON.stringify({ amountCents, settledOn: "2026-03-02", reference }),
        }),
        accessEnv,
        createExecutionContext(),
      );
    const reference = `WIRE-${crypto.randomUUID()}`;

    expect((await settle(125_000)).status).toBe(201);
    const mine = async () => (await recordsOf("settlement_recorded")).filter((r) => r.detail.includes(reference));
    expect((await mine()).map((r) => [r.actor, r.detail])).toEqual([
      ["settlements@jplay.example", `Provider settlement ${reference}: $1,250.00 received on 2026-03-02`],
    ]);

    const before = await auditCount();
    expect((await settle(125_000)).status).toBe(200);
    expect((await settle(99_900)).status).toBe(409);
    expect(await auditCount()).toBe(before);
    expect(await mine()).toHaveLength(1);
  });
});

describe("revoking a listener's receipt", () => {
  it("is recorded with the song, the operator and the reason; the refused second revocation writes nothing", async () => {
    const { songId, receiptId } = await boughtSong();
    expect((await adminWrite(operator, "POST", `/api/admin/receipts/${receiptId}/revoke`, { reason: "Bought with a stolen account" })).status).toBe(200);
    const mine = async () => (await recordsOf("receipt_revoked")).filter((r) => r.songId === songId);
    expect((await mine()).map((r) => [r.actor, r.detail])).toEqual([[LOCAL_OPERATOR, `Receipt ${receiptId} revoked: Bought with a stolen account`]]);

    const before = await auditCount();
    expect((await adminWrite(operator, "POST", `/api/admin/receipts/${receiptId}/revoke`, { reason: "Again" })).status).toBe(409);
    expect((await adminWrite(operator, "POST", "/api/admin/receipts/no-such-receipt/revoke", { reason: "Nobody's" })).status).toBe(404);
    expect(await auditCount()).toBe(before);
    expect(await mine()).toHaveLength(1);
  });
});

describe("a takedown for a rights claim", () => {
  it("records the refunds of the song's buyers, naming the operator who took it down", async () => {
    const { songId } = await boughtSong();
    const response = await adminPostCapturing(
      operator,
      `/api/admin/songs/${songId}/takedown`,
      { reason: "The label owns this recording", kind: "rights" },
      new CapturingQueue(),
    );
    expect(response.status).toBe(200);
    expect((await recordsOf("rights_refund")).filter((r) => r.songId === songId).map((r) => [r.actor, r.detail])).toEqual([
      [LOCAL_OPERATOR, "Refunded 1 purchase ($1.99) to the buyers of a song removed for a rights claim"],
    ]);
  });
});

describe("an artist's access", () => {
  it("revoking their page links is recorded with how many were live", async () => {
    const artistId = await insertArtist();
    await issueArtistLink(testContext(), artistId);
    await issueArtistLink(testContext(), artistId);
    const response = await adminWrite(operator, "POST", `/api/admin/artists/${artistId}/revoke-links`);
    expect(await response.json()).toEqual({ revoked: 2 });
    expect((await recordsOf("links_revoked")).filter((r) => r.artistId === artistId).map((r) => [r.actor, r.detail])).toEqual([
      [LOCAL_OPERATOR, "Revoked the artist's private page links: 2 live"],
    ]);
    // An unknown artist: 404, nothing recorded.
    const before = await auditCount();
    expect((await adminWrite(operator, "POST", "/api/admin/artists/no-such-artist/revoke-links")).status).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it("ending their sessions is recorded with how many were live", async () => {
    const artistId = await insertArtist();
    await startArtistSession(testContext(), { stripeCustomerId: `cus_${crypto.randomUUID()}`, artistId, userAgent: "Chrome" });
    const response = await adminWrite(operator, "POST", `/api/admin/artists/${artistId}/end-sessions`);
    expect(await response.json()).toEqual({ ended: 1 });
    expect((await recordsOf("sessions_ended")).filter((r) => r.artistId === artistId).map((r) => [r.actor, r.detail])).toEqual([
      [LOCAL_OPERATOR, "Ended the artist's signed-in browser sessions: 1 live"],
    ]);
    const before = await auditCount();
    expect((await adminWrite(operator, "POST", "/api/admin/artists/no-such-artist/end-sessions")).status).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it("stopping texts to a number is recorded, naming the operator", async () => {
    const phone = nextPhone();
    const response = await adminWrite(operator, "POST", "/api/admin/sms-opt-outs", { phone });
    expect(response.status).toBe(200);
    const { phone: e164 } = await response.json<{ phone: string }>();
    expect((await recordsOf("sms_opted_out")).filter((r) => r.detail.includes(e164)).map((r) => r.actor)).toEqual([LOCAL_OPERATOR]);
  });
});

describe("what listeners are shown", () => {
  it("choosing the featured song, and choosing none, are recorded", async () => {
    const artistId = await insertArtist();
    const songId = await insertSong({ artistId, status: "distributed", package: "standard" });
    expect((await adminWrite(operator, "POST", "/api/admin/featured", { songId })).status).toBe(200);
    expect((await adminWrite(operator, "POST", "/api/admin/featured", { songId: null })).status).toBe(200);
    const records = await recordsOf("featured_changed");
    const chosen = records.find((r) => r.songId === songId)!;
    expect([chosen.actor, chosen.detail]).toEqual([LOCAL_OPERATOR, `Featured "Song ${songId.slice(0, 8)}" on Home`]);
    // Newest first: the choice of none came after it.
    expect(records.filter((r) => r.seq > chosen.seq).map((r) => [r.actor, r.detail])).toEqual([[LOCAL_OPERATOR, "No song featured on Home"]]);
  });

  it("correcting a song's release details is recorded with what changed", async () => {
    const artistId = await insertArtist();
    const songId = await insertSong({ artistId, status: "distributed", package: "standard" });
    const response = await adminWrite(operator, "PUT", `/api/admin/songs/${songId}/release-details`, {
      genre: "Christian & Gospel",
      lyricsLanguage: "en",
      credits: [{ name: "Ana Composer", role: "composer" }],
    });
    expect(response.status).toBe(200);
    const [record] = (await recordsOf("release_corrected")).filter((r) => r.songId === songId);
    expect(record!.actor).toBe(LOCAL_OPERATOR);
    expect(record!.detail).toContain("credits");
    expect(record!.detail).toContain("Ana Composer (composer)");
  });
});
