/**
 * The operator's payment overview, retries and Charge All, and an artist's details, through the
 * Worker's real handlers with local D1, the JOBS queue consumer and the Stripe sandbox.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminPaymentRecord, AdminPaymentsResponse } from "@jplay/schema/admin";
import worker from "../src/index";
import { signedInOperator, SITE_ORIGIN } from "./admin-support";

/** Artists, cards, songs and payments written straight to D1, many at a time (one statement each). */
async function seedArtists(prefix: string, count: number) {
  const ids = JSON.stringify(Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(4, "0")}`));
  const statements = [
    `INSERT INTO artists (id, phone, stripe_customer_id) SELECT value, '+1 555 02' || key, 'cus_' || value FROM json_each(?1)`,
    `INSERT INTO payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, is_default)
       SELECT 'card-' || value, value, 'pm_' || value, 'visa', substr('000' || key, -4), 12, 2034, 1 FROM json_each(?1)`,
    // Every artist: one paid song (approved, $49.99) and one unpaid (pending) song.
    `INSERT INTO songs (id, artist_id, title, artist_name, status, audio_key, package, distribution_fee_cents, created_at)
       SELECT 'paid-' || value, value, 'Paid song ' || key, 'Seeded ' || key, 'approved', 'songs/x/audio.mp3', 'expedited', 4999, 1000 FROM json_each(?1)`,
    `INSERT INTO songs (id, artist_id, title, artist_name, status, audio_key, created_at)
       SELECT 'unpaid-' || value, value, 'Unpaid song ' || key, 'Seeded ' || key, 'pending', 'songs/x/audio.mp3', 2000 FROM json_each(?1)`,
    // Every third artist has a charge in flight for the unpaid song.
    `INSERT INTO payments (id, artist_id, song_id, purpose, package, amount_cents, status)
       SELECT 'pay-' || value, value, 'unpaid-' || value, 'distribution', 'expedited', 4999, 'processing' FROM json_each(?1) WHERE key % 3 = 0`,
  ];
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement).bind(ids)));
}

/** The D1 binding with a count of the statements prepared through it. */
function countingD1(d1: D1Database) {
  let statements = 0;
  const counted = new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => {
          statements++;
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1: counted, statements: () => statements };
}

async function paymentsWithCountedQueries(cookie: string) {
  const counter = countingD1(env.DB);
  const response = await worker.fetch(
    new Request(`${SITE_ORIGIN}/api/admin/payments`, { headers: { Cookie: cookie } }),
    { ...env, DB: counter.d1 } as Env,
    createExecutionContext(),
  );
  expect(response.status).toBe(200);
  return { body: (await response.json()) as AdminPaymentsResponse, statements: counter.statements() };
}

async function operatorCookie() {
  const response = await worker.fetch(
    new Request(`${SITE_ORIGIN}/api/admin/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
      body: JSON.stringify({ password: env.ADMIN_PASSWORD }),
    }),
    env,
    createExecutionContext(),
  );
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}

describe("GET /api/admin/payments", () => {
  it("answers the spec's record per saved card, with songs, fees in dollars and charges in flight", async () => {
    await seedArtists("shape", 3);
    // A second, older card for artist 1, and an artist with a card but no song and no payment.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, is_default, created_at) VALUES ('card-old', 'shape-0001', 'pm_old', 'mastercard', '4444', 1, 2030, 0, 1)",
      ),
      env.DB.prepare("INSERT INTO artists (id, phone, stripe_customer_id) VALUES ('shape-new', NULL, 'cus_shape_new')"),
      env.DB.prepare("INSERT INTO payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, is_default) VALUES ('card-new', 'shape-new', 'pm_new', 'amex', '0005', 3, 2031, 1)"),
      // shape-0002's paid song was never paid after all: no successful payment for that artist.
      env.DB.prepare("UPDATE songs SET status = 'pending', package = NULL, distribution_fee_cents = NULL WHERE id = 'paid-shape-0002'"),
      env.DB.prepare("INSERT INTO payments (id, artist_id, song_id, purpose, amount_cents, status) VALUES ('failed-shape-2', 'shape-0002', 'paid-shape-0002', 'distribution', 9900, 'failed')"),
    ]);

    const operator = await signedInOperator();
    const response = await operator.fetch("/api/admin/payments");
    expect(response.status).toBe(200);
    const { payments } = (await response.json()) as AdminPaymentsResponse;
    const byCard = new Map(payments.map((record) => [record.paymentMethodId, record]));

    expect(byCard.get("card-shape-0000")).toEqual({
      paymentMethodId: "card-shape-0000",
      artistId: "shape-0000",
      artistName: "Seeded 0",
      artistPhone: "+1 555 020",
      cardBrand: "visa",
      last4: "0000",
      expMonth: 12,
      expYear: 2034,
      isDefault: true,
      songs: [
        { id: "unpaid-shape-0000", title: "Unpaid song 0", status: "pending", processingPayment: true },
        { id: "paid-shape-0000", title: "Paid song 0", status: "approved", distributionFee: 49.99, processingPayment: false },
      ],
      hasSuccessfulPayment: true,
    } satisfies AdminPaymentRecord);
    // One record per card: the artist's second card carries the same songs.
    expect(byCard.get("card-old")).toMatchObject({ artistId: "shape-0001", cardBrand: "mastercard", last4: "4444", isDefault: false, expMonth: 1, expYear: 2030 });
    expect(byCard.get("card-old")!.songs.map((s) => s.id)).toEqual(["unpaid-shape-0001", "paid-shape-0001"]);
    expect(byCard.get("card-shape-0001")!.songs[0]).toEqual({ id: "unpaid-shape-0001", title: "Unpaid song 1", status: "pending", processingPayment: false });
    // A failed payment is not in flight, and is not a successful one.
    expect(byCard.get("card-shape-0002")).toMatchObject({ hasSuccessfulPayment: false });
    expect(byCard.get("card-shape-0002")!.songs.every((s) => !s.processingPayment && s.distributionFee === undefined)).toBe(true);
    expect(byCard.get("card-new")).toEqual({
      paymentMethodId: "card-new",
      artistId: "shape-new",
      artistName: "",
      artistPhone: "",
      cardBrand: "amex",
      last4: "0005",
      expMonth: 3,
      expYear: 2031,
      isDefault: true,
      songs: [],
      hasSuccessfulPayment: false,
    });
  });

  it("counts an artist whose initial charge succeeded as having a successful payment", async () => {
    await seedArtists("initial", 1);
    await env.DB.batch([
      env.DB.prepare("UPDATE songs SET status = 'pending', package = NULL, distribution_fee_cents = NULL WHERE artist_id = 'initial-0000'"),
      env.DB.prepare("DELETE FROM payments WHERE artist_id = 'initial-0000'"),
    ]);
    const operator = await signedInOperator();
    const record = async () =>
      ((await (await operator.fetch("/api/admin/payments")).json()) as AdminPaymentsResponse).payments.find((p) => p.artistId === "initial-0000")!;
    expect((await record()).hasSuccessfulPayment).toBe(false);
    await env.DB.prepare("INSERT INTO payments (id, artist_id, purpose, amount_cents, status) VALUES ('init-ok', 'initial-0000', 'initial_charge', 799, 'succeeded')").run();
    expect((await record()).hasSuccessfulPayment).toBe(true);
  });

  it("reads D1 a fixed number of times whatever the number of artists", async () => {
    const cookie = await operatorCookie();
    await seedArtists("few", 2);
    const few = await paymentsWithCountedQueries(cookie);
    await seedArtists("many", 300);
    const many = await paymentsWithCountedQueries(cookie);
    expect(many.body.payments.length - few.body.payments.length).toBe(300);
    expect(many.body.payments.filter((p) => p.artistId.startsWith("many-")).every((p) => p.songs.length === 2)).toBe(true);
    expect(few.statements).toBeGreaterThan(0);
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBeLessThanOrEqual(4);
    console.log(`GET /api/admin/payments: ${many.statements} D1 statements for ${many.body.payments.length} records`);
  });
});
