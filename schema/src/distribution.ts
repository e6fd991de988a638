/**
 * The rules of docs/product.md, Validation, written once (docs/architecture.md, Validation written once): the distribution form and the
 * payment-setup card validate with these, and the Worker enforces the same ones with the same
 * messages. Files are judged by their bytes on the server and, where the browser can, on the client.
 */
import * as v from "valibot";
import { COVER_MAX_BYTES, FEE_OPTIONS, MP3_MAX_BYTES, SONG_PRICE_DEFAULT_CENTS, SONG_PRICE_MAX_CENTS, SONG_PRICE_MIN_CENTS } from "./pricing";

/** The rules' messages, marked for translation: the Worker answers them in the reader's language (workers/api/src/platform/error-language.ts). */
export const MESSAGES = {
  artistName: /*i18n*/ "Artist name must be at least 2 characters",
  songTitle: /*i18n*/ "Song title is required",
  explicit: /*i18n*/ "Please say whether the song has explicit content",
  price: /*i18n*/ "Price must be between $0.70 and $1.99",
  songMissing: /*i18n*/ "Please upload an MP3 file",
  songType: /*i18n*/ "Please select an MP3 file",
  songSize: /*i18n*/ "File size must be less than 15MB",
  songNoAudio: /*i18n*/ "This MP3 file has no audio in it. Please choose another file.",
  songCutShort: /*i18n*/ "This MP3 file is cut short: it ends in the middle of its audio. Please export it again and upload the whole file.",
  songNotAudio: /*i18n*/ "This MP3 file has data that is not MP3 audio in it. Please export it again and upload the result.",
  coverType: /*i18n*/ "Please select a JPG or PNG image for the cover",
  coverSize: /*i18n*/ "Cover image must be less than 5MB",
  coverPixels: /*i18n*/ "The cover must be at least 1400 × 1400 pixels. Please export a larger image.",
  coverSquare: /*i18n*/ "The cover must be square: the same width and height.",
  coverColour: /*i18n*/ "The cover must be in RGB colour, not greyscale or CMYK. Please export it as RGB.",
  phone: /*i18n*/ "Phone number is required for payment notifications.",
  paymentFrequency: /*i18n*/ "Payment frequency must be daily or weekly",
} as const;

export const PaymentFrequencySchema = v.picklist(["daily", "weekly"], MESSAGES.paymentFrequency);

export const CreateSetupIntentSchema = v.object({
  paymentFrequency: v.optional(PaymentFrequencySchema, "daily"),
});

export const PhoneNumberSchema = v.pipe(
  v.string(MESSAGES.phone),
  v.trim(),
  v.nonEmpty(MESSAGES.phone),
  v.maxLength(32, /*i18n*/ "Phone number is too long"),
  v.regex(/^\+?[0-9 ().-]{7,}$/, /*i18n*/ "Enter a phone number with at least 7 digits"),
);

export const SavePaymentMethodSchema = v.object({
  customerId: v.pipe(v.string(), v.nonEmpty(/*i18n*/ "customerId is required")),
  paymentMethodId: v.pipe(v.string(), v.nonEmpty(/*i18n*/ "paymentMethodId is required")),
  phoneNumber: PhoneNumberSchema,
  paymentFrequency: PaymentFrequencySchema,
});

/** Browsers send a timestamp as the request id; anything longer than this is not one of ours. */
export const MAX_REQUEST_ID_LENGTH = 100;
/** Says MAX_REQUEST_ID_LENGTH (100) in its text, written out: a message marked for translation is one plain string. */
const REQUEST_ID_MESSAGE = /*i18n*/ "requestId must be a non-empty string of at most 100 characters.";
/** What the payment calls answer to a body that is no JSON object. */
const NOT_AN_OBJECT = /*i18n*/ "Send a JSON object.";

/** `POST /api/distribute/{songId}/complete`: the option chosen and the attempt's id (its replays answer alike). */
export const CompleteDistributionSchema = v.object(
  {
    feeOption: v.picklist(FEE_OPTIONS, /*i18n*/ "Invalid option"),
    requestId: v.pipe(
      v.string(REQUEST_ID_MESSAGE),
      v.check((id) => id.trim() !== "", REQUEST_ID_MESSAGE),
      v.maxLength(MAX_REQUEST_ID_LENGTH, REQUEST_ID_MESSAGE),
    ),
  },
  NOT_AN_OBJECT,
);

/** `POST /api/distribute/{songId}/recovery`: which discounted offer the artist accepts. */
export const RecoveryOfferSchema = v.object({ offerTier: v.picklist([1, 2] as const, /*i18n*/ "offerTier must be 1 or 2.") }, NOT_AN_OBJECT);

/** The form's answers to "Explicit content": multipart field `explicit`. */
export const EXPLICIT_ANSWERS = ["yes", "no"] as const;
export type ExplicitAnswer = (typeof EXPLICIT_ANSWERS)[number];

/** The text fields of the distribution form; price arrives as text from multipart. */
export const SongDetailsSchema = v.object({
  artistName: v.pipe(
    v.string(MESSAGES.artistName),
    v.trim(),
    v.minLength(2, MESSAGES.artistName),
    v.maxLength(100, /*i18n*/ "Artist name must be at most 100 characters"),
  ),
  songTitle: v.pipe(
    v.string(MESSAGES.songTitle),
    v.trim(),
    v.minLength(1, MESSAGES.songTitle),
    v.maxLength(150, /*i18n*/ "Song title must be at most 150 characters"),
  ),
  // Required, no default: clean-only facilities never receive explicit songs (docs/decisions/051).
  explicit: v.pipe(
    v.picklist(EXPLICIT_ANSWERS, MESSAGES.explicit),
    v.transform((answer) => answer === "yes"),
  ),
  // The form shows the price disabled at the default, so a missing price means the default.
  price: v.optional(
    v.pipe(
      v.union([v.number(), v.string()], MESSAGES.price),
      v.transform((raw) => (typeof raw === "number" ? raw : raw.trim() === "" ? SONG_PRICE_DEFAULT_CENTS / 100 : Number(raw))),
      v.check((dollars) => Number.isFinite(dollars), MESSAGES.price),
      v.transform((dollars) => Math.round(dollars * 100)),
      v.minValue(SONG_PRICE_MIN_CENTS, MESSAGES.price),
      v.maxValue(SONG_PRICE_MAX_CENTS, MESSAGES.price),
    ),
    SONG_PRICE_DEFAULT_CENTS / 100,
  ),
});
export type SongDetails = v.InferOutput<typeof SongDetailsSchema>;

/** The first message of a failed valibot parse: what a form shows and what the API answers. */
export const firstIssue = (issues: readonly { message: string }[]) => issues[0]?.message ?? /*i18n*/ "Invalid input";

export interface FileFacts {
  size: number;
  /** The declared MIME type (client side) — the server ignores it and sniffs the bytes. */
  type?: string;
}

/** Client-side check of the chosen MP3 by its declared type and size. */
export function songFileProblem(file: FileFacts | null | undefined): string | null {
  if (!file) return MESSAGES.songMissing;
  if (file.type !== undefined && file.type !== "audio/mpeg" && file.type !== "audio/mp3") return MESSAGES.songType;
  if (file.size >= MP3_MAX_BYTES) return MESSAGES.songSize;
  return null;
}

/** Client-side check of the optional cover by its declared type and size. */
export function coverFileProblem(file: FileFacts | null | undefined): string | null {
  if (!file) return null;
  if (file.type !== undefined && !["image/jpeg", "image/jpg", "image/png"].includes(file.type)) return MESSAGES.coverType;
  if (file.size >= COVER_MAX_BYTES) return MESSAGES.coverSize;
  return null;
}

/** The server's answers about the MP3 itself: the form shows them at the MP3 field. */
export const SONG_FILE_MESSAGES: readonly string[] = [
  MESSAGES.songMissing,
  MESSAGES.songType,
  MESSAGES.songSize,
  MESSAGES.songNoAudio,
  MESSAGES.songCutShort,
  MESSAGES.songNotAudio,
];

/**
 * True when the bytes start like an MP3: an ID3v2 tag, or an MPEG audio frame header (11 sync bits,
 * a defined version and layer, a bitrate index that is not "bad", a defined sample rate).
 */
export function looksLikeMp3(head: Uint8Array): boolean {
  if (head.length >= 3 && head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33) return true; // "ID3"
  if (head.length < 4) return false;
  const [b0, b1, b2] = [head[0]!, head[1]!, head[2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = (b2 >> 4) & 0b1111;
  const sampleRate = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** The image type the bytes really are, or null for anything but JPEG and PNG. */
export function sniffCoverType(head: Uint8Array): "image/jpeg" | "image/png" | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((byte, i) => head[i] === byte)) return "image/png";
  return null;
}
