/**
 * The artist's first steps through the real routes, the Stripe sandbox and local D1/R2: payment
 * setup creates the artist and the session; only that session may use its customer; uploads are
 * judged by their bytes and either land whole or leave nothing behind.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SETUP_INTENTS_PER_ADDRESS_PER_HOUR } from "../src/platform/limits";
import { Browser, gifBytes, mp3Bytes, pngBytes, setUpArtist } from "./support";

const countRows = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
const countObjects = async () => (await env.MEDIA.list({ prefix: "songs/" })).objects.length;

/** `explicit` defaults to "no"; null leaves the answer out. */
function songForm(parts: {
  artistName?: string;
  songTitle?: string;
  explicit?: string | null;
  price?: string;
  song?: Blob | null;
  songName?: string;
  cover?: Blob;
  coverName?: string;
  customerId?: string;
}) {
  const form = new FormData();
  if (parts.artistName !== undefined) form.set("artistName", parts.artistName);
  if (parts.songTitle !== undefined) form.set("songTitle", parts.songTitle);
  if (parts.explicit !== null) form.set("explicit", parts.explicit ?? "no");
  form.set("price", parts.price ?? "1.99");
  if (parts.song) form.set("songFile", parts.song, parts.songName ?? "song.mp3");
  if (parts.cover) form.set("coverImage", parts.cover, parts.coverName ?? "cover.png");
  if (parts.customerId) form.set("customerId", parts.customerId);
  return form;
}

describe("payment setup", () => {
  it("reports the sandbox as the payment provider when no Stripe key is configured", async () => {
    const res = await new Browser().fetch("/api/config");
    expect(await res.json()).toEqual({ payments: { mode: "sandbox" } });
  });

  it("creates the artist with the saved card and a signed HttpOnly session cookie", async () => {
    const browser = new Browser();
    const first = await browser.postJson("/api/create-setup-intent", { paymentFrequency: "weekly" });
    expect(first.status).toBe(200);
    const cookie = first.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^__Host-jplay_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);

    const { setup, saved } = await setUpArtist(browser, undefined, "+1 555 010 0199");
    expect(saved.status).toBe(200);
    // The brand and last 4 the product shows, plus the link to the artist's private page.
    expect(await saved.json()).toEqual({ brand: "visa", last4: "4242", artistPageUrl: expect.stringMatching(/^\/artist\/[A-Za-z0-9_-]{43}$/) });
    const artist = await env.DB.prepare("SELECT * FROM artists WHERE stripe_customer_id = ?").bind(setup.customerId).first<Record<string, unknown>>();
    expect(artist).toMatchObject({ phone: "+1 555 010 0199", payment_frequency: "weekly" });
    const card = await env.DB.prepare("SELECT * FROM payment_methods WHERE artist_id = ?").bind(artist!.id).first<Record<string, unknown>>();
    expect(card).toMatchObject({ brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034, is_default: 1 });
    expect(card!.fingerprint).toEqual(expect.any(String));
  });

  it("keeps one customer per browser when the frequency changes", async () => {
    const browser = new Browser();
    const daily = await (
      await browser.postJson("/api/create-setup-intent", { paymentFrequency: "daily" })
    ).json<{ customerId: string; clientSecret: string }>();
    const weekly = await (
      await browser.postJson("/api/create-setup-intent", { paymentFrequency: "weekly" })
    ).json<{ customerId: string; clientSecret: string }>();
    expect(weekly.customerId).toBe(daily.customerId);
    expect(weekly.clientSecret).not.toBe(daily.clientSecret);
  });

  it("refuses a bad frequency and a missing phone with the product's message", async () => {
    const browser = new Browser();
    const bad = await browser.postJson("/api/create-setup-intent", { paymentFrequency: "monthly" });
    expect(bad.status).toBe(400);
    const { setup } = await setUpArtist(new Browser());
    const noPhone = await browser.postJson("/api/save-payment-method", {
      customerId: setup.customerId,
      paymentMethodId: "pm_x",
      phoneNumber: "  ",
      paymentFrequency: "daily",
    });
    expect(noPhone.status).toBe(400);
    expect(await noPhone.json()).toMatchObject({ error: { message: "Phone number is required for payment notifications." } });
  });

  it("refuses a customerId that is not this browser's session", async () => {
    const owner = new Browser();
    const { setup, confirmed } = await setUpArtist(owner);
    for (const intruder of [new Browser(), owner]) {
      const other = intruder === owner ? null : intruder;
      if (other) await other.postJson("/api/create-setup-intent", { paymentFrequency: "daily" });
      const res = await intruder.postJson("/api/save-payment-method", {
        customerId: other ? setup.customerId : "cus_someone_else",
        paymentMethodId: confirmed.payment_method,
        phoneNumber: "+1 555 000 0000",
        paymentFrequency: "daily",
      });
      expect(res.status).toBe(403);
    }
  });

  it(`rate-limits setup intents to ${SETUP_INTENTS_PER_ADDRESS_PER_HOUR} an hour per client address`, async () => {
    const browser = new Browser("203.0.113.77");
    for (let i = 0; i < SETUP_INTENTS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await browser.postJson("/api/create-setup-intent", { paymentFrequency: "daily" })).status).toBe(200);
    }
    const limited = await browser.postJson("/api/create-setup-intent", { paymentFrequency: "daily" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      error: { code: "rate_limited", message: "Too many payment setup attempts from your network. Please wait an hour and try again." },
    });
    expect((await new Browser("203.0.113.78").postJson("/api/create-setup-intent", { paymentFrequency: "daily" })).status).toBe(200);
  });
});

describe("song submission", () => {
  it("stores a valid upload in R2 and D1 as pending, visible to its owner only", async () => {
    const browser = new Browser();
    const { setup } = await setUpArtist(browser);
    const res = await browser.fetch("/api/distribute", {
      method: "POST",
      body: songForm({
        artistName: "Ada Lyric",
        songTitle: "First Light",
        explicit: "yes",
        song: new Blob([mp3Bytes()]),
        cover: new Blob([pngBytes()]),
        customerId: setup.customerId,
      }),
    });
    expect(res.status).toBe(201);
    const { id } = await res.json<{ id: string }>();
    const row = await env.DB.prepare("SELECT * FROM songs WHERE id = ?").bind(id).first<Record<string, unknown>>();
    expect(row).toMatchObject({
      title: "First Light",
      artist_name: "Ada Lyric",
      explicit: 1,
      price_cents: 199,
      status: "pending",
      cover_key: `songs/${id}/cover.png`,
    });
    expect((await env.MEDIA.head(`songs/${id}/audio.mp3`))?.size).toBe(4096);
    expect((await env.MEDIA.head(`songs/${id}/cover.png`))?.httpMetadata?.contentType).toBe("image/png");

    const own = await browser.fetch(`/api/songs/${id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await own.json()).toMatchObject({ id, title: "First Light", artist: "Ada Lyric", price: 1.99 });
    expect((await new Browser().fetch(`/api/songs/${id}`)).status).toBe(404);
  });

  it("refuses an upload without a saved card, and another session's customerId", async () => {
    const anonymous = await new Browser().fetch("/api/distribute", {
      method: "POST",
      body: songForm({ artistName: "Ada", songTitle: "x", song: new Blob([mp3Bytes()]) }),
    });
    expect(anonymous.status).toBe(401);
    const browser = new Browser();
    await setUpArtist(browser);
    const foreign = await browser.fetch("/api/distribute", {
      method: "POST",
      body: songForm({ artistName: "Ada", songTitle: "x", song: new Blob([mp3Bytes()]), customerId: "cus_not_mine" }),
    });
    expect(foreign.status).toBe(403);
  });

  it.each([
    ["a PNG renamed .mp3", { song: new Blob([pngBytes()]), songName: "song.mp3" }, 400, "Please select an MP3 file"],
    ["a 16 MB file", { song: new Blob([mp3Bytes(16 * 1024 * 1024)]) }, 413, "File size must be less than 15MB"],
    [
      "a GIF cover",
      { song: new Blob([mp3Bytes()]), cover: new Blob([gifBytes()]), coverName: "cover.png" },
      400,
      "Please select a JPG or PNG image for the cover",
    ],
    ["a 5 MB cover", { song: new Blob([mp3Bytes()]), cover: new Blob([new Uint8Array(5 * 1024 * 1024).fill(0x89)]) }, 413, "Cover image must be less than 5MB"],
    ["a missing title", { songTitle: "", song: new Blob([mp3Bytes()]) }, 400, "Song title is required"],
    ["a missing explicit answer", { explicit: null, song: new Blob([mp3Bytes()]) }, 400, "Please say whether the song has explicit content"],
    ["an explicit answer other than yes or no", { explicit: "maybe", song: new Blob([mp3Bytes()]) }, 400, "Please say whether the song has explicit content"],
    ["a one-letter artist name", { artistName: "A", song: new Blob([mp3Bytes()]) }, 400, "Artist name must be at least 2 characters"],
    ["a price above $1.99", { price: "2.50", song: new Blob([mp3Bytes()]) }, 400, "Price must be between $0.70 and $1.99"],
    ["no MP3 at all", { song: null }, 400, "Please upload an MP3 file"],
  ] as const)("refuses %s with its message and stores nothing", async (_name, parts, status, message) => {
    const browser = new Browser();
    await setUpArtist(browser);
    const [songsBefore, objectsBefore] = [await countRows("songs"), await countObjects()];
    const res = await browser.fetch("/api/distribute", { method: "POST", body: songForm({ artistName: "Ada Lyric", songTitle: "Valid", ...parts }) });
    expect(res.status).toBe(status);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe(message);
    expect(await countRows("songs")).toBe(songsBefore);
    expect(await countObjects()).toBe(objectsBefore);
  });
});
