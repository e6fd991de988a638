/**
 * The accessibility audit browser tests run on every screen they reach: axe-core (Deque's rules
 * engine, the one Lighthouse's accessibility score uses) injected into the page and run against the
 * WCAG 2.0–2.2 A and AA rules. What a test asserts is the list of serious and critical violations,
 * each as "rule: target (help URL)", so a failure names what to fix.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { waitForHydration } from "./browser";

/** Evaluated through the DevTools protocol: the app's CSP (no inline scripts) would refuse a <script> tag. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: "minor" | "moderate" | "serious" | "critical" | null;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The page's serious and critical WCAG A/AA violations, one line per element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      resultTypes: ["violations"],
    });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id}: ${node.target.join(" ")} — ${node.failureSummary?.split("\n").slice(1, 2).join("").trim() ?? ""} (${violation.helpUrl})`,
      ),
    );
}

/** The app's two themes, as the header's toggle keeps them in localStorage "theme". */
type Theme = "dark" | "light";
const THEMES: Theme[] = ["dark", "light"];

/**
 * Shows the page in `theme` the way the app follows a choice made in another tab
 * (apps/web/src/features/theme/theme-choice.ts): the stored value changes and a `storage` event says
 * so. The page keeps its state (a dialog stays open, a form keeps its errors), so a state is audited in
 * both themes from one visit. Then waits for the colours' transitions to end: axe must read the
 * theme's colours, not a fade between the two.
 */
async function showTheme(page: Page, state: string, theme: Theme): Promise<void> {
  // The app listens once React has hydrated the header's theme toggle (a server-rendered page shows
  // before); a choice stored before it listened is followed when it starts to (theme-choice.ts).
  await waitForHydration(page, '[data-early-tap="theme"]');
  await page.evaluate((chosen) => {
    const previous = window.localStorage.getItem("theme");
    window.localStorage.setItem("theme", chosen);
    window.dispatchEvent(new StorageEvent("storage", { key: "theme", oldValue: previous, newValue: chosen, storageArea: window.localStorage }));
  }, theme);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")), { message: `${state} is in the ${theme} theme`, timeout: 10_000 })
    .toBe(theme === "dark");
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"));
}

/**
 * Audits the page as it is now in each theme (a theme that does not apply fails), adding what axe
 * finds to `found` under "`state` (theme)". The page is left in the light theme.
 */
export async function auditInBothThemes(page: Page, state: string, found: Map<string, string[]>): Promise<void> {
  for (const theme of THEMES) {
    await showTheme(page, state, theme);
    const violations = await seriousViolations(page);
    if (violations.length > 0) found.set(`${state} (${theme})`, violations);
  }
}
