/**
 * The distribution form's checks, all from the shared rules in @jplay/schema/distribution (the same
 * the Worker enforces). Files are also judged by their first bytes, so a PNG renamed song.mp3 is
 * refused before a single byte is uploaded. The shared rules word their messages in English; each
 * check answers them in the screen's language (`problemText`).
 */
import * as v from "valibot";
import {
  coverFileProblem,
  firstIssue,
  looksLikeMp3,
  MESSAGES,
  SongDetailsSchema,
  sniffCoverType,
  SONG_FILE_MESSAGES,
  songFileProblem,
  type FileFacts,
} from "@jplay/schema/distribution";
import { coverImageProblem, readCoverFacts } from "@jplay/schema/cover-image";
import { METADATA_MESSAGES } from "@jplay/schema/release-metadata";
import type { Translator } from "@/lib/i18n";

export type DetailField = "artistName" | "songTitle" | "explicit" | "price";
export type SongFormField = DetailField | "songFile" | "coverImage";
export type SongFormErrors = Partial<Record<SongFormField, string>>;

/** Fields in screen order: the first one with a problem gets the focus. */
export const FIELD_ORDER: readonly SongFormField[] = ["artistName", "songTitle", "explicit", "price", "songFile", "coverImage"];

/**
 * A shared rule's message (docs/product.md, Validation) in the screen's language: the rules are
 * marked for translation where they are written (schema/src/distribution.ts), so their Spanish is in
 * the web app's catalogue; a message it does not hold is shown as it came.
 */
export const problemText = (message: string, i18n: Translator): string => i18n._(message);

const shown = (message: string | null, i18n: Translator) => (message === null ? null : problemText(message, i18n));

export function detailProblem(field: DetailField, value: string, i18n: Translator): string | null {
  const result = v.safeParse(SongDetailsSchema.entries[field], value);
  return result.success ? null : problemText(firstIssue(result.issues), i18n);
}

/** The server's message as it came, or as this screen words the same rule in its language. */
const isMessage = (message: string, rule: string, i18n: Translator) => message === rule || message === problemText(rule, i18n);

/**
 * The field a server refusal is about, when the form can show it there: the MP3 walked whole (cut
 * short, no audio…) or a missing explicit answer. Null for anything the form shows only as a notice.
 */
export function fieldOfServerMessage(message: string, i18n: Translator): "songFile" | "explicit" | null {
  if (SONG_FILE_MESSAGES.some((rule) => isMessage(message, rule, i18n))) return "songFile";
  return isMessage(message, MESSAGES.explicit, i18n) ? "explicit" : null;
}

/** An empty declared type (unknown extension) is left to the byte check. */
const factsOf = (file: File): FileFacts => (file.type ? { size: file.size, type: file.type } : { size: file.size });

async function headOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 16).arrayBuffer());
}

export async function songFileCheck(file: File | null, i18n: Translator): Promise<string | null> {
  const problem = songFileProblem(file ? factsOf(file) : null);
  if (problem || !file) return shown(problem, i18n);
  return looksLikeMp3(await headOf(file)) ? null : problemText(MESSAGES.songType, i18n);
}

export async function coverFileCheck(file: File | null, i18n: Translator): Promise<string | null> {
  const problem = coverFileProblem(file ? factsOf(file) : null);
  if (problem || !file) return shown(problem, i18n);
  if (!sniffCoverType(await headOf(file))) return problemText(MESSAGES.coverType, i18n);
  // The server's cover rule (schema/src/cover-image.ts) on the same bytes: size, square, RGB.
  return shown(coverImageProblem(readCoverFacts(new Uint8Array(await file.arrayBuffer()))), i18n);
}

/** Whether a server refusal is about the release details (their rules, and the ones that need the catalogue), so the form shows it there. */
export const isReleaseDetailsMessage = (message: string, i18n: Translator) => Object.values(METADATA_MESSAGES).some((rule) => isMessage(message, rule, i18n));
