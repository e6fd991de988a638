/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * What operators decide reaches the tablets (docs/decisions/051, 052, 053), in a real
 * browser on a server of its own (the test changes the featured song and takes a song down, which the
 * other browser files' shared demo catalogue must not see): a clean-only facility's Home never shows
 * the explicit demo song and cannot play it, the featured song the operator chooses in the Catalogue
 * tab is the player bar's on the next load, a takedown empties the song from Home until it is
 * restored, and the operator adds facilities and changes one's name, state and clean-only rule.
 */
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startOwnServer, type LocalServer } from "./support/own-server";
import { DEMO_SONGS } from "../scripts/demo/catalogue.ts";
import { DEMO_FACILITIES } from "../scripts/demo/seed-demo.ts";
import { FACILITY_MESSAGES } from "../schema/src/facilities.ts";
import { newPage } from "./support/browser";
import { reportPurchase } from "./support/provider";

const providerSecret = randomBytes(24).toString("hex");
let server: LocalServer;

const demoSong = (title: string) => DEMO_SONGS.find((song) => song.title === title)!;
const explicitSong = DEMO_SONGS.find((song) => song.explicit)!;
const cleanFacility = DEMO_FACILITIES.find((facility) => facility.cleanOnly)!;
const newest = demoSong("Northern Lights Again");

beforeAll(async () => {
  server = await startOwnServer({ vars: { PROVIDER_WEBHOOK_SECRET: providerSecret } });
  // Listeners buy the explicit song until it trends: Home's first row would show it to everybody.
  await reportPurchase(server.baseURL, providerSecret, explicitSong.id, explicitSong.priceCents, 60);
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/** The titles a Home row shows once its four songs are in. */
async function rowTitles(page: Page, row: "Trending Songs" | "Recently Added"): Promise<string[]> {
  const headings = page.getByRole("region", { name: row }).getByRole("heading", { level: 3 });
  await expect.poll(() => headings.count(), { timeout: 15_000 }).toBe(4);
  return headings.allTextContents();
}

const playerBar = (page: Page) => page.getByRole("region", { name: "Now playing" });

/** What the page's own fetch gets: the status of a listener call from this tablet. */
const statusOf = (page: Page, path: string) => page.evaluate(async (url) => (await fetch(url)).status, path);
const featuredFor = (page: Page, query = "") =>
  page.evaluate(async (url) => (await (await fetch(url)).json<{ title: string } | null>())?.title ?? null, `/api/songs/featured${query}`);

/** The toast with this title and this description (sonner keeps earlier ones while they time out). */
const toastWith = (page: Page, title: string, description: string) =>
  page
    .locator("[data-sonner-toast]")
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ has: page.getByText(description, { exact: true }) });

async function catalogueTab(): Promise<Page> {
  const admin = await newPage();
  await admin.goto(`${server.baseURL}/admin`);
  await admin.getByLabel("Password", { exact: true }).fill(server.adminPassword);
  await admin.getByRole("button", { name: "Sign in" }).click();
  await admin.getByRole("tab", { name: "Catalogue" }).click();
  await admin.getByRole("heading", { name: "Featured song" }).waitFor();
  return admin;
}

async function chooseFeatured(admin: Page, songId: string, title: string) {
  await admin.getByLabel("Choose the featured song").selectOption(songId);
  await admin.getByRole("button", { name: "Save featured song" }).click();
  await toastWith(admin, "Featured song saved", `“${title}” is the featured song.`).waitFor({ timeout: 15_000 });
}

const rowOf = (scope: Page | Locator, title: string) => scope.getByRole("row").filter({ hasText: title });

describe("a clean-only facility", () => {
  test("its Home never shows the explicit song, and the song's audio answers 404 for it", async () => {
    // Everybody else's Home trends it, badged.
    const anyTablet = await newPage();
    await anyTablet.goto(server.baseURL);
    expect(await rowTitles(anyTablet, "Trending Songs")).toContain(explicitSong.title);
    const card = anyTablet.getByRole("region", { name: "Trending Songs" }).getByRole("listitem").filter({ hasText: explicitSong.title });
    await expect.poll(() => card.getByText("Explicit", { exact: true }).count()).toBe(1);

    // The provider opens the facility's address once; the tablet keeps it.
    const tablet = await newPage();
    await tablet.goto(`${server.baseURL}/?facility=${cleanFacility.id}`);
    const trending = await rowTitles(tablet, "Trending Songs");
    expect(trending).not.toContain(explicitSong.title);
    expect(await rowTitles(tablet, "Recently Added")).not.toContain(explicitSong.title);
    expect(await tablet.evaluate(() => window.localStorage.getItem("facility"))).toBe(cleanFacility.id);
    await tablet.goto(server.baseURL);
    expect(await rowTitles(tablet, "Trending Songs")).toEqual(trending);

    // What it plays carries the facility, so the audio route applies the same rule.
    await tablet.getByRole("button", { name: `Play ${trending[0]}` }).click();
    await tablet.waitForFunction(
      (facility) => new URL(document.querySelector("audio")?.src ?? "about:blank").searchParams.get("facility") === facility,
      cleanFacility.id,
    );
    expect(await statusOf(tablet, `/api/songs/${explicitSong.id}/audio?facility=${cleanFacility.id}`)).toBe(404);
    expect(await statusOf(tablet, `/api/songs/${explicitSong.id}?facility=${cleanFacility.id}`)).toBe(404);
    expect(await statusOf(anyTablet, `/api/songs/${explicitSong.id}/audio`)).toBe(200);
  });
});

describe("the operator's Catalogue tab", () => {
  test("the featured song chosen there is the player bar's on Home's next load, except an explicit one for a clean facility", async () => {
    const admin = await catalogueTab();
    await chooseFeatured(admin, explicitSong.id, explicitSong.title);
    await admin.getByText("Clean-only facilities show no featured song while this explicit one is featured.").waitFor();

    const home = await newPage();
    await home.goto(server.baseURL);
    await playerBar(home).getByText(explicitSong.title, { exact: true }).waitFor();
    expect(await featuredFor(home, `?facility=${cleanFacility.id}`)).toBeNull();

    await chooseFeatured(admin, newest.id, newest.title);
    await home.reload();
    await playerBar(home).getByText(newest.title, { exact: true }).waitFor();
    expect(await featuredFor(home, `?facility=${cleanFacility.id}`)).toBe(newest.title);
  });

  test("a takedown empties the song from Home and stops its audio; Restore brings it back", async () => {
    const admin = await catalogueTab();
    const reason = "A rights holder disputes this recording.";
    await admin.getByRole("searchbox", { name: "Search songs in the catalogue" }).fill(newest.title);
    await admin.getByText(`Showing 1 of 1 live songs matching “${newest.title}”`).waitFor();
    await rowOf(admin, newest.title)
      .getByRole("button", { name: `Take down ${newest.title}` })
      .click();
    const dialog = admin.getByRole("dialog", { name: "Take song down" });
    await dialog.getByRole("textbox", { name: "Reason" }).fill(reason);
    await dialog.getByRole("button", { name: "Take down" }).click();
    await toastWith(admin, "Song taken down", `“${newest.title}” left the catalogue; the artist is texted the reason.`).waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: "hidden" });
    const takenDown = admin.getByRole("table", { name: "Taken-down songs, most recent first" });
    await rowOf(takenDown, newest.title).getByText(reason, { exact: true }).waitFor();

    const home = await newPage();
    await home.goto(server.baseURL);
    expect(await rowTitles(home, "Recently Added")).not.toContain(newest.title);
    expect(await statusOf(home, `/api/songs/${newest.id}/audio`)).toBe(404);
    // It was the featured song: hidden while down, so the player bar has nothing to show.
    expect(await featuredFor(home)).toBeNull();

    await rowOf(takenDown, newest.title)
      .getByRole("button", { name: `Restore ${newest.title}` })
      .click();
    await toastWith(admin, "Song restored", `“${newest.title}” is back in the catalogue; the artist is texted.`).waitFor({ timeout: 15_000 });
    await home.reload();
    expect((await rowTitles(home, "Recently Added"))[0]).toBe(newest.title);
    await playerBar(home).getByText(newest.title, { exact: true }).waitFor();
    expect(await statusOf(home, `/api/songs/${newest.id}/audio`)).toBe(200);
  });
});

describe("facilities in the admin portal", () => {
  test("an operator adds a facility, then renames it, moves its state and lifts its clean-only rule", async () => {
    const admin = await catalogueTab();
    const facilities = admin.getByRole("table", { name: "Facilities" });

    const addForm = admin.getByRole("form", { name: "Add a facility" });
    await addForm.getByLabel("Facility name").fill("North Ridge Unit");
    await addForm.getByLabel("State").selectOption("CA");
    await addForm.getByLabel("Clean music only").check();
    await addForm.getByRole("button", { name: "Add facility" }).click();
    await toastWith(admin, "Facility added", "North Ridge Unit (CA) gets clean music only.").waitFor({ timeout: 15_000 });
    const added = rowOf(facilities, "North Ridge Unit");
    await added.getByRole("checkbox", { name: "Clean music only at North Ridge Unit" }).waitFor();
    await expect.poll(() => added.getByRole("checkbox", { name: "Clean music only at North Ridge Unit" }).isChecked()).toBe(true);

    await added.getByRole("button", { name: "Edit North Ridge Unit" }).click();
    const dialog = admin.getByRole("dialog", { name: "Edit North Ridge Unit" });
    // The form starts from what the facility is now.
    await expect.poll(() => dialog.getByLabel("Facility name").inputValue()).toBe("North Ridge Unit");
    await dialog.getByLabel("Facility name").fill("");
    await dialog.getByRole("button", { name: "Save facility" }).click();
    // An empty name is refused at its field, with the server's own rule, and the dialog stays open.
    await expect.poll(() => dialog.getByLabel("Facility name").getAttribute("aria-invalid")).toBe("true");
    await dialog.getByText(FACILITY_MESSAGES.name, { exact: true }).waitFor();
    await dialog.getByLabel("Facility name").fill("South Ridge Unit");
    await dialog.getByLabel("State").selectOption("TX");
    await dialog.getByLabel("Clean music only").uncheck();
    await dialog.getByRole("button", { name: "Save facility" }).click();
    await toastWith(admin, "Facility saved", "South Ridge Unit (TX) gets the full catalogue.").waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: "hidden" });

    const renamed = rowOf(facilities, "South Ridge Unit");
    await renamed.getByRole("cell", { name: "TX", exact: true }).waitFor();
    await expect.poll(() => renamed.getByRole("checkbox", { name: "Clean music only at South Ridge Unit" }).isChecked()).toBe(false);
    await expect.poll(() => rowOf(facilities, "North Ridge Unit").count()).toBe(0);
  });
});
