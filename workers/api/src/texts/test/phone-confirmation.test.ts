/**
 * Confirming the artist's phone from their private page (texts/phone-confirmation.ts) against the
 * real local D1 and the Worker's routes: a code is texted to the number (and hidden in the outbox
 * once sent), the right code confirms that number and texts then carry the page's link, a wrong one
 * uses up one of five tries, an old one or a spent one confirms nothing, asking for codes is limited,
 * and a card saved later with another number is not confirmed.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ArtistPhoneResponse, PhoneCodeSentResponse } from "@jplay/schema/phone-confirmation";
import { sendText } from "../jobs/send-text";
import { textCardSaved } from "../event-texts";
import { CapturingQueue } from "../../../test/song-fixtures";
import { Browser, setUpArtist, testContext } from "../../../test/support";

const codeTextsOf = async (artistId: string) =>
  (
    await env.DB.prepare("select id, body, status from text_messages where artist_id = ?1 and kind = 'phone_code' order by created_at")
      .bind(artistId)
      .all<{ id: string; body: string; status: string }>()
  ).results;

/** A new artist who saved a card with `phoneNumber`: their page's token and id. */
async function artistOnPage(phoneNumber = "+1 (555) 010-2468") {
  const browser = new Browser();
  const { setup, saved } = await setUpArtist(browser, undefined, phoneNumber);
  expect(saved.status).toBe(200);
  const { artistPageUrl } = await saved.json<{ artistPageUrl: string }>();
  const artist = await env.DB.prepare("select id from artists where stripe_customer_id = ?1").bind(setup.customerId).first<{ id: string }>();
  return { browser, token: artistPageUrl.slice("/artist/".length), artistId: artist!.id, customerId: setup.customerId };
}

const page = new Browser();
const phoneOf = async (token: string) => (await (await page.fetch(`/api/artist/${token}/phone`)).json<ArtistPhoneResponse>()).phone;
const askForCode = (token: string) => page.fetch(`/api/artist/${token}/phone/code`, { method: "POST" });
const confirm = (token: string, code: string) => page.postJson(`/api/artist/${token}/phone/confirm`, { code });

/** The code in the latest text sent to the artist (as the phone shows it: `123-456`). */
async function textedCode(artistId: string): Promise<string> {
  const texts = await codeTextsOf(artistId);
  const code = /JPlay: (\d{3}-\d{3}) is your code/.exec(texts[texts.length - 1]!.body)?.[1];
  expect(code).toBeDefined();
  return code!;
}

describe("confirming the phone", () => {
  it("texts a code to the number; typed back it confirms the number, the code is hidden once sent, and texts carry the page's link from then on", async () => {
    const { token, artistId } = await artistOnPage();
    expect(await phoneOf(token)).toEqual({ number: "+1 ••• ••• 2468", confirmed: false });

    const asked = await askForCode(token);
    expect(asked.status).toBe(200);
    const sent = await asked.json<PhoneCodeSentResponse>();
    expect(sent.sentTo).toBe("+1 ••• ••• 2468");
    expect(Date.parse(sent.expiresAt) - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    const code = await textedCode(artistId);
    const [text] = await codeTextsOf(artistId);
    expect(text!.body).toBe(
      `JPlay: ${code} is your code to confirm this phone on your artist page. It works for 10 minutes. Do not share it. Reply STOP to opt out.`,
    );
    // Nothing but a hash of it is kept, and the outbox hides it once sent.
    expect(JSON.stringify(await env.DB.prepare("select * from phone_codes where artist_id = ?1").bind(artistId).first())).not.toContain(code.replace("-", ""));
    await sendText(testContext(), text!.id);
    expect((await codeTextsOf(artistId))[0]!.body).toContain("JPlay: [code hidden] is your code");

    const confirmed = await confirm(token, code);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ phone: { number: "+1 ••• ••• 2468", confirmed: true } });
    expect(await phoneOf(token)).toEqual({ number: "+1 ••• ••• 2468", confirmed: true });
    // Spent: the same code confirms nothing again.
    expect((await confirm(token, code)).status).toBe(409);

    await textCardSaved(testContext({ jobs: new CapturingQueue().asQueue() }), {
      artistId,
      paymentMethodId: `pm_${crypto.randomUUID()}`,
      artistPageUrl: `http://jplay.test/artist/${token}`,
    });
    const bodies = (
      await env.DB.prepare("select body from text_messages where artist_id = ?1 and kind = 'card_saved'").bind(artistId).all<{ body: string }>()
    ).results.map((row) => row.body);
    expect(bodies.filter((body) => body.includes(`/artist/${token}`))).toHaveLength(1);
  });

  it("a wrong code uses up one of five tries; at the fifth the code is spent, and a new code works", async () => {
    const { token, artistId } = await artistOnPage("+1 555 010 1357");
    expect((await askForCode(token)).status).toBe(200);
    const code = await textedCode(artistId);
    const wrong = code === "000-000" ? "111-111" : "000-000";
    for (let attempt = 1; attempt <= 4; attempt++) {
      const refused = await confirm(token, wrong);
      expect(refused.status, `attempt ${attempt}`).toBe(400);
      expect((await refused.json<{ error: { code: string; message: string } }>()).error).toEqual({
        code: "phone_code_invalid",
        message: "That code is not right. Check the text and try again.",
      });
    }
    expect((await (await confirm(token, wrong)).json<{ error: { message: string } }>()).error.message).toBe("Too many wrong codes. Ask for a new code.");
    // The right code no longer works: it was spent by the wrong ones.
    const spent = await confirm(token, code);
    expect(spent.status).toBe(409);
    expect((await spent.json<{ error: { code: string } }>()).error.code).toBe("phone_code_expired");
    expect(await phoneOf(token)).toMatchObject({ confirmed: false });

    expect((await askForCode(token)).status).toBe(200);
    expect((await confirm(token, (await textedCode(artistId)).replace("-", " "))).status).toBe(200);
  });

  it("an expired code confirms nothing; codes are limited to three an hour; a malformed code or an unknown link is refused", async () => {
    const { token, artistId } = await artistOnPage("+1 555 010 9753");
    expect((await askForCode(token)).status).toBe(200);
    const code = await textedCode(artistId);
    await env.DB.prepare("update phone_codes set expires_at = ?1 where artist_id = ?2")
      .bind(Date.now() - 1, artistId)
      .run();
    const expired = await confirm(token, code);
    expect(expired.status).toBe(409);
    expect((await expired.json<{ error: { message: string } }>()).error.message).toBe("That code has expired or was not sent. Ask for a new code.");

    expect((await askForCode(token)).status).toBe(200);
    expect((await askForCode(token)).status).toBe(200);
    expect((await askForCode(token)).status).toBe(429);
    expect(await codeTextsOf(artistId)).toHaveLength(3);

    expect((await confirm(token, "12345")).status).toBe(400);
    expect((await confirm(token, "abcdef")).status).toBe(400);
    expect((await page.fetch(`/api/artist/${"x".repeat(43)}/phone`)).status).toBe(404);
    expect((await page.fetch(`/api/artist/${"x".repeat(43)}/phone/code`, { method: "POST" })).status).toBe(404);
  });

  it("a card saved later with another number is not confirmed: texts lose the link until that number is", async () => {
    const { browser, token, artistId } = await artistOnPage("+1 555 010 8642");
    expect((await askForCode(token)).status).toBe(200);
    expect((await confirm(token, await textedCode(artistId))).status).toBe(200);
    // The same browser saves another card with another number: the artist's phone changes.
    const { saved } = await setUpArtist(browser, undefined, "+1 555 010 8643");
    expect(saved.status).toBe(200);
    expect(await phoneOf(token)).toEqual({ number: "+1 ••• ••• 8643", confirmed: false });
  });
});
