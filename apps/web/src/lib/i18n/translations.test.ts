/**
 * The app writes English itself and Spanish through Lingui (docs/decisions/035-i18n-library.md):
 * English must read exactly as Lingui's own compiled catalogue would write it, and Spanish must have
 * every message with the same placeholders, so no listener ever sees an English gap or a raw "{title}".
 */
import { setupI18n } from "@lingui/core";
import { describe, expect, test } from "vitest";
import { messages as compiledEnglish } from "@/locales/en/messages";
import { messages as compiledSpanish } from "@/locales/es/messages";
import { formatSourceMessage } from "./format-message";
import { spanish } from "./spanish";

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Values that would show a formatter treating them as message text: braces, "$&", quotes. */
const hostileValues = (message: string) =>
  Object.fromEntries(placeholders(message).map((name, index) => [name, `«${name}${index} {title} $& it's '{x}'»`]));

const ids = Object.keys(compiledEnglish);

describe("English written by the app", () => {
  const lingui = setupI18n({ locale: "en", messages: { en: compiledEnglish } });

  test("the catalogue lists the screens' messages", () => {
    expect(ids).toContain("Trending Songs");
    expect(ids).toContain("Like {title}");
  });

  test("every message reads as Lingui's compiled English writes it, placeholders filled", () => {
    for (const id of ids) {
      const values = hostileValues(id);
      expect(formatSourceMessage(id, values), id).toBe(lingui._(id, values));
    }
  });

  test("a missing value leaves no raw placeholder behind", () => {
    expect(formatSourceMessage("{title} is being distributed")).toBe(" is being distributed");
  });
});

describe("Spanish", () => {
  test("has every message of the English catalogue, and nothing else", () => {
    expect(Object.keys(compiledSpanish).sort()).toEqual([...ids].sort());
  });

  test("keeps each message's placeholders, and leaves none unfilled", () => {
    for (const id of ids) {
      const values = Object.fromEntries(placeholders(id).map((name) => [name, `VALUE-${name}`]));
      const translated = spanish._(id, values);
      for (const value of Object.values(values)) expect(translated, id).toContain(value);
      expect(translated, id).not.toMatch(/[{}]/);
    }
  });

  test("translates, filling placeholders with the values as text", () => {
    expect(spanish._("Trending Songs")).toBe("Canciones en tendencia");
    expect(spanish._("Play {title}", { title: "Mi {canción} $&" })).toBe("Reproducir Mi {canción} $&");
  });
});
