/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * Routing, theme and keyboard use of the SPA in a real browser, served by the real Worker (SPA
 * fallback for deep links).
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newPage as open, waitForHydration } from "./support/browser";
import { holdAppScript, waitForIslands } from "./support/hydration";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

const htmlIsDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => window.scrollY > 50);
}

describe("routes", () => {
  test("an unknown route shows the not-found page", async () => {
    const page = await open();
    const response = await page.goto(`${baseURL}/no/such/page`);
    expect(response?.status()).toBe(200); // the SPA answers; the router shows the 404 screen
    await page.getByRole("heading", { level: 1, name: "404 Page Not Found" }).waitFor();
    await expect.poll(() => page.getByText("Did you forget to add the page to the router?", { exact: true }).isVisible()).toBe(true);
  });

  test("a deep link to /distribute opens the screen, marked in the bottom navigation", async () => {
    const page = await open();
    const response = await page.goto(`${baseURL}/distribute`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toContain("text/html");
    await page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).waitFor();
    await page.getByRole("button", { name: "Submit for Distribution" }).waitFor();
    // The bottom navigation marks where we are.
    const bottomNav = page.getByRole("navigation", { name: "Quick navigation" });
    expect(await bottomNav.getByRole("link", { name: "Distribute" }).getAttribute("aria-current")).toBe("page");
    expect(await bottomNav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  });

  test("/approval without a song id redirects to /distribute; /admin has its title", async () => {
    const page = await open();
    await page.goto(`${baseURL}/approval`);
    await page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/distribute");

    await page.goto(`${baseURL}/admin`);
    await page.getByRole("heading", { level: 1, name: "Admin Portal" }).waitFor();
    await expect.poll(() => page.getByText("Manage payment methods, artists, and distribution status").isVisible()).toBe(true);
  });

  test("/subscription-success has a Back to Home button", async () => {
    const page = await open();
    await page.goto(`${baseURL}/subscription-success`);
    await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
    await page.getByRole("region", { name: "Trending Songs" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

describe("theme", () => {
  test("dark by default; the light choice persists across a reload", async () => {
    const page = await open();
    await page.goto(baseURL);
    expect(await htmlIsDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
    await waitForHydration(page, 'button[aria-controls="mobile-menu"]');

    await page.getByRole("button", { name: "Switch to light theme" }).click();
    expect(await htmlIsDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

    await page.reload({ waitUntil: "domcontentloaded" });
    // Applied before first paint by the blocking theme script in <head> (public/theme-init.js), not after React starts.
    expect(await htmlIsDark(page)).toBe(false);
    await waitForHydration(page, 'button[aria-controls="mobile-menu"]');
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await htmlIsDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  });

  test("a theme chosen in another tab while this page loaded, before the app listened, is followed once it does", async () => {
    const page = await open();
    const releaseApp = await holdAppScript(page);
    await page.goto(`${baseURL}/songs`, { waitUntil: "commit" });
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await htmlIsDark(page)).toBe(true);

    // Another tab of the same tablet switches to light: its storage event reaches a page with no app yet.
    const otherTab = await page.context().newPage();
    await otherTab.goto(baseURL);
    await waitForHydration(otherTab, 'button[aria-controls="mobile-menu"]');
    await otherTab.getByRole("button", { name: "Switch to light theme" }).click();
    expect(await htmlIsDark(otherTab)).toBe(false);
    expect(await htmlIsDark(page)).toBe(true);

    releaseApp();
    await waitForHydration(page, '[data-early-tap="theme"]');
    await expect.poll(() => htmlIsDark(page), { timeout: 10_000 }).toBe(false);
    await page.getByRole("button", { name: "Switch to dark theme" }).waitFor();
  });
});

describe("scrolling", () => {
  test("every navigation scrolls to the top", async () => {
    const page = await open();
    await page.setViewportSize({ width: 1280, height: 400 }); // short screens: every page can scroll
    await page.goto(baseURL);
    await page.getByRole("region", { name: "Trending Songs" }).waitFor();
    await scrollToBottom(page);

    await page.getByRole("navigation", { name: "Platform" }).getByRole("link", { name: "Admin" }).click();
    await page.getByRole("heading", { level: 1, name: "Admin Portal" }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
    // The session's answer replaces the loading state with the sign-in form, moving the footer: a
    // click made meanwhile can press on the link and be released off it.
    await page.getByLabel("Password", { exact: true }).waitFor();

    await scrollToBottom(page);
    await page.getByRole("navigation", { name: "Platform" }).getByRole("link", { name: "Home", exact: true }).click();
    await page.getByRole("region", { name: "Trending Songs" }).waitFor();
    // The scroll to the top runs just after the new screen is committed.
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("/#browse and /#learn-more scroll to those sections of Home", async () => {
    const page = await open();
    await page.goto(`${baseURL}/admin`);
    await page.getByRole("heading", { level: 1, name: "Admin Portal" }).waitFor();
    // Settled: the sign-in form has replaced the loading state, so the footer stays where it is clicked.
    await page.getByLabel("Password", { exact: true }).waitFor();

    // The footer's Browse is Home's section (the header's opens the browse screen).
    await page.getByRole("contentinfo").getByRole("link", { name: "Browse" }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById("browse")?.getBoundingClientRect().top;
      return top !== undefined && top >= 0 && top < 200 && window.scrollY > 0;
    });
    expect(new URL(page.url()).hash).toBe("#browse");

    await page.getByRole("link", { name: "How it works" }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById("learn-more")?.getBoundingClientRect().top;
      return top !== undefined && top >= 0 && top < 200;
    });
    expect(new URL(page.url()).hash).toBe("#learn-more");
  });
});

describe("header", () => {
  test("the mobile menu opens, names its state, and leads to Distribution", async () => {
    const page = await open();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(baseURL);
    const menuButton = page.getByRole("button", { name: "Menu" });
    // Home's HTML comes from the server: the button works once the app has hydrated it.
    await waitForHydration(page, 'button[aria-controls="mobile-menu"]');
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    const controls = await menuButton.getAttribute("aria-controls");
    expect(controls).toBeTruthy();

    await menuButton.click();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    const menu = page.locator(`#${controls}`);
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole("link", { name: "Distribution" }).click();
    await page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).waitFor();
    // The menu closes just after the navigation is committed.
    await expect.poll(() => menuButton.getAttribute("aria-expanded")).toBe("false");
  });

  test("the header has the search box, the nav links and Try JPlay", async () => {
    const page = await open();
    await page.goto(baseURL);
    await page.getByRole("searchbox", { name: "Search" }).waitFor();
    const mainNav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["Browse", "/browse"],
      ["Library", "/library"],
      ["Admin", "/admin"],
    ] as const) {
      expect(await mainNav.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
    }
    await page.getByRole("banner").getByRole("link", { name: "Try JPlay" }).click();
    await page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).waitFor();
    await expect.poll(() => page.getByRole("contentinfo").getByText(`© ${new Date().getFullYear()} JPlay`).isVisible()).toBe(true);
  });
});

describe("keyboard", () => {
  test("Tab reaches the first cover button and Enter plays it", async () => {
    const page = await open();
    await page.goto(baseURL);
    const trending = page.getByRole("region", { name: "Trending Songs" });
    const firstCover = trending.getByRole("button", { name: /^Play / }).first();
    await firstCover.waitFor();
    // Home is server-rendered: its buttons are in the page before their islands run (a key pressed
    // before then reaches plain HTML).
    await waitForIslands(page);
    const label = await firstCover.getAttribute("aria-label");

    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate((name) => document.activeElement?.getAttribute("aria-label") === name, label);
    }
    expect(reached, `Tab never reached "${label}"`).toBe(true);

    await page.keyboard.press("Enter");
    await page.waitForFunction(() => {
      const audio = document.querySelector("audio");
      return !!audio && !audio.paused && audio.currentTime > 0.2;
    });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-pressed"))).toBe("true");
  });

  test("the skip link moves focus to the main content", async () => {
    const page = await open();
    await page.goto(baseURL);
    await page.getByRole("banner").waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");
    // Before hydration the browser follows the link to #main and focuses it at its next frame; after,
    // the app focuses it at once. Either way focus arrives: wait for it, not for a time.
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  /** Home with the app's script held back, and the skip link taken from the keyboard; answers the release. */
  async function skipLinkBeforeTheAppRuns(page: Page): Promise<() => void> {
    const releaseScript = await holdAppScript(page);
    await page.goto(baseURL, { waitUntil: "commit" });
    await page.getByRole("banner").waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).hash).toBe("#main");
    return releaseScript;
  }

  test("the skip link taken before the app runs still leaves focus on the main content once it runs", async () => {
    const page = await open();
    const releaseScript = await skipLinkBeforeTheAppRuns(page);
    releaseScript();
    // Home's islands run (its main content is the server's HTML, never hydrated).
    await waitForIslands(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  test("the skip link taken before the app runs leaves focus on the main content when the app renders the page afresh", async () => {
    // A tablet that keeps another facility than the one the server rendered Home for: the app renders
    // its own Home instead of hydrating the server's, replacing the element focus was on.
    const page = await open();
    await page.context().addInitScript(() => window.localStorage.setItem("facility", "facility-kept-elsewhere"));
    const releaseScript = await skipLinkBeforeTheAppRuns(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    const serverMain = await page.evaluateHandle(() => document.getElementById("main"));
    releaseScript();
    await waitForHydration(page, "main");
    // The app's own element, not the server's, and focus on it.
    expect(await page.evaluate((old) => document.getElementById("main") !== old, serverMain)).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
  });
});
