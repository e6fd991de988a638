/**
 * The accessibility audit browser tests run on every screen they reach: axe-core (Deque's rules
 * engine, the one Lighthouse's accessibility score uses) injected into the page and run against the
 * WCAG 2.0–2.2 A and AA rules. What a test asserts is the list of serious and critical violations,
 * each as "rule: target (help URL)", so a failure names what to fix.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

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
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] }, resultTypes: ["violations"] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} — ${node.failureSummary?.split("\n").slice(1, 2).join("").trim() ?? ""} (${violation.helpUrl})`));
}
