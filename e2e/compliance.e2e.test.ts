/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * Compliance in a real browser on a server of its own (docs/decisions/067-term-lists-screening-audit.md;
 * the test holds a demo song at a facility, which the other browser files' shared demo catalogue must
 * not see): an operator adds a term list applied at the county facility and a term a live song
 * carries; the real queue re-screens it, it leaves that facility's catalogue (not the other's) and
 * waits among the held songs with its match highlighted; the operator's override with a reason puts
 * it back; the audit log shows each step, its hash chain verified, and so does its CSV for that facility. An operator lowers a
 * facility's price ceiling in the Catalogue tab (a ceiling out of range is refused at its field) and
 * the change is in the audit log (docs/decisions/071-facility-price-ceilings.md); a term list's version
 * history shows the change; an operator blocks a song at a facility and lifts the block.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startOwnServer, type LocalServer } from "./support/own-server";
import { DEMO_SONGS } from "../scripts/demo/catalogue.ts";
import { DEMO_FACILITIES } from "../scripts/demo/seed-demo.ts";
import { signedInOperator } from "./support/operator";

let server: LocalServer;
const song = DEMO_SONGS.find((s) => s.title === "Northern Lights Again")!;
const county = DEMO_FACILITIES.find((f) => !f.cleanOnly)!;
const federal = DEMO_FACILITIES.find((f) => f.cleanOnly)!;

beforeAll(async () => {
  server = await startOwnServer();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/** The status a tablet of the facility gets for the song. */
const statusAt = (page: Page, facilityId: string) => page.evaluate(async (url) => (await fetch(url)).status, `/api/songs/${song.id}?facility=${facilityId}`);

async function complianceTab(admin: Page) {
  await admin.getByRole("tab", { name: "Compliance" }).click();
  await admin.getByRole("heading", { name: "Term lists" }).waitFor();
}

describe("a term added to a facility's list", () => {
  test("takes a live song out of that facility's catalogue into review with its match highlighted, and an override puts it back, all in the audit log and its CSV", async () => {
    const admin = await signedInOperator(server.baseURL, server.adminPassword);
    expect(await statusAt(admin, county.id)).toBe(200);
    await complianceTab(admin);

    await admin.getByLabel("New list's name").fill("Place names");
    await admin.getByRole("button", { name: "Add list" }).click();
    const list = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: /^Place names/ }) });
    await list.getByText("No terms yet.").waitFor();
    await list.getByLabel(`Place names applies at ${county.name}`).click();
    await expect.poll(() => list.getByRole("checkbox", { name: `Place names applies at ${county.name}` }).isChecked()).toBe(true);

    await list.getByLabel("New term").fill("northern");
    await list.getByRole("button", { name: "Add term" }).click();
    await list.getByText("version 2, changed by", { exact: false }).waitFor();

    // The queue's re-screen holds the song at the county facility only.
    await expect.poll(() => statusAt(admin, county.id), { timeout: 30_000 }).toBe(404);
    expect(await statusAt(admin, federal.id)).toBe(200);

    await admin.reload();
    await complianceTab(admin);
    const held = admin
      .getByRole("list", { name: "Held songs" })
      .getByRole("listitem")
      .filter({ has: admin.getByRole("heading", { name: new RegExp(`^${song.title}`) }) });
    // Its match, highlighted where it is (the title: the demo songs have no lyrics) and named by its list.
    await held.locator("mark").filter({ hasText: "Northern" }).waitFor();
    await held.getByText("(Place names)", { exact: false }).waitFor();
    await held.getByText(`${county.name}`, { exact: true }).waitFor();
    await held.getByText("held, out of its catalogue", { exact: false }).waitFor();

    await held.getByLabel(`Reason for ${song.title}`).fill("A place name, not a gang");
    await held.getByRole("button", { name: `Override at ${county.name}` }).click();
    await admin.getByText("Override saved", { exact: true }).waitFor();
    await expect.poll(() => statusAt(admin, county.id), { timeout: 15_000 }).toBe(200);

    // The audit log: the hold, the override with its reason, the list's changes.
    await admin.getByLabel("Facility", { exact: true }).selectOption(county.id);
    const records = admin.getByRole("table", { name: "Audit records" });
    await records.getByRole("row").filter({ hasText: "override" }).filter({ hasText: "A place name, not a gang" }).waitFor();
    await records
      .getByRole("row")
      .filter({ hasText: "held" })
      .filter({ hasText: `held at "${county.name}"` })
      .waitFor();
    await records.getByRole("row").filter({ hasText: "list_changed" }).filter({ hasText: "added northern (en)" }).waitFor();
    // Every record, these included, sealed into the log's hash chain and checked from the first one.
    await admin.getByRole("status").filter({ hasText: "Audit chain verified:" }).waitFor();

    const csv = await admin.evaluate(async (url) => (await fetch(url)).text(), `/api/admin/audit/export.csv?facility=${county.id}`);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toContain('"Action"');
    expect(lines.some((line) => line.includes('"held"') && line.includes(song.id))).toBe(true);
    expect(lines.some((line) => line.includes('"override"') && line.includes("A place name, not a gang") && line.includes("Place names"))).toBe(true);
    expect(lines.some((line) => line.includes('"facility_lists_changed"'))).toBe(true);

    // The list's version history says who changed it and what.
    const history = list.locator("details");
    await history.getByText("Version history", { exact: true }).click();
    await history.getByRole("list", { name: "Versions of Place names" }).getByText("added northern (en)", { exact: false }).waitFor();
  });
});

describe("a facility's blocks", () => {
  test("an operator blocks a song at a facility with a reason, it leaves that catalogue at once, and lifting the block puts it back", async () => {
    const admin = await signedInOperator(server.baseURL, server.adminPassword);
    await complianceTab(admin);
    const panel = admin.getByRole("region", { name: "Facility blocks" });
    await panel.getByLabel("Blocks at").selectOption(county.id);
    await panel.getByText("Nothing is blocked at this facility.").waitFor();
    await panel.getByLabel("Song or artist id").fill(song.id);
    await panel.getByLabel("Reason for the block").fill("The committee's request");
    await panel.getByRole("button", { name: "Add block" }).click();
    const row = panel.getByRole("table", { name: "Blocks at this facility" }).getByRole("row").filter({ hasText: song.title });
    await row.getByText("The committee's request").waitFor();
    await expect.poll(() => statusAt(admin, county.id), { timeout: 15_000 }).toBe(404);
    expect(await statusAt(admin, federal.id)).toBe(200);

    await row.getByLabel(`Reason to lift ${song.title}`).fill("Committee agreed");
    await row.getByRole("button", { name: "Lift" }).click();
    await panel.getByText("Nothing is blocked at this facility.").waitFor();
    await expect.poll(() => statusAt(admin, county.id), { timeout: 15_000 }).toBe(200);
  });
});

describe("a facility's price ceiling", () => {
  test("an operator lowers it in the facility's dialog, a ceiling out of range is refused, and the change is in the audit log", async () => {
    const admin = await signedInOperator(server.baseURL, server.adminPassword);
    await admin.getByRole("tab", { name: "Catalogue" }).click();
    const row = admin.getByRole("table", { name: "Facilities" }).getByRole("row").filter({ hasText: county.name });
    await row.getByText("$1.99", { exact: true }).waitFor();

    await row.getByRole("button", { name: `Edit ${county.name}` }).click();
    const dialog = admin.getByRole("form", { name: `Edit ${county.name}` });
    await dialog.getByLabel("Price ceiling (cents)").fill("50");
    await dialog.getByRole("button", { name: "Save facility" }).click();
    await dialog.getByText("Enter the facility's price ceiling in cents, a whole number from 70 to 199.").waitFor();

    await dialog.getByLabel("Price ceiling (cents)").fill("99");
    await dialog.getByRole("button", { name: "Save facility" }).click();
    await admin.getByText("Facility saved", { exact: true }).waitFor();
    await row.getByText("$0.99", { exact: true }).waitFor();

    await complianceTab(admin);
    await admin.getByLabel("Facility", { exact: true }).selectOption(county.id);
    await admin
      .getByRole("table", { name: "Audit records" })
      .getByRole("row")
      .filter({ hasText: "facility_changed" })
      .filter({ hasText: "price ceiling $1.99 →" })
      .filter({ hasText: "price ceiling $0.99" })
      .waitFor();
  });
});
