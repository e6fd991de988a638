/**
 * Royalty splits' API contract (docs/splits.md): what the artist saves for a song
 * (`PUT /api/artist/{token}/songs/{songId}/splits`), what they read back, and the operator's history
 * (`GET /api/admin/songs/{songId}/splits`). Up to 20 collaborators, each with whole basis points
 * 1..10,000, together at most 10,000: the artist's own share is the rest. An optional recoup is paid
 * to one of the collaborators before the split applies.
 */
import * as v from "valibot";
import { ArtistPayoutSchema, ConnectStateSchema } from "./artist.ts";
import { PhoneNumberSchema } from "./distribution.ts";
import { ArtistPhoneSchema } from "./phone-confirmation.ts";
import { CREDIT_ROLES } from "./release-metadata.ts";

export const SPLIT_MAX_COLLABORATORS = 20;
export const SPLIT_TOTAL_BPS = 10_000;
/** The largest recoup an artist may set: 100,000.00. */
export const SPLIT_RECOUP_MAX_CENTS = 10_000_000;

export const SPLIT_MESSAGES = {
  name: /*i18n*/ "Enter the collaborator's name (up to 100 characters).",
  basisPoints: /*i18n*/ "A share is a whole number of basis points from 1 to 10,000.",
  total: /*i18n*/ "The collaborators' shares add up to more than 100%.",
  tooMany: /*i18n*/ "A song can have at most 20 collaborators.",
  duplicatePhone: /*i18n*/ "Each collaborator needs their own phone number.",
  recoupAmount: /*i18n*/ "A recoup is a whole number of cents from 1 to 10,000,000.",
  recoupPayee: /*i18n*/ "The recoup's payee must be one of the song's collaborators.",
} as const;

const digitsOf = (phone: string) => phone.replace(/\D/g, "");

export const SplitCollaboratorSchema = v.object({
  name: v.pipe(v.string(SPLIT_MESSAGES.name), v.trim(), v.nonEmpty(SPLIT_MESSAGES.name), v.maxLength(100, SPLIT_MESSAGES.name)),
  phone: PhoneNumberSchema,
  role: v.picklist(CREDIT_ROLES),
  basisPoints: v.pipe(
    v.number(SPLIT_MESSAGES.basisPoints),
    v.integer(SPLIT_MESSAGES.basisPoints),
    v.minValue(1, SPLIT_MESSAGES.basisPoints),
    v.maxValue(SPLIT_TOTAL_BPS, SPLIT_MESSAGES.basisPoints),
  ),
});

export const SaveSongSplitSchema = v.pipe(
  v.object({
    collaborators: v.pipe(v.array(SplitCollaboratorSchema), v.maxLength(SPLIT_MAX_COLLABORATORS, SPLIT_MESSAGES.tooMany)),
    recoup: v.nullable(
      v.object({
        payeePhone: PhoneNumberSchema,
        amountCents: v.pipe(
          v.number(SPLIT_MESSAGES.recoupAmount),
          v.integer(SPLIT_MESSAGES.recoupAmount),
          v.minValue(1, SPLIT_MESSAGES.recoupAmount),
          v.maxValue(SPLIT_RECOUP_MAX_CENTS, SPLIT_MESSAGES.recoupAmount),
        ),
      }),
    ),
  }),
  v.check((split) => split.collaborators.reduce((sum, c) => sum + c.basisPoints, 0) <= SPLIT_TOTAL_BPS, SPLIT_MESSAGES.total),
  v.check((split) => new Set(split.collaborators.map((c) => digitsOf(c.phone))).size === split.collaborators.length, SPLIT_MESSAGES.duplicatePhone),
  v.check(
    (split) => split.recoup === null || split.collaborators.some((c) => digitsOf(c.phone) === digitsOf(split.recoup!.payeePhone)),
    SPLIT_MESSAGES.recoupPayee,
  ),
);
export type SaveSongSplitRequest = v.InferOutput<typeof SaveSongSplitSchema>;

export const SongSplitVersionSchema = v.object({
  version: v.number(),
  /** ISO 8601: sales from then on are split this way, until the next version. */
  effectiveFrom: v.string(),
  artistBasisPoints: v.number(),
  collaborators: v.array(
    v.object({ id: v.string(), name: v.string(), phone: v.string(), role: v.picklist(CREDIT_ROLES), basisPoints: v.number(), accepted: v.boolean() }),
  ),
  recoup: v.nullable(v.object({ payeeId: v.string(), payeeName: v.string(), amountCents: v.number(), paidCents: v.number() })),
});
export type SongSplitVersion = v.InferOutput<typeof SongSplitVersionSchema>;

/** `GET`/`PUT /api/artist/{token}/songs/{songId}/splits`: the split in force now; null before any was saved. */
export const SongSplitResponseSchema = v.object({ songId: v.string(), split: v.nullable(SongSplitVersionSchema) });
export type SongSplitResponse = v.InferOutput<typeof SongSplitResponseSchema>;

/** `GET /api/admin/songs/{songId}/splits`: every version, newest first. */
export const AdminSongSplitsResponseSchema = v.object({ songId: v.string(), artistId: v.nullable(v.string()), versions: v.array(SongSplitVersionSchema) });
export type AdminSongSplitsResponse = v.InferOutput<typeof AdminSongSplitsResponseSchema>;

/**
 * `GET /api/collaborator/{token}`: a collaborator's page (docs/splits.md, Accepting), one per phone:
 * every share on every song of every artist that named this phone, with the cents held for it and
 * those available. `accepted` is true once every artist's naming of this phone was accepted.
 * Until `phone.confirmed` (a code texted to the phone typed back), `shares` is empty, `accepted`
 * false and `connect` (the payout setup, as an artist's: docs/splits.md, Onboarding) null.
 */
export const CollaboratorPageResponseSchema = v.object({
  phone: ArtistPhoneSchema,
  connect: v.nullable(ConnectStateSchema),
  accepted: v.boolean(),
  /** What the next payout pays: every naming's available balance, less what payouts took. */
  availableCents: v.number(),
  shares: v.array(
    v.object({
      songId: v.string(),
      songTitle: v.string(),
      artistName: v.string(),
      role: v.picklist(CREDIT_ROLES),
      basisPoints: v.number(),
      heldCents: v.number(),
      /** Credited to the collaborator once accepted, paid out or not. */
      availableCents: v.number(),
    }),
  ),
  /** The phone's payouts, newest first (every artist's naming paid at once); empty until the phone is confirmed. */
  payouts: v.array(ArtistPayoutSchema),
  link: v.object({ expiresAt: v.string() }),
});
export type CollaboratorPageResponse = v.InferOutput<typeof CollaboratorPageResponseSchema>;

/** `POST /api/collaborator/{token}/accept`: the cents this call moved from held to available (0 on a second accept). */
export const AcceptSharesResponseSchema = v.object({ accepted: v.literal(true), movedCents: v.number() });
export type AcceptSharesResponse = v.InferOutput<typeof AcceptSharesResponseSchema>;

/** `POST /api/collaborator/{token}/phone/code` answers `PhoneCodeSentResponse`; `…/phone/confirm` this. */
export const CollaboratorPhoneResponseSchema = v.object({ phone: ArtistPhoneSchema });
export type CollaboratorPhoneResponse = v.InferOutput<typeof CollaboratorPhoneResponseSchema>;

/** One payout of the collaborator's phone and this naming's part of it. */
export const AdminCollaboratorPayoutSchema = v.object({ ...ArtistPayoutSchema.entries, partCents: v.number() });

/**
 * `GET /api/admin/collaborators/{collaboratorId}`: one naming of a collaborator (an artist's, by phone)
 * with its balances (held for songs not accepted yet, available, paid and not reversed), each song's
 * held and available cents, the phone's payee (confirmed, payout setup) and the phone's payouts with
 * this naming's part of each, newest first (docs/splits.md, Admin).
 */
export const AdminCollaboratorDetailsSchema = v.object({
  collaborator: v.object({
    id: v.string(),
    artistId: v.string(),
    name: v.string(),
    phone: v.string(),
    acceptedAt: v.nullable(v.string()),
  }),
  heldCents: v.number(),
  availableCents: v.number(),
  paidCents: v.number(),
  /** Per song: held until accepted, and credited once accepted (paid out or not). */
  songs: v.array(v.object({ songId: v.string(), songTitle: v.string(), heldCents: v.number(), creditedCents: v.number() })),
  payee: v.nullable(v.object({ id: v.string(), confirmed: v.boolean(), connect: ConnectStateSchema })),
  payouts: v.array(AdminCollaboratorPayoutSchema),
});
export type AdminCollaboratorDetails = v.InferOutput<typeof AdminCollaboratorDetailsSchema>;
