/**
 * The upload's cover check as its bytes stream to R2 (receive-song-upload.ts): the header read by the
 * rule the form uses too (schema/src/cover-image.ts: at least 1400 × 1400 px, square within 1%, RGB),
 * and the cover refused at the end of its part with that rule's message, nothing stored.
 */
import { CoverHeaderReader, coverImageProblem } from "@jplay/schema/cover-image";

export class CoverImageRefused extends Error {
  override readonly name = "CoverImageRefused";
}

export class CoverImageCheck {
  private readonly reader = new CoverHeaderReader();

  push(chunk: Uint8Array): void {
    this.reader.push(chunk);
  }

  /** Throws CoverImageRefused with the rule's message when the cover breaks it. */
  finish(): void {
    const problem = coverImageProblem(this.reader.facts);
    if (problem) throw new CoverImageRefused(problem);
  }
}
