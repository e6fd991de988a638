/**
 * What a screen shows in Spanish: the web app's compiled Spanish catalogue read by its English text,
 * placeholders filled, so a test names the message it waits for the way the code does. It refuses a
 * message the catalogue lacks, or whose Spanish is its English (a test of that would prove nothing).
 */
import { messages } from "../../apps/web/src/locales/es/messages.ts";

type Compiled = string | Array<string | [string]>;

export function es(english: string, values: Record<string, string> = {}): string {
  const compiled = (messages as Record<string, Compiled | undefined>)[english];
  if (compiled === undefined) throw new Error(`No Spanish for "${english}" in apps/web/src/locales/es`);
  const text = (Array.isArray(compiled) ? compiled : [compiled]).map((part) => (typeof part === "string" ? part : (values[part[0]] ?? ""))).join("");
  if (text === english) throw new Error(`"${english}" reads the same in Spanish: a test of it cannot tell the languages apart`);
  return text;
}

/** Lingui's warning for a message its Spanish catalogue does not hold (shown in English). */
export function recordMissingSpanish(page: import("playwright-core").Page): string[] {
  const missing: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning" && message.text().includes("Uncompiled message detected")) missing.push(message.text());
  });
  return missing;
}
