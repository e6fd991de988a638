/**
 * The Worker writes its English messages itself and Spanish through Lingui (errors.ts,
 * error-language.ts, docs/decisions/035-i18n-library.md): the catalogue checks both apps pass
 * (@jplay/schema/catalogue-checks), and the error handler's own translation.
 */
import { setupI18n } from "@lingui/core";
import { describe, expect, test } from "vitest";
import { describeCatalogues } from "@jplay/schema/catalogue-checks";
import { formatSourceMessage } from "@jplay/schema/format-message";
import { messageIn } from "../platform/error-language";
import { messages as compiledEnglish } from "./en/messages";
import { messages as compiledSpanish } from "./es/messages";

const lingui = setupI18n({ locale: "en", messages: { en: compiledEnglish } });

describeCatalogues({
  ids: Object.keys(compiledEnglish),
  linguiEnglish: (id, values) => lingui._(id, values),
  spanishIds: Object.keys(compiledSpanish),
  spanish: (id, values) => messageIn("es", id, formatSourceMessage(id, values), values),
});

describe("the Worker's messages", () => {
  test("the catalogue lists the errors listeners and artists read", () => {
    for (const id of ["Song not found", "There is no statement for {month} yet: that month has not begun."]) expect(Object.keys(compiledEnglish)).toContain(id);
  });

  test("Spanish translates, filling placeholders with the values as text", () => {
    expect(messageIn("es", "Song not found", "Song not found")).toBe("Canción no encontrada");
    const month = "2026-{12} $&";
    expect(messageIn("es", "There is no statement for {month} yet: that month has not begun.", "", { month })).toBe(
      "Todavía no hay estado de cuenta para 2026-{12} $&: ese mes no ha empezado.",
    );
  });

  test("English, and a message the catalogue does not hold, stay as written", () => {
    expect(messageIn("en", "Song not found", "Song not found")).toBe("Song not found");
    expect(messageIn("es", "Your card is not supported in this country.", "Your card is not supported in this country.")).toBe("Your card is not supported in this country.");
  });
});
