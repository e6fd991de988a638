/**
 * Texts to artists (docs/decisions/026-texts-to-artists.md) against the real local D1, the Stripe
 * sandbox and the Worker's routes: each event writes exactly one outbox row however often it is
 * delivered, an opted-out number gets none, the send job logs without a provider, fails honestly in
 * production without one and handles Twilio's answers (fetch answered like Twilio documents; the
 * adapter's own wire test is src/texts/sms-provider.test.ts), the private page link never stays
 * readable once sent, STOP/START arrive only signed by Twilio, and the admin lists what was sent.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADMIN_MESSAGES_PAGE_SIZE, type AdminTextMessagesResponse } from "@jplay/schema/text-messages";
import { app } from "../../worker/app";
import { processDistribution } from "../../distribution/jobs/process-distribution";
import { NO_PROVIDER_ERROR, sendText } from "../jobs/send-text";
import { applySucceededPayment } from "../../payments/checkout/apply-payment";
import { deliverDueSongs } from "../../distribution/distribution-pipeline";
import { textCardSaved, textRenewalNeedsConfirmation } from "../event-texts";
import { artistLinkStatement, artistPagePath, resolveArtistLink } from "../../access/artist-links";
import { onPaymentIntentFailed } from "../../payments/webhooks/payment-events";
import { ACCOUNTS, postTransaction } from "../../ledger/ledger";
import { payArtist } from "../../ledger/payouts";
import { signTwilioRequest } from "../twilio-signature";
import { adminWrite, signedInOperator } from "../../../test/admin-support";
import { artistWithSong, complete, paymentIntentsOf, songPaid } from "../../../test/payment-support";
import { fundPlatformBalance, payableConnectedAccount } from "../../../test/platform-funds";
import { CapturingQueue, identifiersAssigned, insertArtist, insertSong, paySong, pipelineContext } from "../../../test/song-fixtures";
import { Browser, nextPhone, phoneConfirmedFor, pngBytes, setUpArtist, testContext } from "../../../test/support";

const testCtx = testContext();
const TWILIO = { TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000001", TWILIO_AUTH_TOKEN: "test-twilio-auth-token", TWILIO_FROM_NUMBER: "+15550100000" };

interface TextRow {
  id: string;
  artist_id: string;
  to_phone: string;
  kind: string;
  dedupe_key: string;
  body: string;
  status: string;
  provider_message_id: string | null;
  attempts: number;
  error: string | null;
  sent_at: number | null;
}

const textsOf = async (artistId: string, kind: string) =>
  (await env.DB.prepare("select * from text_messages where artist_id = ?1 and kind = ?2").bind(artistId, kind).all<TextRow>()).results;
const textById = (id: string) => env.DB.prepare("select * from text_messages where id = ?1").bind(id).first<TextRow>();
const isOptedOut = async (phone: string) => (await env.DB.prepare("select 1 from sms_opt_outs where phone = ?1").bind(phone).first()) !== null;
const e164 = (typed: string) => `+${typed.replace(/\D/g, "")}`;

/** An artist written straight to D1 with a phone number, for the pipeline and payout hooks. */
async function artistWithPhone(phone = nextPhone()): Promise<{ artistId: string; phone: string }> {
  const artistId = await insertArtist();
  await env.DB.prepare("update artists set phone = ?1 where id = ?2").bind(phone, artistId).run();
  return { artistId, phone: e164(phone) };
}

/** A queued text row of the artist's (a card-saved text holding a page link: their phone is confirmed), and its id. */
async function queuedText(artistId: string, jobs = new CapturingQueue()): Promise<TextRow> {
  await phoneConfirmedFor(artistId);
  await textCardSaved(testContext({ jobs: jobs.asQueue() }), {
    artistId,
    paymentMethodId: `pm_${crypto.randomUUID()}`,
    artistPageUrl: `https://jplay.test/artist/${"A".repeat(43)}`,
  });
  const [row] = await textsOf(artistId, "card_saved");
  expect(row?.status).toBe("queued");
  expect(jobs.take()).toEqual([{ body: { type: "text.send", messageId: row!.id }, delaySeconds: undefined }]);
  return row!;
}

/** fetch answered like Twilio's Messages API, recording the requests the adapter made. */
function twilioAnswers(...answers: Array<{ status: number; body: unknown }>) {
  const requests: Request[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    requests.push(new Request(input, init));
    const answer = answers.shift();
    if (!answer) throw new Error("no more Twilio answers scripted");
    return Response.json(answer.body, { status: answer.status });
  });
  return requests;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("one text per event", () => {
  it("saving a card texts that it is saved, without the page's link while the phone is not confirmed, once", async () => {
    const { setup, saved } = await setUpArtist(new Browser());
    const { artistPageUrl } = await saved.json<{ artistPageUrl: string }>();
    const artist = await env.DB.prepare("select id from artists where stripe_customer_id = ?1").bind(setup.customerId).first<{ id: string }>();
    const [text, ...more] = await textsOf(artist!.id, "card_saved");
    expect(more).toHaveLength(0);
    expect(text!.to_phone).toMatch(/^\+1555010\d{4}$/);
    expect(text!.body).toBe(
      "JPlay: your card is saved. Open your private artist page from the screen where you saved it, and confirm this phone there to get its link by text. Reply STOP to opt out.",
    );
    expect(text!.body).not.toContain(artistPageUrl.split("/").pop()!);
  });

  it("with the phone confirmed, saving a card texts the artist's private page link, once, and the stored body loses the token once logged", async () => {
    const { setup, saved } = await setUpArtist(new Browser());
    const { artistPageUrl } = await saved.json<{ artistPageUrl: string }>();
    const token = artistPageUrl.split("/").pop()!;
    const artist = await env.DB.prepare("select id from artists where stripe_customer_id = ?1").bind(setup.customerId).first<{ id: string }>();
    await phoneConfirmedFor(artist!.id);
    // The next card saved (another payment method): its text carries the link.
    await env.DB.prepare("delete from text_messages where artist_id = ?1").bind(artist!.id).run();
    await textCardSaved(testContext({ jobs: new CapturingQueue().asQueue() }), {
      artistId: artist!.id,
      paymentMethodId: `pm_${crypto.randomUUID()}`,
      artistPageUrl: `http://jplay.test${artistPageUrl}`,
    });
    const [text] = await textsOf(artist!.id, "card_saved");
    expect(text!.body).toContain(`http://jplay.test/artist/${token}`);

    const log = vi.spyOn(console, "log");
    await sendText(testContext(), text!.id);
    const settled = (await textById(text!.id))!;
    expect(settled.status).toBe("logged");
    expect(settled.body).not.toContain(token);
    expect(settled.body).toContain("/artist/[link hidden]");
    expect(settled.body).toMatch(/^JPlay: .*Reply STOP to opt out\.$/);
    // The log line is what a local run has instead of a phone: the full link, on one JSON line — unless
    // the local queue consumer sent it first, in which case this call found it settled and logged nothing.
    const lines = log.mock.calls.map(([line]) => String(line)).filter((line) => line.includes(text!.id));
    for (const line of lines)
      expect(JSON.parse(line)).toMatchObject({ to: text!.to_phone, kind: "card_saved", body: expect.stringContaining(`http://jplay.test/artist/${token}`) });

    // The same save told twice (a retried request): still one text.
    await textCardSaved(testContext({ jobs: new CapturingQueue().asQueue() }), {
      artistId: artist!.id,
      paymentMethodId: text!.dedupe_key.split(":")[1]!,
      artistPageUrl: "https://jplay.test/artist/x",
    });
    expect(await textsOf(artist!.id, "card_saved")).toHaveLength(1);
  });

  it("a renewal waiting for 3-D Secure texts once with one page link, even when deliveries of its event run at once", async () => {
    const { artistId } = await artistWithPhone();
    await phoneConfirmedFor(artistId);
    const linksOf = async () => (await env.DB.prepare("select count(*) as n from artist_links where artist_id = ?1").bind(artistId).first<{ n: number }>())!.n;
    const linksBefore = await linksOf();
    const invoiceId = `in_${crypto.randomUUID()}`;
    // What payments/pro/renewal-confirmation.ts hands the text: a link written only with the text.
    const deliver = () =>
      textRenewalNeedsConfirmation(testContext({ jobs: new CapturingQueue().asQueue() }), {
        artistId,
        invoiceId,
        amountCents: 1499,
        artistPageLink: async (onlyIf) => {
          const { token, statement } = await artistLinkStatement(artistId, onlyIf);
          return { url: `https://jplay.test${artistPagePath(token)}`, statement };
        },
      });
    // Stripe delivers an event more than once, and a redelivery may run beside the first.
    await Promise.all([deliver(), deliver(), deliver()]);
    const [text, ...more] = await textsOf(artistId, "renewal_needs_confirmation");
    expect(more).toHaveLength(0);
    expect(await linksOf()).toBe(linksBefore + 1);
    // The one link left is the one texted: it opens the artist's page.
    const token = /https:\/\/jplay\.test\/artist\/([A-Za-z0-9_-]{20,})/.exec(text!.body)?.[1];
    expect(token).toBeDefined();
    expect(await resolveArtistLink(testCtx, token!)).toBe(artistId);

    // A later delivery (Billing's retry asks again about the same invoice): nothing more.
    await deliver();
    expect(await textsOf(artistId, "renewal_needs_confirmation")).toHaveLength(1);
    expect(await linksOf()).toBe(linksBefore + 1);
  });

  it("a payment that succeeds texts once, however often it is applied again", async () => {
    const { browser, songId, artistId, customerId } = await artistWithSong();
    expect((await complete(browser, songId, "standard")).status).toBe(200);
    await songPaid(songId);
    const [payment] = await paymentIntentsOf(customerId);
    const paymentId = payment!.metadata.paymentId!;
    const jobs = new CapturingQueue();
    expect(await applySucceededPayment(testContext({ jobs: jobs.asQueue() }), paymentId, "redelivered webhook")).toBe(false);
    const texts = await textsOf(artistId, "payment_succeeded");
    expect(texts).toHaveLength(1);
    expect(texts[0]!.dedupe_key).toBe(`payment_succeeded:${paymentId}`);
    expect(texts[0]!.body).toContain("$99.00");
    expect(texts[0]!.body).toContain('"Paid Song"');
  });

  it("a declined payment texts once, however often Stripe's failure event arrives", async () => {
    const { browser, songId, artistId, customerId } = await artistWithSong("4000000000000341");
    expect((await complete(browser, songId, "standard")).status).toBe(402);
    const [intent] = await paymentIntentsOf(customerId);
    const deps = testContext({ jobs: new CapturingQueue().asQueue() });
    await onPaymentIntentFailed(deps, intent!);
    await onPaymentIntentFailed(deps, intent!);
    const texts = await textsOf(artistId, "payment_failed");
    expect(texts).toHaveLength(1);
    expect(texts[0]!.dedupe_key).toBe(`payment_failed:${intent!.metadata.paymentId}`);
  });

  it("a song rejected by its audio check texts once, with the reason and the refund line, however often the job runs", async () => {
    const { artistId } = await artistWithPhone();
    const songId = await insertSong({ artistId, audio: pngBytes() });
    await paySong(songId, artistId, "standard");
    const jobs = new CapturingQueue();
    await processDistribution(pipelineContext(jobs), songId);
    await processDistribution(pipelineContext(jobs), songId);
    const texts = await textsOf(artistId, "song_rejected");
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("If you paid, the full fee is being refunded to your card.");
    expect(jobs.take().filter((message) => message.body.type === "text.send")).toHaveLength(1);
  });

  it("a song that goes live texts once, whether the delivery job or the sweep moved it", async () => {
    const { artistId } = await artistWithPhone();
    const songId = await insertSong({ artistId });
    await paySong(songId, artistId, "expedited", Date.now() - 3 * 24 * 3600_000);
    await env.DB.prepare("update songs set deliver_at = ?1, reviewed_at = ?1, reviewed_by = 'ops@jplay.test' where id = ?2")
      .bind(Date.now() - 1000, songId)
      .run();
    await identifiersAssigned(songId);
    const ctx = testContext({ jobs: new CapturingQueue().asQueue() });
    expect(await deliverDueSongs(ctx, Date.now(), "the delivery job", [songId])).toEqual([songId]);
    expect(await deliverDueSongs(ctx, Date.now(), "the scheduled sweep", [songId])).toEqual([]);
    const texts = await textsOf(artistId, "song_distributed");
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/is now live on the tablets/);
  });

  it("a payout texts its amount once, however often the payout job is delivered", async () => {
    await fundPlatformBalance(10_000);
    const { artistId } = await artistWithPhone();
    const account = await payableConnectedAccount();
    await env.DB.prepare("update artists set payment_frequency = 'daily', stripe_account_id = ?1, payouts_enabled = 1 where id = ?2")
      .bind(account.id, artistId)
      .run();
    await postTransaction(testCtx, "purchase", crypto.randomUUID(), [
      { account: ACCOUNTS.providerReceivable, amountCents: -1000 },
      { account: ACCOUNTS.artistAvailable(artistId), artistId, amountCents: 1000 },
    ]);
    const payouts = testContext({ jobs: new CapturingQueue().asQueue() });
    expect(await payArtist(payouts, artistId, "2026-11-24")).toBe("paid");
    expect(await payArtist(payouts, artistId, "2026-11-24")).toBe("already_done");
    const texts = await textsOf(artistId, "payout_sent");
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("$10.00");
  });
});

describe("in the artist's language", () => {
  it("an artist who saved their card with the app in Spanish is texted in Spanish, and in English once the app says so", async () => {
    const browser = new Browser();
    browser.setCookie("language", "es");
    const { setup } = await setUpArtist(browser);
    const artist = await env.DB.prepare("select id, language from artists where stripe_customer_id = ?1")
      .bind(setup.customerId)
      .first<{ id: string; language: string }>();
    expect(artist?.language).toBe("es");
    const [saved] = await textsOf(artist!.id, "card_saved");
    expect(saved!.body).toBe(
      "JPlay: tu tarjeta está guardada. Abre tu página privada de artista desde la pantalla donde la guardaste y confirma allí este teléfono para recibir su enlace por mensaje. Responde STOP para no recibir más mensajes.",
    );
    expect((await (await browser.fetch("/api/me")).json<{ artist: { language: string } }>()).artist.language).toBe("es");

    const put = (who: Browser, body: unknown) =>
      who.fetch("/api/me/language", {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: "http://jplay.test" },
        body: JSON.stringify(body),
      });
    expect((await put(browser, { language: "fr" })).status).toBe(400);
    expect((await put(new Browser(), { language: "en" })).status).toBe(401);
    const switched = await put(browser, { language: "en" });
    expect(switched.status).toBe(200);
    expect((await (await browser.fetch("/api/me")).json<{ artist: { language: string } }>()).artist.language).toBe("en");

    await textCardSaved(testContext({ jobs: new CapturingQueue().asQueue() }), {
      artistId: artist!.id,
      paymentMethodId: `pm_${crypto.randomUUID()}`,
      artistPageUrl: "https://jplay.test/artist/x",
    });
    const bodies = (await textsOf(artist!.id, "card_saved")).map((row) => row.body);
    expect(bodies).toHaveLength(2);
    expect(bodies.filter((body) => body.startsWith("JPlay: your card is saved.") && body.endsWith("Reply STOP to opt out."))).toHaveLength(1);
  });
});

describe("only the countries JPlay texts", () => {
  it("a number abroad, or a +1 number of the Caribbean, Canada, toll-free or premium rate, is refused when a card is saved, before anything is counted or saved", async () => {
    for (const phoneNumber of ["+44 20 7946 0958", "+1 876 555 0100", "+1 416 555 0100", "+1 900 555 0100", "+1 800 555 0100", "+52 55 5555 0100"]) {
      const browser = new Browser();
      const { setup, saved } = await setUpArtist(browser, undefined, phoneNumber);
      expect(saved.status, phoneNumber).toBe(400);
      expect(await saved.json(), phoneNumber).toEqual({
        error: { code: "bad_request", message: "Enter a mobile number in US: JPlay texts you about your songs and payments there." },
      });
      expect(await env.DB.prepare("select 1 from artists where stripe_customer_id = ?1").bind(setup.customerId).first(), phoneNumber).toBeNull();
      expect(
        await env.DB.prepare("select 1 from rate_limits where key like ?1").bind(`save-card:customer:${setup.customerId}%`).first(),
        phoneNumber,
      ).toBeNull();
    }
    // The same card saved with a US number goes through (the refusal held nothing back).
    const browser = new Browser();
    const { saved } = await setUpArtist(browser, undefined, "+1 (555) 010-4321");
    expect(saved.status).toBe(200);
  });

  it("a number saved before in a country no longer texted gets no text: its row is failed with the reason; SMS_COUNTRIES adds a country", async () => {
    const { artistId } = await artistWithPhone("+44 20 7946 0958");
    // Confirmed: the text is written with the link, which a failed row must not keep readable.
    await phoneConfirmedFor(artistId);
    const jobs = new CapturingQueue();
    await textCardSaved(testContext({ jobs: jobs.asQueue() }), {
      artistId,
      paymentMethodId: `pm_${crypto.randomUUID()}`,
      artistPageUrl: `https://jplay.test/artist/${"A".repeat(43)}`,
    });
    const [refused] = await textsOf(artistId, "card_saved");
    expect(refused).toMatchObject({ status: "failed", error: "JPlay does not text numbers in this country (SMS_COUNTRIES)." });
    expect(refused!.body).not.toContain("A".repeat(43));
    expect(refused!.body).toContain("/artist/[link hidden]");
    expect(jobs.take()).toEqual([]);

    const { artistId: served } = await artistWithPhone("+44 20 7946 0959");
    const withBritain = testContext({ env: { ...env, SMS_COUNTRIES: "US, gb" }, jobs: jobs.asQueue() });
    await textCardSaved(withBritain, {
      artistId: served,
      paymentMethodId: `pm_${crypto.randomUUID()}`,
      artistPageUrl: `https://jplay.test/artist/${"B".repeat(43)}`,
    });
    expect((await textsOf(served, "card_saved"))[0]).toMatchObject({ status: "queued", to_phone: "+442079460959" });
  });
});

describe("opting out", () => {
  it("a number an operator marked opted out gets no text: its row is skipped and no send is queued", async () => {
    const { artistId, phone } = await artistWithPhone();
    const operator = await signedInOperator();
    const marked = await adminWrite(operator, "POST", "/api/admin/sms-opt-outs", { phone });
    expect(marked.status).toBe(200);
    expect(await isOptedOut(phone)).toBe(true);
    expect((await adminWrite(operator, "POST", "/api/admin/sms-opt-outs", { phone: "12" })).status).toBe(400);

    const songId = await insertSong({ artistId, audio: pngBytes() });
    const jobs = new CapturingQueue();
    await paySong(songId, artistId, "standard");
    await processDistribution(pipelineContext(jobs), songId);
    const [text] = await textsOf(artistId, "song_rejected");
    expect(text).toMatchObject({ status: "skipped", error: "The number opted out (STOP)." });
    expect(jobs.take().filter((message) => message.body.type === "text.send")).toEqual([]);
  });

  async function inbound(
    fields: Record<string, string>,
    sign: (url: string, params: URLSearchParams) => Promise<string | null>,
    appEnv: Env = { ...env, ...TWILIO },
  ) {
    const url = "http://jplay.test/api/sms/inbound";
    const params = new URLSearchParams(fields);
    const signature = await sign(url, params);
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
    if (signature) headers["X-Twilio-Signature"] = signature;
    return app.fetch(new Request(url, { method: "POST", headers, body: params.toString() }), appEnv);
  }
  const twilioSigned = (url: string, params: URLSearchParams) => signTwilioRequest(TWILIO.TWILIO_AUTH_TOKEN, url, params);

  it("STOP and START by text are honoured only when Twilio signed them", async () => {
    const phone = e164(nextPhone());
    const fields = {
      MessageSid: "SM0000000000000000000000000000000a",
      AccountSid: TWILIO.TWILIO_ACCOUNT_SID,
      From: phone,
      To: TWILIO.TWILIO_FROM_NUMBER,
      Body: " stop ",
    };

    expect((await inbound(fields, async () => null)).status).toBe(403);
    expect((await inbound(fields, (url, params) => signTwilioRequest("another-token", url, params))).status).toBe(403);
    expect(
      (await inbound(fields, async (url, params) => twilioSigned(url, new URLSearchParams({ ...Object.fromEntries(params), Body: "START" })))).status,
    ).toBe(403);
    expect((await inbound(fields, twilioSigned, env)).status).toBe(503); // no TWILIO_AUTH_TOKEN: nothing is read
    expect(await isOptedOut(phone)).toBe(false);

    const stopped = await inbound(fields, twilioSigned);
    expect(stopped.status).toBe(200);
    expect(stopped.headers.get("Content-Type")).toMatch(/^text\/xml/);
    expect(await stopped.text()).toContain("<Response></Response>");
    expect(await isOptedOut(phone)).toBe(true);

    expect((await inbound({ ...fields, Body: "hello" }, twilioSigned)).status).toBe(200);
    expect(await isOptedOut(phone)).toBe(true);
    expect((await inbound({ ...fields, Body: "START" }, twilioSigned)).status).toBe(200);
    expect(await isOptedOut(phone)).toBe(false);
  });
});

describe("sending", () => {
  it("in production without a provider a text is failed, not pretended, and the error is logged", async () => {
    const { artistId } = await artistWithPhone();
    const row = await queuedText(artistId);
    const errors = vi.spyOn(console, "error");
    await sendText(testContext({ env: { ...env, APP_ENV: "production" } }), row.id);
    const settled = (await textById(row.id))!;
    expect(settled).toMatchObject({ status: "failed", error: NO_PROVIDER_ERROR, sent_at: null });
    expect(settled.body).toContain("/artist/[link hidden]");
    expect(errors.mock.calls.some(([line]) => String(line).includes("TWILIO_ACCOUNT_SID"))).toBe(true);
  });

  it("through Twilio: sent with Twilio's sid, the link hidden afterwards, and a second delivery sends nothing", async () => {
    const { artistId, phone } = await artistWithPhone();
    const row = await queuedText(artistId);
    const requests = twilioAnswers({ status: 201, body: { sid: "SM0123456789abcdef0123456789abcdef", status: "queued" } });
    await sendText(testContext({ env: { ...env, ...TWILIO } }), row.id);
    await sendText(testContext({ env: { ...env, ...TWILIO } }), row.id);
    expect(requests).toHaveLength(1);
    const form = new URLSearchParams(await requests[0]!.text());
    expect(form.get("To")).toBe(phone);
    expect(form.get("Body")).toContain(`/artist/${"A".repeat(43)}`);
    expect((await textById(row.id))!).toMatchObject({ status: "sent", provider_message_id: "SM0123456789abcdef0123456789abcdef", attempts: 1 });
    expect((await textById(row.id))!.body).not.toContain("A".repeat(43));
  });

  it("Twilio's 500 is thrown for the queue to retry, with the attempt counted; the retry sends", async () => {
    const { artistId } = await artistWithPhone();
    const row = await queuedText(artistId);
    twilioAnswers({ status: 500, body: { code: 20500, message: "Internal Server Error", status: 500 } }, { status: 201, body: { sid: "SMretry" } });
    await expect(sendText(testContext({ env: { ...env, ...TWILIO } }), row.id)).rejects.toThrow(/Twilio answered 500/);
    expect((await textById(row.id))!).toMatchObject({ status: "queued", attempts: 1 });
    await sendText(testContext({ env: { ...env, ...TWILIO } }), row.id);
    expect((await textById(row.id))!).toMatchObject({ status: "sent", attempts: 2, provider_message_id: "SMretry" });
  });

  it("Twilio's 21610 (the number answered STOP) fails the text and records the opt-out", async () => {
    const { artistId, phone } = await artistWithPhone();
    const row = await queuedText(artistId);
    twilioAnswers({
      status: 400,
      body: { code: 21610, message: "Attempt to send to unsubscribed recipient", more_info: "https://www.twilio.com/docs/errors/21610", status: 400 },
    });
    await sendText(testContext({ env: { ...env, ...TWILIO } }), row.id);
    expect((await textById(row.id))!).toMatchObject({ status: "failed", error: "Twilio 21610: Attempt to send to unsubscribed recipient" });
    expect(await isOptedOut(phone)).toBe(true);
  });
});

describe("the admin's Messages list", () => {
  it("lists texts newest first with link tokens hidden, behind admin sign-in, and refuses a bad cursor", async () => {
    const { artistId, phone } = await artistWithPhone();
    await queuedText(artistId);
    expect((await new Browser().fetch("/api/admin/messages")).status).toBe(401);
    const operator = await signedInOperator();
    const listed = await (await operator.fetch("/api/admin/messages")).json<AdminTextMessagesResponse>();
    expect(listed.messages.length).toBeLessThanOrEqual(ADMIN_MESSAGES_PAGE_SIZE);
    const created = listed.messages.map((message) => message.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const ours = listed.messages.find((message) => message.toPhone === phone);
    expect(ours).toMatchObject({ kind: "card_saved", status: "queued" });
    expect(ours!.body).toContain("/artist/[link hidden]");
    expect(JSON.stringify(listed)).not.toContain("A".repeat(43));
    expect((await operator.fetch("/api/admin/messages?cursor=not-a-cursor")).status).toBe(400);
  });

  it("pages by cursor: each page starts after the last text of the one before, ties in a millisecond by id, and the last page names none", async () => {
    const { artistId } = await artistWithPhone();
    // Texts created after every other test's, three of them in one millisecond.
    const at = [9e12 + 3, 9e12 + 2, 9e12 + 2, 9e12 + 2, 9e12 + 1];
    const ids = at.map((_, i) => `page-text-${i}`);
    await env.DB.batch(
      at.map((createdAt, i) =>
        env.DB.prepare(
          "INSERT INTO text_messages (id, artist_id, to_phone, kind, dedupe_key, body, status, created_at) VALUES (?1, ?2, '+15550000000', 'card_saved', 'paged-' || ?1, 'Paged', 'logged', ?3)",
        ).bind(ids[i], artistId, createdAt),
      ),
    );
    const operator = await signedInOperator();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const listed: AdminTextMessagesResponse = await (await operator.fetch(`/api/admin/messages${cursor ? `?cursor=${cursor}` : ""}`)).json();
      seen.push(...listed.messages.map((message) => message.id));
      cursor = listed.nextCursor;
      pages++;
    } while (cursor && pages < 1000);
    expect(cursor).toBeNull();
    // Every text once, in order: the five first, then every other test's.
    expect(seen.slice(0, 5)).toEqual(["page-text-0", "page-text-3", "page-text-2", "page-text-1", "page-text-4"]);
    expect(new Set(seen).size).toBe(seen.length);
    const total = await env.DB.prepare("SELECT count(*) AS n FROM text_messages").first<number>("n");
    expect(seen.length).toBe(total);
  });
});
