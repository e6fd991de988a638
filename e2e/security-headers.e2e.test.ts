/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * The Content-Security-Policy holds on every screen (docs/decisions/048-security-headers.md): each
 * screen is served with the SPA's security headers (apps/web/public/_headers, applied by Workers
 * static assets, which `wrangler dev` honours) and renders in Chromium with no violation reported:
 * neither a `securitypolicyviolation` event in the page nor a CSP error on the console. A toast (the
 * one library stylesheet injected at run time) is shown too. The policy is shown to bite: an inline
 * script added to the page is refused and reported.
 */
import type { Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newPage as open } from "./support/browser";
import { CARDS, saveCard, newSongMp3, toastShown } from "./support/artist";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

let page: Page;
let consoleErrors: string[];

/** Collects violations from the first script on: the listener is installed before the page's own code runs. */
async function watchedPage(): Promise<Page> {
  const watched = await open();
  consoleErrors = [];
  watched.on("console", (message) => {
    if (message.type() === "error" && /Content.Security.Policy|Refused to/i.test(message.text())) consoleErrors.push(message.text());
  });
  await watched.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}` });
    });
  });
  return watched;
}

const violations = (target: Page) => target.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);

/** Every screen of the SPA's route table (apps/web/src/app), the artist page, and the not-found page, each with what shows it has rendered. */
const SCREENS: Array<[string, (target: Page) => Promise<void>]> = [
  ["/", (target) => target.getByRole("region", { name: "Trending Songs" }).waitFor()],
  ["/distribute", (target) => target.getByLabel("Card number", { exact: true }).waitFor()],
  ["/approval/no-such-song", (target) => target.getByText("Song not found", { exact: true }).first().waitFor()],
  ["/payment-recovery/no-such-song/1", (target) => target.getByText("Song not found", { exact: true }).first().waitFor()],
  ["/confirmation/no-such-song", (target) => target.getByText("Song not found", { exact: true }).first().waitFor()],
  // A visitor without a saved card is asked to save one first.
  ["/checkout", (target) => target.getByRole("heading", { name: "Save a card first" }).waitFor()],
  ["/subscribe", (target) => target.getByRole("heading", { level: 1, name: "Subscribe to JPlay Pro" }).waitFor()],
  ["/subscription-success", (target) => target.getByRole("main").getByRole("link", { name: "Back to Home" }).waitFor()],
  ["/admin", (target) => target.getByRole("heading", { level: 1, name: "Admin Portal" }).waitFor()],
  ["/search?q=letters", (target) => target.getByRole("status").filter({ hasText: "2 songs match “letters”." }).waitFor()],
  ["/artist/no-such-token", (target) => target.getByRole("heading", { level: 1, name: "Link not found" }).waitFor()],
  ["/no/such/page", (target) => target.getByRole("heading", { level: 1, name: "404 Page Not Found" }).waitFor()],
];

beforeEach(async () => {
  page = await watchedPage();
});

afterEach(() => {
  consoleErrors = [];
});

describe("the Content-Security-Policy holds on every screen", () => {
  test.each(SCREENS)("%s: served with the security headers, rendered with no violation", async (path, rendered) => {
    const response = await page.goto(`${baseURL}${path}`);
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toContain("script-src 'self' https://js.stripe.com https://challenges.cloudflare.com;");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    await rendered(page);
    // What the screen loads besides its chunk has arrived too: the document's resources and its images.
    await page.waitForLoadState("load");
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    expect(await violations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("a toast (sonner injects its stylesheet when the first one shows) raises no violation", async () => {
    // A real refusal: the server finds the uploaded MP3 cut short, and the form toasts it.
    await saveCard(page, baseURL, CARDS.visa);
    const mp3 = newSongMp3();
    await page.getByLabel("Artist name", { exact: true }).fill("CSP Toast");
    await page.getByLabel("Song title", { exact: true }).fill("Cut Short");
    await page.getByRole("radio", { name: "No, it's clean" }).check();
    await page.getByLabel("MP3 file").setInputFiles({ name: "song.mp3", mimeType: "audio/mpeg", buffer: mp3.subarray(0, mp3.length - 20) });
    await page.getByRole("button", { name: "Submit for Distribution" }).click();
    const toast = await toastShown(page, "Distribution Failed");
    // Sonner's injected stylesheet applies: its toaster is laid out by it.
    expect(await toast.evaluate((element) => getComputedStyle(element.closest("[data-sonner-toaster]")!).position)).toBe("fixed");
    expect(await violations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("the policy bites: an inline script added to the page does not run and is reported", async () => {
    await page.goto(`${baseURL}/`);
    await page.getByRole("region", { name: "Trending Songs" }).waitFor();
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__inlineRan = true;";
      document.body.appendChild(script);
    });
    await page.waitForFunction(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations.length > 0);
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    expect((await violations(page)).map((violation) => violation.directive)).toEqual(["script-src-elem"]);
  });
});
