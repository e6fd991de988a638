/**
 * The distribution form's checks, all from the shared rules in @jplay/schema/distribution (the same
 * the Worker enforces). Files are also judged by their first bytes, so a PNG renamed song.mp3 is
 * refused before a single byte is uploaded.
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

export type DetailField = "artistName" | "songTitle" | "explicit" | "price";
export type SongFormField = DetailField | "songFile" | "coverImage";
export type SongFormErrors = Partial<Record<SongFormField, string>>;

/** Fields in screen order: the first one with a problem gets the focus. */
export const FIELD_ORDER: readonly SongFormField[] = ["artistName", "songTitle", "explicit", "price", "songFile", "coverImage"];

export function detailProblem(field: DetailField, value: string): string | null {
  const result = v.safeParse(SongDetailsSchema.entries[field], value);
  return result.success ? null : firstIssue(result.issues);
}

/**
 * The field a server refusal is about, when the form can show it there: the MP3 walked whole (cut
 * short, no audio…) or a missing explicit answer. Null for anything the form shows only as a notice.
 */
export function fieldOfServerMessage(message: string): "songFile" | "explicit" | null {
  if (SONG_FILE_MESSAGES.includes(message)) return "songFile";
  return message === MESSAGES.explicit ? "explicit" : null;
}

/** An empty declared type (unknown extension) is left to the byte check. */
const factsOf = (file: File): FileFacts => (file.type ? { size: file.size, type: file.type } : { size: file.size });

async function headOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 16).arrayBuffer());
}

export async function songFileCheck(file: File | null): Promise<string | null> {
  const problem = songFileProblem(file ? factsOf(file) : null);
  if (problem || !file) return problem;
  return looksLikeMp3(await headOf(file)) ? null : MESSAGES.songType;
}

export async function coverFileCheck(file: File | null): Promise<string | null> {
  const problem = coverFileProblem(file ? factsOf(file) : null);
  if (problem || !file) return problem;
  return sniffCoverType(await headOf(file)) ? null : MESSAGES.coverType;
}
