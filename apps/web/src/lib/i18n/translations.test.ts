/**
 * The app writes English itself and Spanish through Lingui (docs/decisions/035-i18n-library.md): the
 * catalogue checks both apps pass (@jplay/schema/catalogue-checks), and the screens' own messages.
 */
import { setupI18n } from "@lingui/core";
import { describe, expect, test } from "vitest";
import { describeCatalogues } from "@jplay/schema/catalogue-checks";
import { messages as compiledEnglish } from "@/locales/en/messages";
import { messages as compiledSpanish } from "@/locales/es/messages";
import { spanish } from "./spanish";

const lingui = setupI18n({ locale: "en", messages: { en: compiledEnglish } });

describeCatalogues({
  ids: Object.keys(compiledEnglish),
  linguiEnglish: (id, values) => lingui._(id, values),
  spanishIds: Object.keys(compiledSpanish),
  spanish: (id, values) => spanish._(id, values),
});

describe("the screens' messages", () => {
  test("the catalogue lists the listener and artist screens' messages and the shared rules the forms show", () => {
    for (const id of ["Trending Songs", "Like {title}", "Save Payment Method", "Song title is required"]) expect(Object.keys(compiledEnglish)).toContain(id);
  });

  test("Spanish translates, filling placeholders with the values as text", () => {
    expect(spanish._("Trending Songs")).toBe("Canciones en tendencia");
    expect(spanish._("Play {title}", { title: "Mi {canción} $&" })).toBe("Reproducir Mi {canción} $&");
  });
});
