/**
 * The checks the web app's and the Worker's message catalogues both pass (their translations.test.ts;
 * docs/decisions/035-i18n-library.md): English, which the apps write themselves, reads exactly as
 * Lingui's compiled English catalogue writes it, and Spanish holds every message with its placeholders
 * kept, so no reader meets an English gap or a raw "{title}". For tests only.
 */
import { describe, expect, test } from "vitest";
import { formatSourceMessage, type MessageValues } from "./format-message";

export const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();

/** Values that would show a formatter treating them as message text: braces, "$&", quotes. */
export const hostileValues = (message: string) =>
  Object.fromEntries(placeholders(message).map((name, index) => [name, `«${name}${index} {title} $& it's '{x}'»`]));

interface Catalogues {
  /** The ids of the compiled English catalogue: every message the app marks. */
  ids: string[];
  /** Lingui writing a message from the compiled English catalogue. */
  linguiEnglish: (id: string, values: MessageValues) => string;
  /** The ids of the compiled Spanish catalogue. */
  spanishIds: string[];
  /** The app writing a message in Spanish. */
  spanish: (id: string, values: MessageValues) => string;
}

export function describeCatalogues({ ids, linguiEnglish, spanishIds, spanish }: Catalogues): void {
  describe("English, written by the app", () => {
    test("every message reads as Lingui's compiled English writes it, placeholders filled", () => {
      for (const id of ids) {
        const values = hostileValues(id);
        expect(formatSourceMessage(id, values), id).toBe(linguiEnglish(id, values));
      }
    });

    test("a missing value leaves no raw placeholder behind", () => {
      expect(formatSourceMessage("{title} is being distributed")).toBe(" is being distributed");
    });
  });

  describe("Spanish", () => {
    test("has every message of the English catalogue, and nothing else", () => {
      expect([...spanishIds].sort()).toEqual([...ids].sort());
    });

    test("keeps each message's placeholders, and leaves none unfilled", () => {
      for (const id of ids) {
        const values = Object.fromEntries(placeholders(id).map((name) => [name, `VALUE-${name}`]));
        const translated = spanish(id, values);
        for (const value of Object.values(values)) expect(translated, id).toContain(value);
        expect(translated, id).not.toMatch(/[{}]/);
      }
    });
  });
}
