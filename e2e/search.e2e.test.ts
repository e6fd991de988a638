/**
 * Search from the header in a real browser against the real Worker and the seeded demo catalogue:
 * a spelling without accents finds "Corazón de Barrio", words of a song's lyrics find it, the query
 * lives in the address and survives a reload, a result plays, nothing found says so, and the box works before the app has hydrated
 * (a plain form). What a search matches, scope by scope, is the Worker's test
 * (workers/api/src/catalogue/test/song-search.test.ts).
 */
import { describe, expect, test } from "vitest";
import { newPage } from "./support/browser";
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
});
