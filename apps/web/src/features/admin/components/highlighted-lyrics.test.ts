// Review's screening as an operator reads it (docs/decisions/085-linear-term-matching.md): lyrics too
// long to screen whole say where screening stopped and how much was left unread, once however many
// lists carry it, and that rest is not highlighted as if a term had been found in it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UNSCREENED_TERM, type SongScreening, type TermMatch } from "@jplay/schema/compliance";
import { HighlightedLyrics } from "./highlighted-lyrics";

const lyrics = "la la la, the river runs ".repeat(1_000);
const rest = (listId: string, listName: string): TermMatch => ({
  listId,
  listName,
  listVersion: 1,
  field: "lyrics",
  start: 20_000,
  end: lyrics.length,
  text: "",
  term: UNSCREENED_TERM,
  language: "en",
});
const screening: SongScreening = {
  screenedAt: "2026-11-29T10:00:00.000Z",
  matches: [
    { listId: "g", listName: "Gang terms", listVersion: 1, field: "lyrics", start: 4, end: 9, text: "la, t", term: "la t", language: "es" },
    rest("g", "Gang terms"),
    rest("c", "Contraband"),
  ],
  facilities: [{ facilityId: "f", facilityName: "Ridge State Prison", listNames: ["Contraband", "Gang terms"], status: "fails", reason: null }],
  lyricsMissing: false,
  transcript: null,
};

describe("a song's screening in review", () => {
  it("says once where screening stopped in lyrics too long to screen whole, and marks only what was found", () => {
    const html = renderToStaticMarkup(createElement(HighlightedLyrics, { lyrics, screening, label: "Lyrics", transcriptLabel: "Transcript" }));
    expect(html.match(/Screening stopped at character 20,000 of the lyrics/g)).toHaveLength(1);
    expect(html).toContain("the last 5,000 characters were not screened. Read them before deciding.");
    expect(html.match(/<mark/g)).toHaveLength(1);
  });
});
