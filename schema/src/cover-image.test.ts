// The cover rule's header reader on its own: a PNG's IHDR, a JPEG's frame found past other segments
// and fill bytes, whatever pieces the bytes arrive in; and which facts the rule refuses.
import { describe, expect, it } from "vitest";
import { coverJpeg, coverPng } from "../../workers/api/test/cover-files";
import { CoverHeaderReader, coverImageProblem, readCoverFacts } from "./cover-image";
import { MESSAGES } from "./distribution";

describe("readCoverFacts", () => {
  it("reads a PNG's size and colour type", () => {
    expect(readCoverFacts(coverPng(1500, 1400))).toEqual({ width: 1500, height: 1400, colour: "rgb" });
    expect(readCoverFacts(coverPng(1400, 1400, 0))?.colour).toBe("grey");
  });

  it("reads a JPEG's frame after an EXIF segment and fill bytes, pushed a byte at a time", () => {
    const jpeg = coverJpeg(2000, 1990, 3);
    const exif = new Uint8Array([0xff, 0xe1, 0x10, 0x02, ...new Uint8Array(0x1000)]);
    const withExif = new Uint8Array([...jpeg.subarray(0, 2), ...exif, 0xff, ...jpeg.subarray(2)]);
    const reader = new CoverHeaderReader();
    for (const byte of withExif) reader.push(new Uint8Array([byte]));
    expect(reader.facts).toEqual({ width: 2000, height: 1990, colour: "rgb" });
    expect(readCoverFacts(coverJpeg(1400, 1400, 4))?.colour).toBe("cmyk");
  });

  it("reads nothing from bytes that are no image, or a JPEG whose image data comes before any frame", () => {
    expect(readCoverFacts(new TextEncoder().encode("not an image at all"))).toBeNull();
    expect(readCoverFacts(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]))).toBeNull();
  });
});

describe("coverImageProblem", () => {
  it("refuses small, not square, not RGB and unreadable covers, and takes the rest", () => {
    expect(coverImageProblem({ width: 1399, height: 1399, colour: "rgb" })).toBe(MESSAGES.coverPixels);
    expect(coverImageProblem({ width: 1400, height: 1415, colour: "rgb" })).toBe(MESSAGES.coverSquare);
    expect(coverImageProblem({ width: 1400, height: 1414, colour: "rgb" })).toBeNull();
    expect(coverImageProblem({ width: 3000, height: 3000, colour: "grey" })).toBe(MESSAGES.coverColour);
    expect(coverImageProblem(null)).toBe(MESSAGES.coverType);
  });
});
