/// <reference lib="dom" />
/**
 * The artist's same-day sales in a real browser (docs/decisions/101-sales-reports.md): the chart of
 * sales over time is an SVG image with a spoken summary, its figures open as a table behind a toggle
 * button (aria-expanded, aria-controls), in English and Spanish, and axe finds nothing serious in
 * either theme with the table open. The chart's code arrives only on the artist page.
 */
import { describe, expect, test } from "vitest";
import { CARDS, saveCard } from "./support/artist";
import { auditInBothThemes } from "./support/axe";
import { newPage } from "./support/browser";
import { sharedServer } from "./support/shared-server";
import { es, recordMissingSpanish } from "./support/spanish";

const { baseURL } = sharedServer();

describe("the artist's sales chart", () => {
  test("shows the chart and its table in both languages and themes, axe-clean", async () => {
    const page = await newPage();
    const missing = recordMissingSpanish(page);
    const chartChunks: string[] = [];
    page.on("request", (request) => {
      if (/sales-chart-[\w-]+\.js$/.test(new URL(request.url()).pathname)) chartChunks.push(request.url());
    });
    await saveCard(page, baseURL, CARDS.visa);
    expect(chartChunks).toEqual([]);

    await page.goto(`${baseURL}/artist`);
    const report = page.getByTestId("artist-sales-report");
    const chart = report.getByRole("img", { name: /^Sales over time: \$0\.00 from / });
    await chart.waitFor();
    expect(chartChunks).toHaveLength(1);
    // The page's first read: the last 30 days, a bar each.
    expect(await chart.locator("rect").count()).toBe(30);

    const toggle = report.getByRole("button", { name: "Show as a table" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    const tableId = await toggle.getAttribute("aria-controls");
    expect(await page.locator(`[id="${tableId}"]`).isHidden()).toBe(true);
    await toggle.click();
    const hide = report.getByRole("button", { name: "Hide the table" });
    expect(await hide.getAttribute("aria-expanded")).toBe("true");
    const table = page.locator(`[id="${tableId}"]`).getByRole("table", { name: "Sales over time" });
    await table.waitFor();
    expect(await table.getByRole("row").count()).toBe(31);

    // A week at a time: the period buttons say which is on.
    await report.getByRole("button", { name: "By week" }).click();
    await expect.poll(() => report.getByRole("button", { name: "By week" }).getAttribute("aria-pressed")).toBe("true");

    const found = new Map<string, string[]>();
    await auditInBothThemes(page, "the artist's sales chart and table", found);

    await page.getByRole("button", { name: "Español", exact: true }).click();
    await report.getByRole("img", { name: new RegExp(`^${es("Sales over time")}: `) }).waitFor();
    await report.getByRole("button", { name: es("By week") }).waitFor();
    const spanishToggle = report.getByRole("button", { name: es("Show as a table") }).or(report.getByRole("button", { name: es("Hide the table") }));
    await spanishToggle.waitFor();
    if ((await spanishToggle.getAttribute("aria-expanded")) === "false") await spanishToggle.click();
    await page.getByRole("table", { name: es("Sales over time") }).waitFor();
    await auditInBothThemes(page, "the artist's sales chart and table in Spanish", found);

    expect(Object.fromEntries(found)).toEqual({});
    expect(missing).toEqual([]);
  });
});
