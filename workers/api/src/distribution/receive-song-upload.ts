/**
 * Reads the distribution form (docs/product.md, Validation) as it arrives and stores its files in R2 on the way,
 * so an upload never sits in memory whole (see multipart-stream.ts and stream-to-r2.ts). Every check
 * of the form is made here, with the product's messages:
 * - limits while reading: the MP3 (413 at MP3_MAX_BYTES), the cover (413 at COVER_MAX_BYTES), the
 *   whole body (413 past MAX_REQUEST_BYTES) and each text field; reading stops at once;
 * - each file by its first bytes before any of it is stored (a wrong type is answered at the end of
 *   its part, so an oversized file of the wrong type still answers 413, as before);
 * - the MP3 frame by frame to its end (mp3-frames.ts): a file that is no MP3, has no frames or is
 *   cut short is refused with the message the form shows at the MP3 field, and nothing is kept;
 * - the cover's header (check-cover-image.ts): under 1400 × 1400 px, not square or not RGB is refused
 *   with the rule's message at the end of its part, and nothing is kept;
 * - the text fields and the customerId of the page against the session's artist.
 * Problems are answered in the order the body reveals them. Browsers send the customerId and text
 * fields before the files (the distribution form does), which gives the order of docs/product.md, Validation:
 * customerId, details (with the explicit answer right after the title), song, cover. Any other order is read correctly too; a later field can only
 * refuse the upload after its files were stored, and then they are removed.
 * For a field sent twice the first one counts (as FormData.get); unknown and nameless parts are skipped.
 */
import * as v from "valibot";
import { firstIssue, looksLikeMp3, MESSAGES, SongDetailsSchema, sniffCoverType, type SongDetails } from "@jplay/schema/distribution";
import { COVER_MAX_BYTES, MP3_MAX_BYTES } from "@jplay/schema/pricing";
import { CoverImageCheck, CoverImageRefused } from "./check-cover-image";
import { RELEASE_METADATA_FIELDS, ReleaseMetadataFieldsSchema, releaseMetadata, type ReleaseMetadata } from "@jplay/schema/release-metadata";
import { AppError, badRequest, forbidden } from "../platform/errors";
import { MAX_REQUEST_BYTES } from "../platform/limits";
import { Mp3Error, Mp3FrameWalker, type Mp3Facts } from "../platform/mp3-frames";
import { MultipartError, MultipartReader } from "../platform/multipart-stream";
import { R2ObjectWriter } from "../platform/stream-to-r2";
import { loggableError } from "../platform/loggable-error";

/** The longest text field kept in memory: far above any valid value, far below a file. */
export const TEXT_FIELD_MAX_BYTES = 256 * 1024;
/** Enough bytes to recognise an MP3 frame header or an image signature. */
const SNIFF_BYTES = 16;

export const NOT_MULTIPART = /*i18n*/ "Send the song as multipart form data.";
export const INTERRUPTED = /*i18n*/ "The upload stopped before it finished. Please try again.";
export const TEXT_FIELD_TOO_LONG = /*i18n*/ "A text field of the form is too long.";
export const OTHER_SESSION = /*i18n*/ "This payment setup belongs to another session. Please reload the page and try again.";

const tooLarge = (message: string) => new AppError(413, "payload_too_large", message);
const DETAIL_FIELDS = ["artistName", "songTitle", "explicit", "price"] as const;
/** Optional: the explicit song this upload is the clean (edited) version of (checked against the database by the caller). */
const CLEAN_VERSION_FIELD = "cleanVersionOf";
const TEXT_FIELDS = new Set<string>([...DETAIL_FIELDS, ...RELEASE_METADATA_FIELDS, CLEAN_VERSION_FIELD, "customerId"]);
const FORM_FIELDS = new Set<string>([...TEXT_FIELDS, "songFile", "coverImage"]);

type CoverType = "image/jpeg" | "image/png";

export interface SongUploadTarget {
  /** When the upload is judged (its release date is today or later at this time). */
  now: number;
  media: R2Bucket;
  audioKey: string;
  coverKey: (type: CoverType) => string;
  /** The Stripe customer of the session: a different customerId in the form is refused. */
  sessionCustomerId: string | null;
  /** Told each key once its object is completely stored, so the caller can remove it on failure. */
  stored: (key: string) => void;
}

export interface ReceivedSong {
  details: SongDetails;
  /** Genre, credits, release date…, every default filled in (schema/src/release-metadata.ts). */
  metadata: ReleaseMetadata;
  /** The id the form named as this song's explicit original, unchecked; null: not a clean version. */
  cleanVersionOf: string | null;
  audioKey: string;
  /** What walking every frame of the MP3 found (mp3-frames.ts). */
  audio: Mp3Facts;
  coverKey: string | null;
}

/** A file part's rules: its size limit and how its first bytes give the stored content type. */
interface FileRule<T extends string> {
  maxBytes: number;
  sizeMessage: string;
  typeMessage: string;
  sniff: (head: Uint8Array) => T | null;
  open: (type: T) => R2ObjectWriter;
  /** Reads every byte of a file of the right type; the file is refused (and not stored) if it throws. */
  walker?: Mp3FrameWalker | CoverImageCheck;
}

export async function receiveSongUpload(body: ReadableStream<Uint8Array>, boundary: string, target: SongUploadTarget): Promise<ReceivedSong> {
  const reader = new MultipartReader(body, boundary, { maxBodyBytes: MAX_REQUEST_BYTES });
  try {
    return await readForm(reader, target);
  } catch (error) {
    await reader.cancel();
    throw asAppError(error);
  }
}

async function readForm(reader: MultipartReader, target: SongUploadTarget): Promise<ReceivedSong> {
  /** First value of each text field; a file sent under a text field's name is kept as `{}` (not a string). */
  const fields = new Map<string, unknown>();
  const seen = new Set<string>();
  let audio: Mp3Facts | null = null;
  let coverKey: string | null = null;

  for (let part = await reader.nextPart(); part; part = await reader.nextPart()) {
    const { name } = part;
    // Only the form's own names are remembered: a body of endless unknown parts costs no memory.
    if (name === null || !FORM_FIELDS.has(name) || seen.has(name)) continue;
    seen.add(name);
    if (TEXT_FIELDS.has(name)) {
      fields.set(name, part.filename === null ? await readText(reader) : {});
      if (name === "customerId") checkCustomer(fields.get(name), target.sessionCustomerId);
      checkDetailsSoFar(fields);
      checkMetadataField(name, fields.get(name));
    } else if (name === "songFile") {
      if (part.filename === null) throw badRequest(MESSAGES.songMissing);
      const walker = new Mp3FrameWalker();
      const audioKey = await receiveFile(reader, {
        maxBytes: MP3_MAX_BYTES,
        sizeMessage: MESSAGES.songSize,
        typeMessage: MESSAGES.songType,
        sniff: (head) => (looksLikeMp3(head) ? "audio/mpeg" : null),
        open: (type) => new R2ObjectWriter(target.media, target.audioKey, { httpMetadata: { contentType: type } }),
        walker,
      });
      if (!audioKey) throw badRequest(MESSAGES.songMissing);
      target.stored(audioKey);
      audio = walker.finish();
    } else if (name === "coverImage" && part.filename !== null) {
      // A cover is optional: an empty file input (or text under its name) means none.
      coverKey = await receiveFile(reader, {
        maxBytes: COVER_MAX_BYTES,
        sizeMessage: MESSAGES.coverSize,
        typeMessage: MESSAGES.coverType,
        sniff: sniffCoverType,
        walker: new CoverImageCheck(),
        open: (type) => new R2ObjectWriter(target.media, target.coverKey(type), { httpMetadata: { contentType: type } }),
      });
      if (coverKey) target.stored(coverKey);
    }
  }

  const details = v.safeParse(SongDetailsSchema, Object.fromEntries(DETAIL_FIELDS.map((field) => [field, fields.get(field)])));
  if (!details.success) throw badRequest(firstIssue(details.issues));
  const metadata = metadataOf(fields, details.output.artistName, target.now);
  if (!audio) throw badRequest(MESSAGES.songMissing);
  const cleanVersionOf = fields.get(CLEAN_VERSION_FIELD);
  return {
    details: details.output,
    metadata,
    cleanVersionOf: typeof cleanVersionOf === "string" && cleanVersionOf.trim() !== "" ? cleanVersionOf.trim() : null,
    audioKey: target.audioKey,
    audio,
    coverKey,
  };
}

/** A text field's value (UTF-8), refused once longer than TEXT_FIELD_MAX_BYTES. */
async function readText(reader: MultipartReader): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for (let chunk = await reader.readChunk(); chunk; chunk = await reader.readChunk()) {
    bytes += chunk.length;
    if (bytes > TEXT_FIELD_MAX_BYTES) throw tooLarge(TEXT_FIELD_TOO_LONG);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

function checkCustomer(customerId: unknown, sessionCustomerId: string | null) {
  if (typeof customerId === "string" && customerId !== "" && customerId !== sessionCustomerId) throw forbidden(OTHER_SESSION);
}

/**
 * Refuses a bad detail as soon as its message is certain to be the first one: the details are
 * checked in the schema's order, so a field is judged once every field before it arrived and passed.
 */
function checkDetailsSoFar(fields: Map<string, unknown>) {
  for (const field of DETAIL_FIELDS) {
    if (!fields.has(field)) return;
    const result = v.safeParse(SongDetailsSchema.entries[field], fields.get(field));
    if (!result.success) throw badRequest(firstIssue(result.issues));
  }
}

/** Refuses a metadata field as soon as it arrives when it breaks its own rule (rules across fields wait for the end). */
function checkMetadataField(name: string, value: unknown) {
  if (!(RELEASE_METADATA_FIELDS as readonly string[]).includes(name)) return;
  const schema = ReleaseMetadataFieldsSchema.entries[name as keyof typeof ReleaseMetadataFieldsSchema.entries];
  const result = v.safeParse(schema, value);
  if (!result.success) throw badRequest(firstIssue(result.issues));
}

/** The metadata fields with their defaults and the rules across fields (release date, lyrics of an instrumental). */
function metadataOf(fields: Map<string, unknown>, artistName: string, now: number): ReleaseMetadata {
  const parsed = v.safeParse(ReleaseMetadataFieldsSchema, Object.fromEntries(RELEASE_METADATA_FIELDS.map((field) => [field, fields.get(field)])));
  if (!parsed.success) throw badRequest(firstIssue(parsed.issues));
  const metadata = releaseMetadata(parsed.output, artistName, now);
  if ("issue" in metadata) throw badRequest(metadata.issue);
  return metadata;
}

/**
 * Streams one file part into R2 once its first bytes pass `rule.sniff`, and through `rule.walker`
 * when it has one. Answers the stored key, or null for an empty part (nothing stored). On any
 * failure the unfinished object is discarded. A file refused by its type or its walker is read on
 * (not stored) to its end: a size problem outranks it.
 */
async function receiveFile<T extends string>(reader: MultipartReader, rule: FileRule<T>): Promise<string | null> {
  let size = 0;
  /** The first bytes, held until there are enough to judge the file by. */
  const held: Uint8Array[] = [];
  let writer: R2ObjectWriter | null = null;
  let refusal: AppError | null = null;
  try {
    for (let chunk = await reader.readChunk(); chunk; chunk = await reader.readChunk()) {
      size += chunk.length;
      if (size >= rule.maxBytes) throw tooLarge(rule.sizeMessage);
      if (refusal) continue;
      refusal = refusalOf(() => rule.walker?.push(chunk));
      if (refusal) {
        if (writer) await discard(writer);
        writer = null;
      } else if (writer) {
        await writer.write(chunk);
      } else {
        held.push(chunk);
        if (size >= SNIFF_BYTES) {
          writer = await openIfRightType(rule, held);
          if (!writer) refusal = badRequest(rule.typeMessage);
        }
      }
    }
    if (size === 0) return null;
    if (!writer && !refusal) writer = await openIfRightType(rule, held);
    if (!writer) throw refusal ?? badRequest(rule.typeMessage);
    const incomplete = refusalOf(() => rule.walker?.finish());
    if (incomplete) throw incomplete;
    await writer.finish();
    return writer.key;
  } catch (error) {
    if (writer) await discard(writer);
    throw error;
  }
}

/** The walker's refusal (of the next bytes, or of where the file ended) as the form's answer, or null. */
function refusalOf(step: () => unknown): AppError | null {
  try {
    step();
    return null;
  } catch (error) {
    if (error instanceof Mp3Error || error instanceof CoverImageRefused) return badRequest(error.message);
    throw error;
  }
}

/** A writer for the file when its first bytes are of an accepted type (given those bytes), else null. */
async function openIfRightType<T extends string>(rule: FileRule<T>, held: Uint8Array[]): Promise<R2ObjectWriter | null> {
  const type = rule.sniff(firstBytes(held, SNIFF_BYTES));
  const chunks = held.splice(0);
  if (type === null) return null;
  const writer = rule.open(type);
  try {
    for (const chunk of chunks) await writer.write(chunk);
  } catch (error) {
    await discard(writer);
    throw error;
  }
  return writer;
}

/**
 * Discards an unfinished object. If R2 refuses even that, the unfinished multipart upload stays
 * invisible (it is no object) until R2 expires it; it is logged all the same.
 */
async function discard(writer: R2ObjectWriter) {
  try {
    await writer.abort();
  } catch (error) {
    console.error(JSON.stringify({ level: "error", message: "could not abort an unfinished upload", key: writer.key, ...loggableError(error) }));
  }
}

function firstBytes(chunks: Uint8Array[], count: number): Uint8Array {
  const head = new Uint8Array(
    Math.min(
      count,
      chunks.reduce((n, c) => n + c.length, 0),
    ),
  );
  let at = 0;
  for (const chunk of chunks) {
    if (at === head.length) break;
    const piece = chunk.subarray(0, head.length - at);
    head.set(piece, at);
    at += piece.length;
  }
  return head;
}

function asAppError(error: unknown): unknown {
  if (!(error instanceof MultipartError)) return error;
  if (error.problem === "too-large") return tooLarge(MESSAGES.songSize);
  if (error.problem === "interrupted") return badRequest(INTERRUPTED);
  return badRequest(NOT_MULTIPART);
}
