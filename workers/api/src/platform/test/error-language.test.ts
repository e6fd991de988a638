/**
 * Error messages in the reader's language (src/platform/error-language.ts), through the Worker's real fetch
 * handler: a listener or artist whose app is in Spanish (its cookie, or a browser that prefers
 * Spanish) reads a marked message in Spanish with its placeholders filled; an English reader reads it
 * as written; the admin portal answers in English whatever the browser says.
 */
import { describe, expect, it } from "vitest";
import { artistWithSong, complete } from "../../../test/payment-support";
import { Browser } from "../../../test/support";

interface ErrorBody {
  error: { code: string; message: string };
}

async function errorOf(path: string, { cookie, acceptLanguage, init = {} }: { cookie?: string; acceptLanguage?: string; init?: RequestInit } = {}) {
  const browser = new Browser();
  if (cookie) browser.setCookie("language", cookie);
  const headers = new Headers(init.headers);
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  const response = await browser.fetch(path, { ...init, headers });
  return { status: response.status, ...(await response.json<ErrorBody>()).error };
}

const putLanguage = (language: string): RequestInit => ({
  method: "PUT",
  headers: { "Content-Type": "application/json", Origin: "http://jplay.test" },
  body: JSON.stringify({ language }),
});

describe("error messages", () => {
  it("are in Spanish, placeholders filled, for an app in Spanish; as written in English otherwise", async () => {
    const english = await errorOf("/api/songs/popular?limit=0");
    const spanish = await errorOf("/api/songs/popular?limit=0", { cookie: "es" });
    expect(english).toMatchObject({ status: 400, code: "bad_request" });
    expect(spanish).toMatchObject({ status: 400, code: "bad_request" });
    const max = /^limit must be a whole number from 1 to (\d+)$/.exec(english.message)?.[1];
    expect(max).toBeDefined();
    expect(spanish.message).toBe(`limit debe ser un número entero del 1 al ${max}`);
  });

  it("follow the browser's preference when the app has made no choice, and the app's choice over it", async () => {
    expect((await errorOf("/api/me/language", { acceptLanguage: "es-MX, en;q=0.5", init: putLanguage("fr") })).message).toBe(
      "Elige inglés (en) o español (es).",
    );
    expect((await errorOf("/api/me/language", { cookie: "en", acceptLanguage: "es-MX", init: putLanguage("fr") })).message).toBe(
      "Choose English (en) or Spanish (es).",
    );
    expect((await errorOf("/api/songs/00000000-0000-4000-8000-000000000000/audio", { cookie: "es" })).message).toBe("Canción no encontrada");
  });

  it("carry Stripe's refusal of a saved card in Spanish for an artist reading Spanish", async () => {
    // 4000 0000 0000 0341: saves fine, each charge refused (generic_decline).
    const { browser, songId } = await artistWithSong("4000000000000341");
    browser.setCookie("language", "es");
    const answer = await complete(browser, songId, "standard");
    expect(answer.status).toBe(402);
    expect((await answer.json<ErrorBody>()).error.message).toBe("Tu tarjeta fue rechazada.");
  });

  it("stay English on the admin portal's calls, whatever the browser's language", async () => {
    // The same refusal (a write from another site) an artist reads in Spanish, the admin portal answers in English.
    const crossSite: RequestInit = { method: "POST", headers: { "Content-Type": "application/json", Origin: "https://elsewhere.example" }, body: "{}" };
    const artist = await errorOf("/api/create-setup-intent", { cookie: "es", init: crossSite });
    const admin = await errorOf("/api/admin/sign-in", { cookie: "es", acceptLanguage: "es", init: crossSite });
    expect(artist).toMatchObject({ status: 403, code: "forbidden" });
    expect(artist.message).not.toContain("another website");
    expect(admin).toMatchObject({
      status: 403,
      code: "forbidden",
      message: "This request came from another website and was refused. Please use JPlay's own pages.",
    });
  });
});
