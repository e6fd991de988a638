/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * Home rendered by the Worker (docs/decisions/031-server-rendered-home.md), in a real browser against
 * the real Worker and the seeded demo catalogue: with JavaScript off, `/` already shows the hero, both
 * rows and the player bar; with it on, hydration keeps the very elements the server sent (nothing
 * re-rendered, nothing moved) and the browser asks for no catalogue list; a facility's tablet gets its
 * facility's catalogue from the server, by the address and then by the cookie the app keeps.
 */
import type { Page } from "playwright-core";
import { coverSizeUrl } from "../schema/src/cover-sizes.ts";
import { describe, expect, test } from "vitest";
import { DEMO_FACILITIES } from "../scripts/demo/seed-demo.ts";
import { newPage, waitForHydration } from "./support/browser";
import { holdAppScript, recordPageErrors, rememberServerNodes, serverNodesKept, waitForIslands } from "./support/hydration";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();
const cleanFacility = DEMO_FACILITIES.find((facility) => facility.cleanOnly)!;

interface Song {
  title: string;
  artist: string;
  coverUrl: string | null;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL}${path}`);
  expect(response.status, `GET ${path}`).toBe(200);
  return await response.json();
}

/** What Home's rows should hold for this scope: the API's first four of each list. */
async function expectedRows(query = "") {
  const [popular, recent, featured] = await Promise.all([
    getJson<Song[]>(`/api/songs/popular${query}`),
    getJson<Song[]>(`/api/songs/recent${query}`),
    getJson<Song | null>(`/api/songs/featured${query}`),
  ]);
  return { trending: popular.slice(0, 4), recent: recent.slice(0, 4), featured };
}

/** The song titles a row shows, as they are on the page now (no waiting: the HTML holds them). */
const rowTitles = (page: Page, row: "Trending Songs" | "Recently Added") =>
  page.getByRole("region", { name: row }).getByRole("heading", { level: 3 }).allTextContents();

const rowCovers = (page: Page, row: "Trending Songs" | "Recently Added") =>
  page
    .getByRole("region", { name: row })
    .locator("img")
    .evaluateAll((images) => images.map((image) => image.getAttribute("src")));

/** A card shows its cover's 288 px copy (lib/cover-sources.ts). */
const cardCover = (song: { coverUrl: string | null }) => (song.coverUrl ? coverSizeUrl(song.coverUrl, 288) : null);

/** The elements hydration must keep as the server sent them. */
const SERVER_NODES = "h1, h2, h3, img, button";

/** The listener calls for catalogue lists and songs (not their covers and audio) this page made. */
function recordCatalogueCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/songs/") && !/\/(cover|audio)$/.test(pathname)) calls.push(pathname);
  });
  return calls;
}

describe("Home rendered on the server", () => {
  test("with JavaScript off, / shows the hero, both rows of the demo catalogue and the player bar", async () => {
    const expected = await expectedRows();
    const page = await newPage({ javaScriptEnabled: false });
    const response = await page.goto(`${baseURL}/`);
    expect(response?.status()).toBe(200);

    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Get your music on the tablets inside." }).isVisible()).toBe(true);
    expect(await rowTitles(page, "Trending Songs")).toEqual(expected.trending.map((song) => song.title));
    expect(await rowTitles(page, "Recently Added")).toEqual(expected.recent.map((song) => song.title));
    expect(await rowCovers(page, "Recently Added")).toEqual(expected.recent.map(cardCover));
    expect(await page.getByRole("region", { name: "Now playing" }).textContent()).toContain(expected.featured!.title);
    expect(await page.title()).toBe("JPlay – Music for 2.4 million listeners");
  });

  test("hydration keeps the server's elements and content, and the browser asks for no catalogue list", async () => {
    const page = await newPage();
    const catalogueCalls = recordCatalogueCalls(page);
    const hydrationErrors = recordPageErrors(page);
    // The app's script waits until the server's HTML has been looked at.
    const releaseScript = await holdAppScript(page);

    await page.goto(`${baseURL}/`, { waitUntil: "commit" });
    await page.waitForFunction(() => document.querySelectorAll('section[aria-labelledby="recent-heading"] h3').length === 4);
    // What the listener sees: #root's markup without the hidden <audio>, which the player warms once
    // the page is idle (its src and preload change after hydration by design).
    const visibleHtml = () =>
      page.evaluate(() => {
        const copy = document.getElementById("root")!.cloneNode(true) as Element;
        for (const audio of Array.from(copy.querySelectorAll("audio[hidden]"))) audio.remove();
        return copy.innerHTML;
      });
    const before = { html: await visibleHtml(), count: await rememberServerNodes(page, SERVER_NODES) };
    expect(before.count).toBeGreaterThan(10);
    releaseScript();

    // Hydrated: every island is a root of its own, the last card of the last row's among them.
    await waitForIslands(page);
    await waitForHydration(page, 'section[aria-labelledby="recent-heading"] li:last-child button');

    const after = { html: await visibleHtml(), sameNodes: await serverNodesKept(page) };
    expect(after.sameNodes).toBe(true);
    expect(after.html).toBe(before.html);
    expect(hydrationErrors).toEqual([]);
    expect(catalogueCalls).toEqual([]);
  });

  test("a clean-only facility's tablet gets its catalogue from the server: by the address, then by the cookie the app keeps", async () => {
    const query = `?facility=${cleanFacility.id}`;
    const expected = await expectedRows(query);
    const scoped = expected.recent.map(cardCover);
    expect(expected.recent.every((song) => song.coverUrl?.endsWith(query))).toBe(true);

    const noScript = await newPage({ javaScriptEnabled: false });
    await noScript.goto(`${baseURL}/${query}`);
    expect(await rowTitles(noScript, "Trending Songs")).toEqual(expected.trending.map((song) => song.title));
    expect(await rowTitles(noScript, "Recently Added")).toEqual(expected.recent.map((song) => song.title));
    expect(await rowCovers(noScript, "Recently Added")).toEqual(scoped);
    expect(await noScript.locator("#root").textContent()).not.toContain("Highway Static");

    // The tablet provider opens /?facility=<id> once; later visits are plain "/".
    const tablet = await newPage();
    const catalogueCalls = recordCatalogueCalls(tablet);
    await tablet.goto(`${baseURL}/${query}`);
    await expect
      .poll(() =>
        tablet
          .context()
          .cookies()
          .then((cookies) => cookies.find((cookie) => cookie.name === "facility")?.value),
      )
      .toBe(cleanFacility.id);
    const page = await tablet.context().request.get(`${baseURL}/`);
    const html = await page.text();
    for (const cover of scoped) expect(html).toContain(`src="${cover!.replace(/&/g, "&amp;")}"`);
    expect(html).not.toContain("Highway Static");
    expect(catalogueCalls).toEqual([]);
  });

  test("a tablet that kept its facility before the cookie existed is shown its own catalogue, not the server's", async () => {
    const query = `?facility=${cleanFacility.id}`;
    const expected = await expectedRows(query);
    const page = await newPage();
    await page.context().addInitScript((facility) => window.localStorage.setItem("facility", facility), cleanFacility.id);
    await page.goto(`${baseURL}/`);
    // The server rendered the full catalogue; the app reads and shows the facility's instead.
    await expect.poll(() => rowCovers(page, "Recently Added"), { timeout: 15_000 }).toEqual(expected.recent.map(cardCover));
    expect(await rowTitles(page, "Trending Songs")).toEqual(expected.trending.map((song) => song.title));
    // From now on the server knows it.
    expect((await page.context().cookies()).find((cookie) => cookie.name === "facility")?.value).toBe(cleanFacility.id);
  });
});
