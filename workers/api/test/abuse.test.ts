/**
 * Abuse: generated bad input against every public endpoint — wrong types, huge strings,
 * malformed JSON and multipart, truncated MP3s, path tricks, SQL and script in text fields — always
 * answers a 4xx with a JSON error message, never a 5xx, and stores nothing (rows and R2 objects are
 * counted before and after). Another artist's song (also for complete and recovery) or private page
 * answers 404; cross-site writes 403. Forged session cookies are no session; hostile page tokens,
 * session ids and artist ids end nothing.
 * A body over its limit on any endpoint answers 413 before any work,
 * however its length is given (src/platform/limits.ts); the setup-intent budget of one client holds across every
 * spelling of its address (an IPv6 /64, an IPv4 address also when IPv4-mapped).
 * Property-based with fast-check; runs are few and bounded so the file stays quick on two cores.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_PURCHASE_REPORT_BYTES } from "@jplay/schema/purchases";
import worker from "../src/index";
import { ADMIN_RETRY_BODY_MAX_BYTES, JSON_BODY_MAX_BYTES, WEBHOOK_BODY_MAX_BYTES } from "../src/platform/limits";
import { CROSS_SITE_MESSAGE } from "../src/platform/middleware/same-origin";
import { ARTIST_SESSION_COOKIE } from "../src/access/artist-session";
import { signedInOperator } from "./admin-support";
import { createStripe } from "../src/platform/stripe-client";
import { Browser, mp3Bytes, pngBytes, setUpArtist } from "./support";

const RUNS = 12;
const SITE = "http://jplay.test";

/**
 * The tables a request could write to, and the stored media. (stripe_events is left out: the setup
 * of earlier artists still receives its own webhooks in the background while a test runs.)
 */
const TABLES = [
  "artists",
  "songs",
  "payment_methods",
  "payments",
  "purchases",
  "artist_links",
  "song_events",
  "retry_batches",
  "retry_items",
  "payouts",
  "ledger_entries",
  "failed_jobs",
  "subscriptions",
  "artist_sessions",
  "admin_sessions",
  "payment_mismatches",
];

async function mediaKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ cursor, limit: 1000 });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

async function stored() {
  const counts = await env.DB.batch(TABLES.map((table) => env.DB.prepare(`SELECT '${table}' AS t, count(*) AS n FROM ${table}`)));
  return {
    rows: Object.fromEntries(counts.map((result) => [(result.results[0] as { t: string }).t, (result.results[0] as { n: number }).n])),
    media: await mediaKeys(),
  };
}

/** A 4xx with the API's JSON error body: a machine code and a message a person can read. */
async function expectClientError(response: Response, context: string) {
  expect(response.status, context).toBeGreaterThanOrEqual(400);
  expect(response.status, context).toBeLessThan(500);
  expect(response.headers.get("Content-Type"), context).toMatch(/^application\/json/);
  const body = await response.json<{ error?: { code?: unknown; message?: unknown } }>();
  expect(typeof body.error?.code, context).toBe("string");
  expect(typeof body.error?.message, context).toBe("string");
  expect((body.error!.message as string).length, context).toBeGreaterThan(0);
  return body.error as { code: string; message: string };
}

// ---- Generators --------------------------------------------------------------------------------

const SQL = [
  "'; DROP TABLE songs; --",
  '" OR 1=1 --',
  "1; DELETE FROM artists",
  "' UNION SELECT stripe_customer_id FROM artists --",
  "Robert'); DROP TABLE payments;--",
];
const SCRIPT = ["<script>alert(1)</script>", "<img src=x onerror=window.__xss=1>", "javascript:alert(1)", '"><svg onload=alert(1)>'];
const PATH_TRICKS = [
  "../",
  "../../etc/passwd",
  "..%2f..%2f",
  "%2e%2e%2f",
  "%2e%2e",
  "..\\..\\x",
  "a\u0000b",
  "%00",
  "/",
  "//",
  "\u202e",
  "CON",
  "songs/../videos/promo",
];

/** Text a person could type into any field, at its most hostile. */
const hostileText = fc.oneof(
  fc.constantFrom(...SQL, ...SCRIPT, ...PATH_TRICKS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => "x".repeat(n)),
);
/** A JSON value of the wrong type for a string field. */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
/** Bodies that are not JSON at all. */
const notJson = fc.oneof(
  fc.constantFrom("", "{", '{"paymentFrequency":', "nul", "[1,2", "{'a': 1}", "\u0000", "<xml/>"),
  fc.string({ maxLength: 60 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
);

/** A list limit the songs routes accept (a whole number from 1 to 100, as Number() reads it). */
const isValidLimit = (text: string) => Number.isInteger(Number(text)) && Number(text) >= 1 && Number(text) <= 100;

const postRaw = (browser: Browser, path: string, body: string | FormData | Uint8Array, contentType?: string) =>
  browser.fetch(path, { method: "POST", headers: contentType ? { "Content-Type": contentType, Origin: SITE } : { Origin: SITE }, body });

/** An artist who has saved a card (the session cookie every artist call needs). */
async function signedUpArtist() {
  const browser = new Browser();
  const { setup, saved } = await setUpArtist(browser);
  expect(saved.status).toBe(200);
  const { artistPageUrl } = await saved.json<{ artistPageUrl: string }>();
  return { browser, customerId: setup.customerId, token: artistPageUrl.slice("/artist/".length) };
}

/** `explicit` defaults to "no" (every good upload answers it); undefined leaves any other field out. */
function songForm(fields: {
  artistName?: unknown;
  songTitle?: unknown;
  explicit?: unknown;
  price?: unknown;
  songFile?: Blob | string | null;
  fileName?: string;
  coverImage?: Blob | null;
  customerId?: string;
}) {
  const form = new FormData();
  for (const key of ["artistName", "songTitle", "explicit", "price"] as const) {
    const value = key === "explicit" && !("explicit" in fields) ? "no" : fields[key];
    if (value !== undefined) form.set(key, String(value));
  }
  if (fields.songFile instanceof Blob) form.set("songFile", fields.songFile, fields.fileName ?? "song.mp3");
  else if (typeof fields.songFile === "string") form.set("songFile", fields.songFile);
  if (fields.coverImage) form.set("coverImage", fields.coverImage, "cover.png");
  if (fields.customerId) form.set("customerId", fields.customerId);
  return form;
}

// ---- JSON endpoints ----------------------------------------------------------------------------

describe("JSON endpoints refuse bad bodies with a 4xx message and store nothing", () => {
  it("POST /api/create-setup-intent and /api/save-payment-method: malformed JSON, wrong types, hostile text", async () => {
    const { browser, customerId } = await signedUpArtist();
    const before = await stored();

    await fc.assert(
      fc.asyncProperty(notJson, async (body) => {
        for (const path of ["/api/create-setup-intent", "/api/save-payment-method"]) {
          await expectClientError(await postRaw(browser, path, body, "application/json"), `${path} ${JSON.stringify(body)}`);
        }
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(wrongType, hostileText), fc.oneof(wrongType, hostileText), async (frequency, phone) => {
        const setup = await browser.postJson("/api/create-setup-intent", { paymentFrequency: frequency });
        await expectClientError(setup, `frequency ${JSON.stringify(frequency)?.slice(0, 80)}`);
        const save = await browser.postJson("/api/save-payment-method", {
          customerId,
          paymentMethodId: phone,
          phoneNumber: phone,
          paymentFrequency: frequency,
        });
        await expectClientError(save, `save ${JSON.stringify(phone)?.slice(0, 80)}`);
      }),
      { numRuns: RUNS },
    );
    // Another session's customer id with an otherwise good body: refused before anything is saved.
    const stranger = await browser.postJson("/api/save-payment-method", {
      customerId: "cus_someone_else",
      paymentMethodId: "pm_card_visa",
      phoneNumber: "+1 555 010 9999",
      paymentFrequency: "daily",
    });
    expect(stranger.status).toBe(403);

    expect(await stored()).toEqual(before);
  });

  it("POST /api/admin/session: wrong types and malformed JSON never sign in and never answer 5xx", async () => {
    const visitor = new Browser();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          notJson,
          wrongType.map((value) => JSON.stringify({ password: value })),
        ),
        async (body) => {
          const response = await postRaw(visitor, "/api/admin/session", body, "application/json");
          await expectClientError(response, `admin session ${body.slice(0, 80)}`);
          expect(response.headers.getSetCookie()).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
    expect((await visitor.fetch("/api/admin/payments")).status).toBe(401);
  });

  it("webhook and provider endpoints refuse unsigned or garbled bodies", async () => {
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(fc.oneof(notJson, hostileText, fc.json()), fc.option(hostileText.map((text) => `t=1,v1=${text}`)), async (body, signature) => {
        for (const path of ["/api/webhooks/stripe", "/api/webhooks/stripe-connect", "/api/provider/purchases"]) {
          const headers: Record<string, string> = { "Content-Type": "application/json" };
          if (signature !== null) {
            headers["Stripe-Signature"] = signature.replace(/[^\x20-\x7e]/g, "");
            headers["X-JPlay-Signature"] = signature.replace(/[^\x20-\x7e]/g, "");
            headers["X-JPlay-Timestamp"] = String(Math.floor(Date.now() / 1000));
          }
          const response = await new Browser().fetch(path, { method: "POST", headers, body });
          // stripe-connect is unconfigured in tests: 503 is its honest answer, and it stores nothing.
          if (path === "/api/webhooks/stripe-connect" && response.status === 503) continue;
          await expectClientError(response, `${path} ${body.slice(0, 60)}`);
        }
      }),
      { numRuns: RUNS },
    );
    expect(await stored()).toEqual(before);
  });
});

// ---- Multipart upload --------------------------------------------------------------------------

describe("POST /api/distribute refuses bad uploads with a 4xx message and stores nothing", () => {
  it("bad fields, missing, truncated or disguised files, bad covers, malformed multipart", async () => {
    const { browser, customerId } = await signedUpArtist();
    const mp3 = mp3Bytes(4096);
    const before = await stored();

    const badField = fc.record({
      artistName: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom("", "A", " ", "x".repeat(101)),
        hostileText.filter((t) => t.trim().length < 2 || t.trim().length > 100),
      ),
      songTitle: fc.oneof(fc.constant(undefined), fc.constantFrom("", "   ", "y".repeat(151))),
      explicit: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom("", "maybe", "YES", "true", "1", "yes ", "no; DROP TABLE songs"),
        hostileText.filter((t) => t !== "yes" && t !== "no"),
      ),
      price: fc.oneof(
        fc.constantFrom("abc", "0.69", "2.00", "-1", "NaN", "Infinity", "1e309", "1.99; DROP TABLE songs"),
        fc
          .double()
          .filter((d) => !(d >= 0.7 && d <= 1.99))
          .map(String),
      ),
    });
    // Any one bad field is enough; the others are good.
    const oneBadField = fc.tuple(badField, fc.constantFrom("artistName", "songTitle", "explicit", "price")).map(([bad, which]) => ({
      artistName: "Abuse Artist",
      songTitle: "Abuse Song",
      explicit: "no",
      price: "1.99",
      [which]: bad[which],
    }));
    await fc.assert(
      fc.asyncProperty(oneBadField, fc.constantFrom(...PATH_TRICKS, "song.mp3"), async (fields, fileName) => {
        const response = await postRaw(browser, "/api/distribute", songForm({ ...fields, songFile: new Blob([mp3]), fileName, customerId }));
        await expectClientError(response, `fields ${JSON.stringify(fields).slice(0, 120)}`);
      }),
      { numRuns: RUNS },
    );

    // Files: missing, empty, a string instead of a file, cut before the frame header, not audio at all.
    const badSong = fc.oneof(
      fc.constant(null),
      fc.constant(new Blob([])),
      fc.constant("not a file"),
      fc.integer({ min: 1, max: 3 }).map((n) => new Blob([mp3.slice(0, n)])),
      fc
        .uint8Array({ minLength: 1, maxLength: 2048 })
        .filter((bytes) => bytes[0] !== 0xff && bytes[0] !== 0x49)
        .map((bytes) => new Blob([bytes])),
      fc.constant(new Blob([pngBytes()])),
      fc.constant(new Blob([new TextEncoder().encode("<?php system($_GET['c']); ?>")])),
    );
    await fc.assert(
      fc.asyncProperty(badSong, async (songFile) => {
        const response = await postRaw(
          browser,
          "/api/distribute",
          songForm({ artistName: "Abuse Artist", songTitle: "Abuse Song", price: "1.99", songFile, customerId }),
        );
        await expectClientError(response, `song file ${songFile instanceof Blob ? songFile.size : String(songFile)}`);
      }),
      { numRuns: RUNS },
    );

    // A good song with a cover that is not a JPEG or PNG: refused whole, the song is not kept either.
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 512 }).filter((b) => b[0] !== 0xff && b[0] !== 0x89),
        async (coverBytes) => {
          const response = await postRaw(
            browser,
            "/api/distribute",
            songForm({
              artistName: "Abuse Artist",
              songTitle: "Abuse Song",
              price: "1.99",
              songFile: new Blob([mp3]),
              coverImage: new Blob([coverBytes]),
              customerId,
            }),
          );
          await expectClientError(response, "bad cover");
        },
      ),
      { numRuns: RUNS },
    );

    // Multipart that is not: wrong boundary, cut mid-part, random bytes, JSON sent as the form.
    const boundary = "----jplayabuse";
    const goodPart = `--${boundary}\r\nContent-Disposition: form-data; name="songTitle"\r\n\r\nTitle\r\n`;
    const malformed = fc.oneof(
      fc.constant({
        body: `${goodPart}--${boundary}\r\nContent-Disposition: form-data; name="songFile"; filename="a.mp3"\r\n\r\n\xff\xfb`,
        type: `multipart/form-data; boundary=${boundary}`,
      }),
      fc.constant({ body: goodPart, type: "multipart/form-data; boundary=other" }),
      fc.constant({ body: goodPart, type: "multipart/form-data" }),
      fc.constant({ body: JSON.stringify({ artistName: "A", songTitle: "B" }), type: "application/json" }),
      fc.string({ maxLength: 200 }).map((body) => ({ body, type: `multipart/form-data; boundary=${boundary}` })),
    );
    const nulInName = await postRaw(
      browser,
      "/api/distribute",
      songForm({ artistName: "Abuse Artist", songTitle: "Abuse Song", price: "1.99", songFile: new Blob([mp3]), fileName: "a\u0000b.mp3", customerId }),
    );
    await expectClientError(nulInName, "NUL in the file name");
    await fc.assert(
      fc.asyncProperty(malformed, async ({ body, type }) => {
        await expectClientError(await postRaw(browser, "/api/distribute", body, type), `malformed multipart ${body.slice(0, 60)}`);
      }),
      { numRuns: RUNS },
    );

    // Declared larger than any allowed upload: refused before the body is read.
    const huge = await browser.fetch("/api/distribute", {
      method: "POST",
      headers: { "Content-Length": String(40 * 1024 * 1024), Origin: SITE },
      body: songForm({ songTitle: "x" }),
    });
    expect(huge.status).toBe(413);

    expect(await stored()).toEqual(before);
  });

  it("stores SQL, script and path tricks in names as plain text under keys the server makes", async () => {
    const { browser, customerId } = await signedUpArtist();
    await fc.assert(
      // (A NUL in a file name makes the multipart unreadable: refused with the malformed bodies above.)
      fc.asyncProperty(
        fc.constantFrom(...SQL, ...SCRIPT),
        fc.constantFrom(...PATH_TRICKS.filter((name) => !name.includes("\u0000"))),
        async (title, fileName) => {
          const before = await stored();
          const response = await postRaw(
            browser,
            "/api/distribute",
            songForm({
              artistName: `${title} band`,
              songTitle: title,
              price: "1.99",
              songFile: new Blob([mp3Bytes(2048)]),
              fileName,
              coverImage: new Blob([pngBytes()]),
              customerId,
            }),
          );
          expect(response.status).toBe(201);
          const { id } = await response.json<{ id: string }>();
          const row = await env.DB.prepare("SELECT title, artist_name, audio_key, cover_key FROM songs WHERE id = ?").bind(id).first();
          expect(row).toEqual({
            title: title.trim(),
            artist_name: `${title} band`.trim(),
            audio_key: `songs/${id}/audio.mp3`,
            cover_key: `songs/${id}/cover.png`,
          });
          const after = await stored();
          expect(after.media.filter((key) => !before.media.includes(key))).toEqual([`songs/${id}/audio.mp3`, `songs/${id}/cover.png`]);
          expect(after.rows.songs).toBe(before.rows.songs! + 1);
          expect(after.rows.artists).toBe(before.rows.artists);
          // The owner reads the title back exactly as typed.
          expect((await (await browser.fetch(`/api/songs/${id}`)).json<{ title: string }>()).title).toBe(title.trim());
        },
      ),
      { numRuns: 5 },
    );
  });
});

// ---- Reads with hostile paths and queries ---------------------------------------------------------

describe("GET endpoints answer hostile ids and queries with a 4xx message", () => {
  it("song, media, video and artist-page paths; list limits", async () => {
    const visitor = new Browser();
    const segment = fc.oneof(
      hostileText.filter((t) => t.length < 3000),
      fc.uuid(),
    );
    await fc.assert(
      fc.asyncProperty(
        segment,
        fc.constantFrom("/api/songs/{}", "/api/songs/{}/audio", "/api/songs/{}/cover", "/api/videos/{}", "/api/videos/{}.mp4", "/api/artist/{}"),
        async (text, template) => {
          const url = new URL(`${SITE}${template.replace("{}", encodeURIComponent(text))}`);
          // The URL parser resolves dot segments before the Worker sees them; outside /api it is the SPA.
          if (!url.pathname.startsWith("/api/")) return;
          const response = await visitor.fetch(`${url.pathname}${url.search}`, { headers: { Range: "bytes=0-10" } });
          await expectClientError(response, url.pathname.slice(0, 120));
        },
      ),
      { numRuns: RUNS * 2 },
    );
    await fc.assert(
      // (Generated text can be a valid limit, e.g. "1" or " 7 ": those are left out.)
      fc.asyncProperty(
        fc.oneof(
          hostileText.filter((t) => t.length < 3000 && !isValidLimit(t)),
          fc.constantFrom("0", "-1", "101", "1.5", "1e3", "NaN", ""),
        ),
        fc.constantFrom("popular", "recent"),
        async (limit, list) => {
          const response = await visitor.fetch(`/api/songs/${list}?limit=${encodeURIComponent(limit)}`);
          await expectClientError(response, `limit=${limit.slice(0, 60)}`);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("bad byte ranges on audio are answered 416 or ignored, never 5xx", async () => {
    const popular = await (await exports.default.fetch(new Request(`${SITE}/api/songs/popular`))).json<{ id: string }[]>();
    if (popular.length === 0) {
      // Seed one live song so the audio path is exercised.
      const artistId = crypto.randomUUID();
      const songId = crypto.randomUUID();
      await env.DB.batch([
        env.DB.prepare("INSERT INTO artists (id, payment_frequency) VALUES (?, 'weekly')").bind(artistId),
        env.DB.prepare(
          "INSERT INTO songs (id, artist_id, title, artist_name, status, audio_key, distributed_at) VALUES (?, ?, 'Live', 'Live Artist', 'distributed', ?, ?)",
        ).bind(songId, artistId, `songs/${songId}/audio.mp3`, Date.now()),
      ]);
      await env.MEDIA.put(`songs/${songId}/audio.mp3`, mp3Bytes(4096));
      popular.push({ id: songId });
    }
    const songId = popular[0]!.id;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileText.filter((t) => t.length < 500 && !/[\r\n\u0000]/.test(t)),
          fc.constantFrom("bytes=999999999-", "bytes=5-1", "bytes=-0", "bytes=0-0,1-1,2-2", "bytes=abc", "items=0-1"),
        ),
        async (range) => {
          const response = await new Browser().fetch(`/api/songs/${songId}/audio`, { headers: { Range: range } });
          expect(response.status, range).toBeLessThan(500);
          expect([200, 206, 416], range).toContain(response.status);
          await response.arrayBuffer();
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// ---- Ownership ----------------------------------------------------------------------------------

describe("another artist's song or page is not found", () => {
  it("a pending song is visible to its artist only; guessed, malformed and other artists' page tokens answer 404", async () => {
    const owner = await signedUpArtist();
    const other = await signedUpArtist();
    const form = songForm({ artistName: "Owner", songTitle: "Owned Song", price: "1.99", songFile: new Blob([mp3Bytes(2048)]), customerId: owner.customerId });
    const created = await postRaw(owner.browser, "/api/distribute", form);
    expect(created.status).toBe(201);
    const { id } = await created.json<{ id: string }>();

    expect((await owner.browser.fetch(`/api/songs/${id}`)).status).toBe(200);
    for (const viewer of [other.browser, new Browser()]) {
      const response = await viewer.fetch(`/api/songs/${id}`);
      expect(response.status).toBe(404);
      expect((await expectClientError(response, "other artist's song")).message).toBe("Song not found");
      expect((await viewer.fetch(`/api/songs/${id}/audio`)).status).toBe(404);
    }
    // The other artist cannot submit with the owner's payment setup either.
    const hijack = await postRaw(
      other.browser,
      "/api/distribute",
      songForm({ artistName: "Thief", songTitle: "Stolen", price: "1.99", songFile: new Blob([mp3Bytes(2048)]), customerId: owner.customerId }),
    );
    expect(hijack.status).toBe(403);

    // The other artist's page shows only the other artist's songs.
    const page = await (await new Browser().fetch(`/api/artist/${other.token}`)).json<{ songs: { id: string }[] }>();
    expect(page.songs.map((song) => song.id)).not.toContain(id);
    // Tokens that are not issued: near misses of a real one, random ones, and injections.
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .integer({ min: 0, max: owner.token.length - 1 })
            .map((i) => owner.token.slice(0, i) + (owner.token[i] === "A" ? "B" : "A") + owner.token.slice(i + 1)),
          fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), minLength: 43, maxLength: 43 }),
          fc.constantFrom(...SQL, "' OR '1'='1", "%", "*"),
        ),
        async (token) => {
          const t = encodeURIComponent(token);
          for (const [method, path] of [
            ["GET", `/api/artist/${t}`],
            ["POST", `/api/artist/${t}/connect`],
            ["GET", `/api/artist/${t}/pro`],
            ["POST", `/api/artist/${t}/pro/cancel`],
            ["POST", `/api/artist/${t}/pro/resume`],
          ] as const) {
            const response = await new Browser().fetch(path, { method, headers: { Origin: SITE } });
            expect(response.status, `${method} ${token}`).toBe(404);
            expect((await expectClientError(response, token)).message).toBe("Link not found");
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// ---- Cross-site writes --------------------------------------------------------------------------

describe("cross-site writes", () => {
  it("answer 403 with a message when Origin names another site; same-origin and Origin-less calls pass", async () => {
    const { browser, customerId, token } = await signedUpArtist();
    const before = await stored();
    const writes: Array<[string, () => BodyInit, string?]> = [
      ["/api/create-setup-intent", () => JSON.stringify({ paymentFrequency: "daily" }), "application/json"],
      [
        "/api/save-payment-method",
        () => JSON.stringify({ customerId, paymentMethodId: "pm_card_visa", phoneNumber: "+1 555 010 7777", paymentFrequency: "daily" }),
        "application/json",
      ],
      ["/api/distribute", () => songForm({ artistName: "Cross Site", songTitle: "Forged", price: "1.99", songFile: new Blob([mp3Bytes(2048)]), customerId })],
      [`/api/artist/${token}/connect`, () => ""],
      [`/api/artist/${token}/pro/cancel`, () => ""],
      ["/api/admin/session", () => JSON.stringify({ password: env.ADMIN_PASSWORD }), "application/json"],
    ];
    for (const origin of ["https://evil.example", "http://jplay.test.evil.example", "null", "http://jplay.test:8080"]) {
      for (const [path, body, type] of writes) {
        const response = await browser.fetch(path, { method: "POST", headers: { Origin: origin, ...(type ? { "Content-Type": type } : {}) }, body: body() });
        expect(response.status, `${origin} ${path}`).toBe(403);
        expect((await expectClientError(response, path)).message).not.toBe("");
      }
    }
    const forged = await browser.fetch("/api/distribute", { method: "POST", headers: { Origin: "https://evil.example" }, body: writes[2]![1]() });
    expect(await forged.json<unknown>()).toEqual({ error: { code: "forbidden", message: CROSS_SITE_MESSAGE } });
    expect(await stored()).toEqual(before);

    // The same upload from the site itself, and from a client that sends no Origin, goes through.
    for (const headers of [{ Origin: SITE }, {}] as Record<string, string>[]) {
      const response = await browser.fetch("/api/distribute", { method: "POST", headers, body: writes[2]![1]() });
      expect(response.status).toBe(201);
    }
    // Reads are never refused for their Origin.
    expect((await browser.fetch("/api/songs/popular", { headers: { Origin: "https://evil.example" } })).status).toBe(200);
    // Signed endpoints are exempt: a foreign Origin on a webhook is judged by its signature (400), not 403.
    const webhook = await browser.fetch("/api/webhooks/stripe", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Stripe-Signature": "t=1,v1=00" },
      body: "{}",
    });
    expect(webhook.status).toBe(400);
  });
});

// ---- Payment endpoints ----------------------------------------------------------------------------

describe("payment endpoints refuse bad bodies, strangers and other artists' songs", () => {
  it("complete, recovery, create-payment-intent and get-or-create-subscription: 4xx with a message, nothing charged or stored", async () => {
    const owner = await signedUpArtist();
    const other = await signedUpArtist();
    const created = await postRaw(
      owner.browser,
      "/api/distribute",
      songForm({ artistName: "Owner", songTitle: "Unpaid", price: "1.99", songFile: new Blob([mp3Bytes(2048)]), customerId: owner.customerId }),
    );
    expect(created.status).toBe(201);
    const { id: songId } = await created.json<{ id: string }>();
    const before = await stored();

    const badComplete = fc.oneof(
      fc.record({ feeOption: fc.oneof(wrongType, hostileText), requestId: fc.oneof(fc.constant("1"), wrongType, hostileText) }),
      fc.record({ feeOption: fc.constantFrom("standard", "expedited"), requestId: fc.oneof(wrongType, fc.constant(""), fc.constant("x".repeat(101))) }),
    );
    await fc.assert(
      fc.asyncProperty(badComplete, fc.oneof(wrongType, hostileText, fc.constantFrom(0, 3, -1, 1.5, "1")), notJson, async (completeBody, tier, rawBody) => {
        await expectClientError(
          await owner.browser.postJson(`/api/distribute/${songId}/complete`, completeBody),
          `complete ${JSON.stringify(completeBody).slice(0, 80)}`,
        );
        await expectClientError(
          await owner.browser.postJson(`/api/distribute/${songId}/recovery`, { offerTier: tier }),
          `recovery ${JSON.stringify(tier)?.slice(0, 80)}`,
        );
        for (const path of [`/api/distribute/${songId}/complete`, `/api/distribute/${songId}/recovery`, "/api/create-payment-intent"]) {
          // An empty body is a valid one-off payment request (the server's amount): not bad input.
          if (path === "/api/create-payment-intent" && rawBody.trim() === "") continue;
          await expectClientError(await postRaw(owner.browser, path, rawBody, "application/json"), `${path} ${rawBody.slice(0, 40)}`);
        }
      }),
      { numRuns: RUNS },
    );
    // The one-off payment is the server's amount: any other is refused, never charged.
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          wrongType,
          fc.integer().filter((n) => n !== 9900),
          hostileText,
        ),
        async (amount) => {
          await expectClientError(await owner.browser.postJson("/api/create-payment-intent", { amount }), `amount ${JSON.stringify(amount)?.slice(0, 40)}`);
        },
      ),
      { numRuns: RUNS },
    );

    // Another artist's song, guessed ids and strangers without a session.
    for (const path of ["complete", "recovery"]) {
      const body = path === "complete" ? { feeOption: "standard", requestId: "1" } : { offerTier: 1 };
      const foreign = await other.browser.postJson(`/api/distribute/${songId}/${path}`, body);
      expect(foreign.status, path).toBe(404);
      expect((await expectClientError(foreign, path)).message).toBe("Song not found");
      expect((await owner.browser.postJson(`/api/distribute/${crypto.randomUUID()}/${path}`, body)).status).toBe(404);
      expect((await new Browser().postJson(`/api/distribute/${songId}/${path}`, body)).status).toBe(401);
    }
    for (const path of ["/api/create-payment-intent", "/api/get-or-create-subscription"]) {
      await expectClientError(await new Browser().postJson(path, { amount: 9900 }), `${path} without a session`);
      const crossSite = await owner.browser.fetch(path, {
        method: "POST",
        headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
        body: "{}",
      });
      expect(crossSite.status).toBe(403);
    }
    const crossSite = await owner.browser.fetch(`/api/distribute/${songId}/complete`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ feeOption: "standard", requestId: "1" }),
    });
    expect(crossSite.status).toBe(403);

    expect(await stored()).toEqual(before);
    expect((await createStripe(env).charges.list({ customer: owner.customerId, limit: 10 })).data).toEqual([]);
  });
});

// ---- Sessions and links ---------------------------------------------------------------------------

/** A cookie value a client could send: any printable ASCII but the cookie separators. */
const cookieValue = fc.oneof(
  fc.string({
    unit: fc.constantFrom(...Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).filter((ch) => ch !== ";" && ch !== ",")),
    maxLength: 200,
  }),
  fc.constantFrom(...SQL.map(encodeURIComponent), "cus_123", "a.b", ".", "%", "%00", encodeURIComponent("x".repeat(43) + ".sig")),
);

describe("session cookies, session ids and page links refuse hostile values with a 4xx message", () => {
  it("a forged or garbled session cookie is no session: artist calls answer 401, nothing is stored", async () => {
    const { token } = await signedUpArtist();
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(cookieValue, cookieValue, async (artistCookie, adminCookie) => {
        const stranger = new Browser();
        stranger.setCookie(ARTIST_SESSION_COOKIE, artistCookie);
        stranger.setCookie("jplay_admin", adminCookie);
        const upload = await postRaw(
          stranger,
          "/api/distribute",
          songForm({ artistName: "Forged Session", songTitle: "Forged", price: "1.99", songFile: new Blob([mp3Bytes(2048)]) }),
        );
        expect((await expectClientError(upload, `artist cookie ${artistCookie.slice(0, 60)}`)).code).toBe("unauthorized");
        for (const path of ["/api/create-payment-intent", "/api/get-or-create-subscription"]) {
          expect((await stranger.postJson(path, { amount: 9900 })).status, path).toBe(401);
        }
        expect((await stranger.fetch("/api/admin/payments")).status).toBe(401);
        expect((await stranger.fetch("/api/admin/payment-mismatches")).status).toBe(401);
        // The page still opens by its link, and lists no session as this browser's.
        const page = await (await stranger.fetch(`/api/artist/${token}`)).json<{ sessions: Array<{ current: boolean }> }>();
        expect(page.sessions.some((session) => session.current)).toBe(false);
      }),
      { numRuns: RUNS },
    );
    expect(await stored()).toEqual(before);
  });

  it("ending a session or revoking links: hostile tokens answer 'Link not found', hostile or foreign session ids 'already ended'", async () => {
    const owner = await signedUpArtist();
    const other = await signedUpArtist();
    const [foreignSession] = (await (await new Browser().fetch(`/api/artist/${other.token}`)).json<{ sessions: Array<{ id: string }> }>()).sessions;
    const before = await stored();
    const badToken = fc.oneof(
      fc.integer({ min: 0, max: owner.token.length - 1 }).map((i) => owner.token.slice(0, i) + (owner.token[i] === "A" ? "B" : "A") + owner.token.slice(i + 1)),
      hostileText.filter((t) => t.length < 3000),
    );
    await fc.assert(
      fc.asyncProperty(
        badToken,
        fc.oneof(
          hostileText.filter((t) => t.length < 3000),
          fc.uuid(),
        ),
        async (token, sessionId) => {
          for (const path of [
            `/api/artist/${encodeURIComponent(token)}/revoke-links`,
            `/api/artist/${encodeURIComponent(token)}/sessions/${encodeURIComponent(sessionId)}/end`,
          ]) {
            const url = new URL(`${SITE}${path}`);
            if (!url.pathname.startsWith("/api/")) continue;
            const response = await new Browser().fetch(url.pathname, { method: "POST", headers: { Origin: SITE } });
            expect(response.status, path.slice(0, 120)).toBe(404);
            await expectClientError(response, path.slice(0, 120));
          }
          const url = new URL(`${SITE}/api/artist/${owner.token}/sessions/${encodeURIComponent(sessionId)}/end`);
          // Only a path that names a session reaches the route: an empty id, or "." and ".." (dot segments the
          // URL parser removes, as any client does), leave no segment between /sessions/ and /end.
          // The token is base64url: nothing in it is special to a regular expression.
          if (new RegExp(`^/api/artist/${owner.token}/sessions/[^/]+/end$`).test(url.pathname)) {
            const response = await new Browser().fetch(url.pathname, { method: "POST", headers: { Origin: SITE } });
            expect((await expectClientError(response, sessionId.slice(0, 80))).message).toBe("This session has already ended.");
          }
        },
      ),
      { numRuns: RUNS },
    );
    // Another artist's session, by its real id, through this artist's link: not found, still alive.
    const foreign = await new Browser().fetch(`/api/artist/${owner.token}/sessions/${foreignSession!.id}/end`, { method: "POST", headers: { Origin: SITE } });
    expect(foreign.status).toBe(404);
    expect((await (await new Browser().fetch(`/api/artist/${other.token}`)).json<{ sessions: unknown[] }>()).sessions).toHaveLength(1);
    expect((await owner.browser.fetch(`/api/artist/${owner.token}/revoke-links`, { method: "POST", headers: { Origin: "https://evil.example" } })).status).toBe(
      403,
    );
    expect(await stored()).toEqual(before);
  });

  it("admin: ending the sessions of hostile artist ids answers 404 and ends nothing", async () => {
    const operator = await signedInOperator();
    const artist = await signedUpArtist();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileText.filter((t) => t.length < 3000),
          fc.uuid(),
        ),
        async (artistId) => {
          const url = new URL(`${SITE}/api/admin/artists/${encodeURIComponent(artistId)}/end-sessions`);
          if (!url.pathname.endsWith("/end-sessions") || !url.pathname.startsWith("/api/admin/artists/")) return;
          const response = await operator.fetch(url.pathname, { method: "POST", headers: { Origin: SITE, "Content-Type": "application/json" } });
          expect(response.status, artistId.slice(0, 80)).toBeGreaterThanOrEqual(400);
          await expectClientError(response, artistId.slice(0, 80));
        },
      ),
      { numRuns: RUNS },
    );
    expect((await (await new Browser().fetch(`/api/artist/${artist.token}`)).json<{ sessions: unknown[] }>()).sessions).toHaveLength(1);
  });
});

// ---- Body limits ------------------------------------------------------------------------------------

describe("every endpoint refuses a body over its limit with 413 before any work", () => {
  it("however the length is given (true, smaller than the body, absent), nothing is stored", async () => {
    const { browser, customerId, token } = await signedUpArtist();
    const created = await postRaw(
      browser,
      "/api/distribute",
      songForm({ artistName: "Big Body", songTitle: "Unpaid", price: "1.99", songFile: new Blob([mp3Bytes(2048)]), customerId }),
    );
    expect(created.status).toBe(201);
    const { id: songId } = await created.json<{ id: string }>();
    // The same browser is also a signed-in operator, so the admin routes would do their work.
    const signIn = await browser.fetch("/api/admin/session", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE },
      body: JSON.stringify({ password: env.ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const before = await stored();

    const endpoints: Array<[string, number]> = [
      ["/api/create-setup-intent", JSON_BODY_MAX_BYTES],
      ["/api/save-payment-method", JSON_BODY_MAX_BYTES],
      [`/api/distribute/${songId}/complete`, JSON_BODY_MAX_BYTES],
      [`/api/distribute/${songId}/recovery`, JSON_BODY_MAX_BYTES],
      ["/api/create-payment-intent", JSON_BODY_MAX_BYTES],
      ["/api/get-or-create-subscription", JSON_BODY_MAX_BYTES],
      [`/api/artist/${token}/connect`, JSON_BODY_MAX_BYTES],
      ["/api/admin/session", JSON_BODY_MAX_BYTES],
      ["/api/admin/payments/retry", ADMIN_RETRY_BODY_MAX_BYTES],
      [`/api/admin/artists/${crypto.randomUUID()}/revoke-links`, JSON_BODY_MAX_BYTES],
      ["/api/webhooks/stripe", WEBHOOK_BODY_MAX_BYTES],
      ["/api/webhooks/stripe-connect", WEBHOOK_BODY_MAX_BYTES],
      ["/api/provider/purchases", MAX_PURCHASE_REPORT_BYTES],
      ["/api/stripe-sandbox/v1/customers", JSON_BODY_MAX_BYTES],
      ["/api/no-such-route", JSON_BODY_MAX_BYTES],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.constantFrom("declared", "lying", "chunked"),
        fc.integer({ min: 1, max: 64 * 1024 }),
        fc.constantFrom(0x20, 0x7b, 0x78, 0x00),
        async ([path, limit], sending, over, fill) => {
          const bytes = new Uint8Array(limit + over).fill(fill);
          const headers: Record<string, string> = { "Content-Type": "application/json", Origin: SITE, "Stripe-Signature": "t=1,v1=00" };
          if (sending === "declared") headers["Content-Length"] = String(bytes.length);
          if (sending === "lying") headers["Content-Length"] = "64";
          const body =
            sending === "chunked"
              ? new ReadableStream<Uint8Array>({
                  start(controller) {
                    for (let at = 0; at < bytes.length; at += 8192) controller.enqueue(bytes.subarray(at, at + 8192));
                    controller.close();
                  },
                })
              : bytes;
          const response = await browser.fetch(path, { method: "POST", headers, body });
          expect(response.status, `${path} ${sending} +${over}`).toBe(413);
          expect((await expectClientError(response, `${path} ${sending}`)).code).toBe("payload_too_large");
        },
      ),
      { numRuns: RUNS * 3 },
    );
    expect(await stored()).toEqual(before);
    expect((await createStripe(env).charges.list({ customer: customerId, limit: 10 })).data).toEqual([]);
  });
});

// ---- Rate limits across address forms ---------------------------------------------------------------------

/** One IPv6 address (eight 16-bit groups) as clients and proxies write it. */
function ipv6Spelling(groups: number[], form: number): string {
  const plain = groups.map((g) => g.toString(16));
  const padded = groups.map((g) => g.toString(16).padStart(4, "0"));
  let best = { at: -1, length: 0 };
  for (let at = 0; at < 8; at++) {
    let length = 0;
    while (at + length < 8 && groups[at + length] === 0) length++;
    if (length > best.length) best = { at, length };
  }
  const compressed = best.length > 1 ? `${plain.slice(0, best.at).join(":")}::${plain.slice(best.at + best.length).join(":")}` : plain.join(":");
  return [compressed, padded.join(":"), padded.join(":").toUpperCase(), `[${compressed}]`, `${compressed}%eth0`][form % 5]!;
}

/** POST /api/create-setup-intent from `address`, answered with at most `perHour` setup intents per client. */
async function setupIntentFrom(address: string, perHour: number): Promise<number> {
  const request = new Request(`${SITE}/api/create-setup-intent`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
    body: JSON.stringify({ paymentFrequency: "daily" }),
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, SETUP_INTENTS_PER_ADDRESS_PER_HOUR: String(perHour) }, ctx);
  await waitOnExecutionContext(ctx);
  await response.arrayBuffer();
  return response.status;
}

describe("the setup-intent budget of one client holds across the spellings of its address", () => {
  const hextet = fc.integer({ min: 0, max: 0xffff });
  // Budgets outlive a run, so each run gets a network of its own (generated values repeat, 0 above
  // all), and a failure is reported as found: shrinking would replay spent budgets.
  let run = 0;
  const freshHextet = () => (++run * 7919 + Math.floor(Math.random() * 4096)) & 0xffff;
  const stateful = { numRuns: 6, endOnFailure: true };

  it("IPv6: any three addresses of one /64, each spelled any way, share a budget of two", async () => {
    await fc.assert(
      fc.asyncProperty(
        hextet,
        fc.array(fc.array(hextet, { minLength: 4, maxLength: 4 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 3, maxLength: 3 }),
        async (subnet, interfaces, forms) => {
          // 2001:db8::/32 is the documentation prefix; the next two groups make this run's /64.
          const prefix = [0x2001, 0xdb8, freshHextet(), subnet];
          const addresses = interfaces.map((id, i) => ipv6Spelling([...prefix, ...id], forms[i]!));
          const statuses = [];
          for (const address of addresses) statuses.push(await setupIntentFrom(address, 2));
          expect(statuses, addresses.join(" ")).toEqual([200, 200, 429]);
        },
      ),
      stateful,
    );
  });

  it("IPv4: dotted, IPv4-mapped and mapped in hex are one client", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 2, maxLength: 2 }),
        fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 3, maxLength: 3 }),
        async (tail, forms) => {
          // 10.0.0.0/8: no other test's browser uses it.
          const octets = [10, ++run, ...tail];
          const dotted = octets.join(".");
          const hex = `${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
          const spellings = [dotted, `::ffff:${dotted}`, `::FFFF:${dotted}`, `::ffff:${hex}`, `0:0:0:0:0:ffff:${dotted}`];
          const statuses = [];
          for (const form of forms) statuses.push(await setupIntentFrom(spellings[form]!, 2));
          expect(statuses, forms.map((f) => spellings[f]).join(" ")).toEqual([200, 200, 429]);
        },
      ),
      stateful,
    );
  });
});
