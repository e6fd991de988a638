/**
 * The release metadata rules the form and the Worker share: the release date's window (the artist's
 * own "today" may be UTC's yesterday), the defaults an upload that says nothing gets, an
 * instrumental's language and lyrics, the ℗/© years, and the parental warning of each kind of song.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  defaultCredits,
  METADATA_MESSAGES,
  NO_LYRICS_LANGUAGE,
  parentalWarning,
  ReleaseMetadataFieldsSchema,
  releaseDateIssue,
  releaseMetadata,
  type ReleaseMetadataFields,
} from "./release-metadata";

/** 2026-11-27 at 03:00 UTC: still the 26th in Los Angeles. */
const NOW = Date.UTC(2026, 10, 27, 3, 0, 0);
const parse = (fields: Record<string, string>): ReleaseMetadataFields => v.parse(ReleaseMetadataFieldsSchema, fields);

describe("release date", () => {
  it("accepts UTC's today, the day before it (an artist west of UTC) and a year ahead; refuses earlier, later and non-dates", () => {
    expect(releaseDateIssue("2026-11-27", NOW)).toBeNull();
    expect(releaseDateIssue("2026-11-26", NOW)).toBeNull();
    expect(releaseDateIssue("2027-11-27", NOW)).toBeNull();
    expect(releaseDateIssue("2026-11-25", NOW)).toBe(METADATA_MESSAGES.releaseDatePast);
    expect(releaseDateIssue("2027-11-28", NOW)).toBe(METADATA_MESSAGES.releaseDateFar);
    for (const date of ["2026-02-30", "2026-13-01", "27/11/2026", "2026-11-7", ""])
      expect(releaseDateIssue(date, NOW), date).toBe(METADATA_MESSAGES.releaseDate);
  });
});

describe("an upload's metadata", () => {
  it("says nothing: released today, Pop, English, the artist performs and composed it, ℗ and © this year by the artist", () => {
    expect(releaseMetadata(parse({}), "Ana", NOW)).toEqual({
      genre: "Pop",
      lyricsLanguage: "en",
      releaseDate: "2026-11-27",
      credits: defaultCredits("Ana"),
      pLineYear: 2026,
      pLineHolder: "Ana",
      cLineYear: 2026,
      cLineHolder: "Ana",
      lyrics: null,
      instrumental: false,
      isrc: null,
      upc: null,
    });
  });

  it("takes the ℗ and © year from a later release date, and stores typed identifiers in their stored form", () => {
    const metadata = releaseMetadata(parse({ releaseDate: "2027-01-05", isrc: "us-s1z-99-00001", upc: "0 36000 29145 2" }), "Ana", NOW);
    expect(metadata).toMatchObject({ pLineYear: 2027, cLineYear: 2027, isrc: "USS1Z9900001", upc: "036000291452" });
  });

  it("an instrumental's language is zxx whatever was chosen; lyrics on one are refused", () => {
    expect(releaseMetadata(parse({ instrumental: "yes", lyricsLanguage: "es" }), "Ana", NOW)).toMatchObject({
      instrumental: true,
      lyricsLanguage: NO_LYRICS_LANGUAGE,
      lyrics: null,
    });
    expect(releaseMetadata(parse({ instrumental: "yes", lyrics: "la la" }), "Ana", NOW)).toEqual({ issue: METADATA_MESSAGES.instrumentalWithLyrics });
  });

  it("refuses a ℗ or © year after next year, which the field alone cannot know", () => {
    expect(releaseMetadata(parse({ pLineYear: "2028" }), "Ana", NOW)).toEqual({ issue: METADATA_MESSAGES.lineYear });
    expect(releaseMetadata(parse({ cLineYear: "2027" }), "Ana", NOW)).not.toHaveProperty("issue");
  });

  it("refuses credits without a composer, with an unknown role or that are not JSON", () => {
    const issue = (credits: string) => v.safeParse(ReleaseMetadataFieldsSchema, { credits }).issues?.[0]?.message;
    expect(issue(JSON.stringify([{ name: "A", role: "performer" }]))).toBe(METADATA_MESSAGES.composerMissing);
    expect(
      issue(
        JSON.stringify([
          { name: "A", role: "composer" },
          { name: "B", role: "drummer" },
        ]),
      ),
    ).toBe(METADATA_MESSAGES.creditRole);
    expect(issue("[{")).toBe(METADATA_MESSAGES.credits);
    expect(issue(JSON.stringify([{ name: "A", role: "composer" }]))).toBeUndefined();
  });
});

describe("parental warning", () => {
  it("is Explicit for an explicit or unanswered song, Edited for a clean version, NotExplicit otherwise", () => {
    expect(parentalWarning({ explicit: true, cleanVersionOf: null })).toBe("Explicit");
    expect(parentalWarning({ explicit: null, cleanVersionOf: null })).toBe("Explicit");
    expect(parentalWarning({ explicit: false, cleanVersionOf: "original" })).toBe("Edited");
    expect(parentalWarning({ explicit: false, cleanVersionOf: null })).toBe("NotExplicit");
  });
});
