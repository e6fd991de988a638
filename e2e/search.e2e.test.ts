/**
 * Search from the header in a real browser against the real Worker and the seeded demo catalogue:
 * a spelling without accents finds "Corazón de Barrio", words of a song's lyrics find it, the query
 * lives in the address and survives a reload, a result plays, nothing found says so, and the box works before the app has hydrated
 * (a plain form). The Worker renders /search with its results (catalogue/routes/search-page.ts): they
 * show with JavaScript off, and with it on the page hydrates on the server's elements with no error
 * and no search call, and a result plays before it has hydrated. What a search matches, scope by scope, is the Worker's test
 * (workers/api/src/catalogue/test/song-search.test.ts).
 */
import { describe, expect, test } from "vitest";
import { newPage, waitForHydration } from "./support/browser";
import { holdAppScript, recordPageErrors, rememberServerNodes, serverNodesKept } from "./support/hydration";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

describe("search from the header", () => {
  test("finds a song typed without its accents; the query is in the address, survives a reload, and a result plays", async () => {
    const page = await newPage();
    await page.goto(`${baseURL}/distribute`);
    await page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).waitFor();
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search songs" });
    await box.fill("corazon barr");
    await box.press("Enter");
    // The same address whether the app had hydrated (it navigates) or not (the form is sent).
    await page.waitForURL(`${baseURL}/search?q=corazon+barr`);
    await page.getByRole("heading", { level: 1, name: "Search" }).waitFor();
    await page.getByRole("status").filter({ hasText: "1 song matches “corazon barr”." }).waitFor();
    const results = page.getByRole("region", { name: "Songs" });
    await results.getByText("Corazón de Barrio", { exact: true }).waitFor();
    expect(await page.title()).toBe("“corazon barr” – Search – JPlay");

    await page.reload();
    await page.getByRole("status").filter({ hasText: "1 song matches “corazon barr”." }).waitFor();
    expect(await page.getByRole("banner").getByRole("searchbox", { name: "Search songs" }).inputValue()).toBe("corazon barr");

    await results.getByRole("button", { name: "Play Corazón de Barrio" }).click();
    await results.getByRole("button", { name: "Pause Corazón de Barrio" }).waitFor();
    await expect.poll(() => page.evaluate(() => !document.querySelector("audio")!.paused)).toBe(true);
  });

  test("finds a song by words of its lyrics alone, accents or not", async () => {
    const page = await newPage();
    // "Sirens fade to melody" is in Concrete Lullaby's lyrics, not in its title, artist or credits.
    await page.goto(`${baseURL}/search?q=sirens+melody`);
    await page.getByRole("status").filter({ hasText: "1 song matches “sirens melody”." }).waitFor();
    await page.getByRole("region", { name: "Songs" }).getByText("Concrete Lullaby", { exact: true }).waitFor();
    // "acordeón" is only in Corazón de Barrio's Spanish lyrics; typed without its accent.
    await page.goto(`${baseURL}/search?q=acordeon`);
    await page.getByRole("status").filter({ hasText: "1 song matches “acordeon”." }).waitFor();
    await page.getByRole("region", { name: "Songs" }).getByText("Corazón de Barrio", { exact: true }).waitFor();
  });

  test("nothing found says so and what to try", async () => {
    const page = await newPage();
    await page.goto(`${baseURL}/search?q=${encodeURIComponent("zzqx nowhere")}`);
    await page.getByRole("status").filter({ hasText: "No songs match “zzqx nowhere”." }).waitFor();
    await page.getByText("Check the spelling, or try fewer words", { exact: false }).waitFor();
    expect(await page.getByRole("region", { name: "Songs" }).count()).toBe(0);
  });

  test("the box works with no script at all: a plain form that opens /search?q=", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(baseURL);
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search songs" });
    await box.fill("lantern");
    await box.press("Enter");
    await page.waitForURL(`${baseURL}/search?q=lantern`);
  });

  test("the results are in the server's HTML: they show with JavaScript off", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(baseURL);
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search songs" });
    await box.fill("Corazon  BARR");
    await box.press("Enter");
    // The search's own address: the spelling the search reads.
    await page.waitForURL(`${baseURL}/search?q=corazon+barr`);
    await page.getByRole("status").filter({ hasText: "1 song matches “corazon barr”." }).waitFor();
    await page.getByRole("region", { name: "Songs" }).getByText("Corazón de Barrio", { exact: true }).waitFor();
    expect(await page.title()).toBe("“corazon barr” – Search – JPlay");
  });

  test("hydrates on the server's elements, with no error in the console and no search call", async () => {
    const page = await newPage();
    // Console errors (React's hydration mismatches among them) and uncaught errors.
    const errors = recordPageErrors(page);
    const searches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/songs/search") searches.push(request.url());
    });
    const release = await holdAppScript(page);
    await page.goto(`${baseURL}/search?q=sirens+melody`, { waitUntil: "commit" });
    await page.waitForFunction(() => document.querySelector("main [role=status]") !== null && document.getElementById("listener-page-data") !== null);
    expect(await rememberServerNodes(page, "main h1, main [role=status], main button")).toBeGreaterThan(0);
    release();
    await waitForHydration(page, "main [role=status], main button");
    expect(await serverNodesKept(page)).toBe(true);
    await page.getByRole("region", { name: "Songs" }).getByText("Concrete Lullaby", { exact: true }).waitFor();
    expect(errors).toEqual([]);
    expect(searches).toEqual([]);
  });

  test("a result plays from the server's HTML before the app has hydrated (its song is in the page's data)", async () => {
    const page = await newPage();
    const errors = recordPageErrors(page);
    const release = await holdAppScript(page);
    await page.goto(`${baseURL}/search?q=corazon+barr`, { waitUntil: "commit" });
    // The page's first script answers taps from now on (docs/decisions/070-first-tap-before-hydration.md).
    await page.waitForFunction(() => (window as unknown as { __jplayTapsBeforeScripts?: unknown }).__jplayTapsBeforeScripts === null);
    await page.getByRole("region", { name: "Songs" }).getByRole("button", { name: "Play Corazón de Barrio" }).click();
    await page.waitForFunction(() => {
      const audio = document.querySelector("audio");
      return !!audio && !audio.paused && audio.currentTime > 0.2;
    });
    expect(await page.evaluate(() => Object.keys(document.querySelector("main button")!).some((key) => key.startsWith("__reactProps$")))).toBe(false);
    release();
    await page.getByRole("region", { name: "Now playing" }).getByRole("button", { name: "Pause playback" }).waitFor();
    expect(errors).toEqual([]);
  });
});
