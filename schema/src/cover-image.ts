/**
 * The cover art rule (docs/product.md, Validation; docs/audio-checks.md's sibling for images lives in
 * docs/catalogue-and-provider-api.md): at least 1400 × 1400 px, square within 1%, RGB colour (JPEG
 * with three components, PNG truecolour or palette), read from the image's header as its bytes arrive
 * — a PNG's IHDR, a JPEG's start-of-frame after its other segments, skipped by their lengths — so the
 * Worker judges a streamed upload without holding it and the form judges the same file the same way.
 */
import { MESSAGES } from "./distribution";

export const COVER_MIN_PIXELS = 1400;
/** Width and height may differ by this share of the larger. */
export const COVER_SQUARE_TOLERANCE = 0.01;

export interface CoverFacts {
  width: number;
  height: number;
  colour: "rgb" | "grey" | "cmyk" | "other";
}

const PNG_HEADER_BYTES = 26;
const isSof = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const standalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

/** Reads a JPEG's or PNG's size and colour from its first bytes, pushed as they arrive; holds at most 26 bytes. */
export class CoverHeaderReader {
  private held: number[] = [];
  private skip = 0;
  private phase: "start" | "png" | "marker" | "length" | "frame" | "done" = "start";
  facts: CoverFacts | null = null;

  push(chunk: Uint8Array): void {
    for (let at = 0; at < chunk.length && this.phase !== "done";) {
      if (this.skip > 0) {
        const passed = Math.min(this.skip, chunk.length - at);
        this.skip -= passed;
        at += passed;
        continue;
      }
      this.held.push(chunk[at++]!);
      this.step();
    }
  }

  private step(): void {
    const held = this.held;
    const u16 = (at: number) => (held[at]! << 8) | held[at + 1]!;
    if (this.phase === "start" && held.length === 2) {
      if (held[0] === 0xff && held[1] === 0xd8) this.next("marker");
      else if (held[0] === 0x89 && held[1] === 0x50) this.phase = "png";
      else this.next("done");
    } else if (this.phase === "png" && held.length === PNG_HEADER_BYTES) {
      const ihdr = String.fromCharCode(...held.slice(12, 16)) === "IHDR";
      const u32 = (at: number) => u16(at) * 65_536 + u16(at + 2);
      const colourType = held[25]!;
      if (ihdr)
        this.facts = {
          width: u32(16),
          height: u32(20),
          colour: colourType === 2 || colourType === 6 || colourType === 3 ? "rgb" : colourType === 0 || colourType === 4 ? "grey" : "other",
        };
      this.next("done");
    } else if (this.phase === "marker" && held.length === 2) {
      if (held[0] !== 0xff) return this.next("done");
      const marker = held[1]!;
      if (marker === 0xff)
        held.shift(); // a fill byte
      else if (standalone(marker)) this.next("marker");
      else if (isSof(marker)) this.next("frame");
      else if (marker === 0xda || marker === 0xd9)
        this.next("done"); // image data or its end before any frame
      else this.next("length");
    } else if (this.phase === "length" && held.length === 2) {
      this.skip = Math.max(0, u16(0) - 2);
      this.next("marker");
    } else if (this.phase === "frame" && held.length === 8) {
      const components = held[7]!;
      this.facts = { height: u16(3), width: u16(5), colour: components === 3 ? "rgb" : components === 1 ? "grey" : components === 4 ? "cmyk" : "other" };
      this.next("done");
    }
  }

  private next(phase: CoverHeaderReader["phase"]): void {
    this.phase = phase;
    this.held = [];
  }
}

/** The cover's size and colour from its whole bytes (the form's check, tests). */
export function readCoverFacts(bytes: Uint8Array): CoverFacts | null {
  const reader = new CoverHeaderReader();
  reader.push(bytes);
  return reader.facts;
}

/** The message refusing a cover with these facts (null: unreadable, refused as not a JPEG or PNG), or null when it passes. */
export function coverImageProblem(facts: CoverFacts | null): string | null {
  if (!facts) return MESSAGES.coverType;
  if (facts.colour !== "rgb") return MESSAGES.coverColour;
  if (Math.abs(facts.width - facts.height) > COVER_SQUARE_TOLERANCE * Math.max(facts.width, facts.height)) return MESSAGES.coverSquare;
  if (Math.min(facts.width, facts.height) < COVER_MIN_PIXELS) return MESSAGES.coverPixels;
  return null;
}
