/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * "Save for later" in a real browser: a song saved from its card in "All songs" is listed under Library, kept on
 * the tablet, and the list survives a reload with the network cut (the service worker gives the app
 * its shell, the tablet's storage the songs). The save is counted for the song's artist (a POST the
 * Worker answers 204; nothing about the listener). Saving again takes it off the list.
 */
import { describe, expect, test } from "vitest";
import { newPage, waitForHydration } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

describe("wishlist", () => {
  test("a song saved for later is listed under Library and survives a reload offline", async () => {
    const page = await newPage({ serviceWorkers: "allow" });
    await page.goto(`${baseURL}/songs`);
    await waitForHydration(page, "main");
    const list = page.getByRole("region", { name: "Newest first" });
    const title = (await list.getByRole("heading", { level: 3 }).first().textContent())!;
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    });

    const save = list.getByRole("button", { name: `Save ${title} for later`, exact: true });
    expect(await save.getAttribute("aria-pressed")).toBe("false");
    const counted = page.waitForResponse((response) => response.request().method() === "POST" && /\/api\/songs\/[^/]+\/saves(\?|$)/.test(response.url()));
    await save.click();
    await expect.poll(() => save.getAttribute("aria-pressed")).toBe("true");
    expect((await counted).status()).toBe(204);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Library" }).click();
    await page.waitForURL(`${baseURL}/library`);
    const saved = page.getByRole("region", { name: "Saved for later" });
    await saved.getByRole("heading", { level: 3, name: title }).waitFor();

    // Offline, the browser's own HTTP cache emptied: what shows comes from the service worker and the tablet's storage.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Network.clearBrowserCache");
    await devtools.detach();
    await page.context().setOffline(true);
    expect(
      await page.evaluate(() =>
        fetch("/api/songs/popular?limit=2").then(
          () => "answered",
          () => "failed",
        ),
      ),
    ).toBe("failed");
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Library" }).waitFor();
    await saved.getByRole("heading", { level: 3, name: title }).waitFor();
    await page.getByRole("status").filter({ hasText: "You're offline" }).waitFor();

    // Tapped again, it leaves the list.
    await saved.getByRole("button", { name: `Save ${title} for later`, exact: true }).click();
    await page.getByText("Nothing saved for later yet.", { exact: false }).waitFor();
  });
});
