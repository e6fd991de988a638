/** The cover's srcset and sizes: every width the Worker serves, the listener's scope kept, the placeholder alone. */
import { describe, expect, it } from "vitest";
import { CARD_COVER_SIZES, coverPreloadLink, coverSources } from "./cover-sources";

describe("coverSources", () => {
  it("lists the 96, 288 and 576 px copies of a cover, keeping the scope query the catalogue gave it", () => {
    expect(coverSources({ coverUrl: "/api/songs/s1/cover?facility=demo-county" }, "48px")).toEqual({
      src: "/api/songs/s1/cover?facility=demo-county&size=288",
      srcSet:
        "/api/songs/s1/cover?facility=demo-county&size=96 96w, /api/songs/s1/cover?facility=demo-county&size=288 288w, /api/songs/s1/cover?facility=demo-county&size=576 576w",
      sizes: "48px",
    });
    expect(coverSources({ coverUrl: "/api/songs/s%2F2/cover" }, CARD_COVER_SIZES).srcSet).toBe(
      "/api/songs/s%2F2/cover?size=96 96w, /api/songs/s%2F2/cover?size=288 288w, /api/songs/s%2F2/cover?size=576 576w",
    );
  });

  it("gives a song without a cover the placeholder, with no srcset", () => {
    expect(coverSources({ coverUrl: null }, CARD_COVER_SIZES)).toEqual({ src: "/placeholder-cover.svg" });
  });
});

describe("coverPreloadLink", () => {
  it("preloads the same choice of size the card's <img> makes, first", () => {
    const song = { coverUrl: "/api/songs/s1/cover?catalogue=clean" };
    const img = coverSources(song, CARD_COVER_SIZES);
    expect(coverPreloadLink(song)).toEqual({
      rel: "preload",
      as: "image",
      href: img.src,
      imageSrcSet: img.srcSet,
      imageSizes: CARD_COVER_SIZES,
      fetchPriority: "high",
    });
  });
});
