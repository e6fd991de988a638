/**
 * Compliance as the admin API and the admin portal exchange it: term lists and their versions, the
 * matches a song's screening found, a song's standing at each facility, facility blocks and the audit
 * log (docs/decisions/067-term-lists-screening-audit.md). Written once here so the Worker's validation
 * and the forms say the same thing about the same input. Times are ISO 8601.
 */
import * as v from "valibot";

export const TERM_LANGUAGES = ["en", "es"] as const;
export type TermLanguage = (typeof TERM_LANGUAGES)[number];

export const TERM_MAX_LENGTH = 80;
export const TERM_LIST_MAX_TERMS = 2000;
export const TERM_LIST_NAME_MAX_LENGTH = 80;
export const REASON_MAX_LENGTH = 500;

export const COMPLIANCE_MESSAGES = {
  term: `Enter each term as a word or phrase of letters (1 to ${TERM_MAX_LENGTH} characters).`,
  language: "Each term's language must be en or es.",
  terms: `A list holds at most ${TERM_LIST_MAX_TERMS} terms, each once per language.`,
  name: `Enter the list's name (1 to ${TERM_LIST_NAME_MAX_LENGTH} characters).`,
  version: "Send the version of the list you changed (its current version).",
  listIds: "Send the ids of the term lists this facility applies.",
  reason: `Give a reason (1 to ${REASON_MAX_LENGTH} characters).`,
  block: "Send what to block (artist or song), its id and a reason.",
  decision: "Send the facility, the decision (override or block) and a reason.",
} as const;

/** Letters (any script), digits, the obfuscation symbols @ and $, spaces, apostrophes and hyphens; at least one letter or digit. */
const TERM_PATTERN = /^(?=.*[\p{L}\p{N}])[\p{L}\p{M}\p{N}@$' -]+$/u;

export const TermSchema = v.object(
  {
    term: v.pipe(
      v.string(COMPLIANCE_MESSAGES.term),
      v.trim(),
      v.minLength(1, COMPLIANCE_MESSAGES.term),
      v.maxLength(TERM_MAX_LENGTH, COMPLIANCE_MESSAGES.term),
      v.regex(TERM_PATTERN, COMPLIANCE_MESSAGES.term),
    ),
    language: v.picklist(TERM_LANGUAGES, COMPLIANCE_MESSAGES.language),
  },
  COMPLIANCE_MESSAGES.term,
);
export type Term = v.InferOutput<typeof TermSchema>;

const TermsSchema = v.pipe(
  v.array(TermSchema, COMPLIANCE_MESSAGES.terms),
  v.maxLength(TERM_LIST_MAX_TERMS, COMPLIANCE_MESSAGES.terms),
  v.check((terms) => new Set(terms.map((t) => `${t.language}:${t.term.toLowerCase()}`)).size === terms.length, COMPLIANCE_MESSAGES.terms),
);

const NameSchema = v.pipe(
  v.string(COMPLIANCE_MESSAGES.name),
  v.trim(),
  v.minLength(1, COMPLIANCE_MESSAGES.name),
  v.maxLength(TERM_LIST_NAME_MAX_LENGTH, COMPLIANCE_MESSAGES.name),
);

/** `POST /api/admin/term-lists`: a new list (its version 1). */
export const NewTermListSchema = v.object({ name: NameSchema, terms: TermsSchema }, COMPLIANCE_MESSAGES.name);
export type NewTermListRequest = v.InferOutput<typeof NewTermListSchema>;

/** `PUT /api/admin/term-lists/{listId}`: the whole list as it should be, against the version it was read at. */
export const TermListChangeSchema = v.object(
  {
    name: NameSchema,
    terms: TermsSchema,
    version: v.pipe(v.number(COMPLIANCE_MESSAGES.version), v.integer(COMPLIANCE_MESSAGES.version), v.minValue(1, COMPLIANCE_MESSAGES.version)),
  },
  COMPLIANCE_MESSAGES.version,
);
export type TermListChangeRequest = v.InferOutput<typeof TermListChangeSchema>;

export const TermListSchema = v.object({
  id: v.string(),
  name: v.string(),
  version: v.number(),
  terms: v.array(TermSchema),
  changedBy: v.string(),
  changedAt: v.string(),
  /** The facilities whose profile applies it. */
  facilityIds: v.array(v.string()),
});
export type TermList = v.InferOutput<typeof TermListSchema>;

/** `GET /api/admin/term-lists`: by name. */
export const TermListsResponseSchema = v.object({ lists: v.array(TermListSchema) });
export type TermListsResponse = v.InferOutput<typeof TermListsResponseSchema>;

/** `GET /api/admin/term-lists/{listId}/versions`: newest first. */
export const TermListVersionsResponseSchema = v.object({
  versions: v.array(v.object({ version: v.number(), name: v.string(), terms: v.array(TermSchema), changedBy: v.string(), changedAt: v.string() })),
});
export type TermListVersionsResponse = v.InferOutput<typeof TermListVersionsResponseSchema>;

/** `PUT /api/admin/facilities/{facilityId}/term-lists`: the facility profile's lists. */
export const FacilityTermListsSchema = v.object(
  { listIds: v.pipe(v.array(v.string(COMPLIANCE_MESSAGES.listIds), COMPLIANCE_MESSAGES.listIds), v.maxLength(100, COMPLIANCE_MESSAGES.listIds)) },
  COMPLIANCE_MESSAGES.listIds,
);
/** Its answer: the lists the facility's profile now applies. */
export const FacilityTermListsResponseSchema = v.object({ listIds: v.array(v.string()) });
export type FacilityTermListsResponse = v.InferOutput<typeof FacilityTermListsResponseSchema>;

const ReasonSchema = v.pipe(
  v.string(COMPLIANCE_MESSAGES.reason),
  v.trim(),
  v.minLength(1, COMPLIANCE_MESSAGES.reason),
  v.maxLength(REASON_MAX_LENGTH, COMPLIANCE_MESSAGES.reason),
);

/**
 * The most characters of one screened field (title, credits, lyrics, transcript) that screening reads
 * (docs/decisions/085-linear-term-matching.md). Upload takes lyrics of at most 10,000 characters; a
 * field past this (a long audio transcript, text stored before that rule) is screened up to a word
 * boundary before it, and the rest goes to an operator as an `UNSCREENED_TERM` match, so no one song's
 * screening can hold up an upload, a queue batch or a re-screen.
 */
export const SCREENED_TEXT_MAX_LENGTH = 20_000;

/** The term of the match that covers a field's unscreened rest: review shows why, approval needs an override, a live song is held. */
export const UNSCREENED_TERM = `(not screened: past ${SCREENED_TEXT_MAX_LENGTH.toLocaleString("en-US")} characters)`;

/** Where a match was found: `transcript` is the song's audio transcribed by speech-to-text (docs/decisions/075-speech-to-text-screening.md). */
export const SCREENED_FIELDS = ["title", "credits", "lyrics", "transcript"] as const;
export type ScreenedField = (typeof SCREENED_FIELDS)[number];

/** One place a list's term was found: `start`/`end` are offsets into that field's text (title, the credits' names joined by ", ", the lyrics or the audio transcript). */
export const TermMatchSchema = v.object({
  listId: v.string(),
  listName: v.string(),
  listVersion: v.number(),
  field: v.picklist(SCREENED_FIELDS),
  start: v.number(),
  end: v.number(),
  /** The words as the song has them. */
  text: v.string(),
  term: v.string(),
  language: v.picklist(TERM_LANGUAGES),
});
export type TermMatch = v.InferOutput<typeof TermMatchSchema>;

/**
 * A song's audio transcript as review shows it (operators only: it is in no feed). `pending`: the
 * speech-to-text job has not answered yet; `failed`: it gave up (`error` says why), so the words in
 * the audio were not screened.
 */
export const SongTranscriptSchema = v.object({
  status: v.picklist(["pending", "done", "failed"]),
  text: v.nullable(v.string()),
  error: v.nullable(v.string()),
});
export type SongTranscript = v.InferOutput<typeof SongTranscriptSchema>;

/** A song's screening as review shows it. */
export const SongScreeningSchema = v.object({
  /** Null: not screened yet. */
  screenedAt: v.nullable(v.string()),
  matches: v.array(TermMatchSchema),
  /** The facilities whose lists it matches, with those lists and its standing there. */
  facilities: v.array(
    v.object({
      facilityId: v.string(),
      facilityName: v.string(),
      listNames: v.array(v.string()),
      status: v.picklist(["fails", "held", "overridden"]),
      reason: v.nullable(v.string()),
    }),
  ),
  /** No lyrics were given and it is not instrumental: nothing but the title and credits was screened. */
  lyricsMissing: v.boolean(),
  /** The audio's transcript, screened like the lyrics; null when speech-to-text was not asked for this song (not configured). */
  transcript: v.nullable(SongTranscriptSchema),
});
export type SongScreening = v.InferOutput<typeof SongScreeningSchema>;

/** `POST /api/admin/songs/{songId}/approve`'s override: needed when the song fails a facility's lists. */
export const OverrideSchema = v.object({ reason: ReasonSchema }, COMPLIANCE_MESSAGES.reason);

/** `POST /api/admin/songs/{songId}/facility-decision`: a live song held at a facility is allowed back (override) or kept out (block). */
export const FacilityDecisionSchema = v.object(
  { facilityId: v.string(COMPLIANCE_MESSAGES.decision), decision: v.picklist(["override", "block"], COMPLIANCE_MESSAGES.decision), reason: ReasonSchema },
  COMPLIANCE_MESSAGES.decision,
);
export type FacilityDecisionRequest = v.InferOutput<typeof FacilityDecisionSchema>;

/** A live song held at one or more facilities by a list change, waiting for an operator. */
export const HeldSongSchema = v.object({
  id: v.string(),
  title: v.string(),
  artistName: v.string(),
  lyrics: v.nullable(v.string()),
  instrumental: v.boolean(),
  credits: v.string(),
  screening: SongScreeningSchema,
});
export type HeldSong = v.InferOutput<typeof HeldSongSchema>;

/** `GET /api/admin/review/held`. */
export const HeldSongsResponseSchema = v.object({ songs: v.array(HeldSongSchema) });
export type HeldSongsResponse = v.InferOutput<typeof HeldSongsResponseSchema>;

/** The answer of `POST /api/admin/songs/{songId}/facility-decision`. */
export const FacilityDecisionResponseSchema = v.object({ songId: v.string(), decided: v.boolean() });
export type FacilityDecisionResponse = v.InferOutput<typeof FacilityDecisionResponseSchema>;

export const BlockSchema = v.object(
  {
    kind: v.picklist(["artist", "song"], COMPLIANCE_MESSAGES.block),
    targetId: v.pipe(v.string(COMPLIANCE_MESSAGES.block), v.minLength(1, COMPLIANCE_MESSAGES.block)),
    reason: ReasonSchema,
  },
  COMPLIANCE_MESSAGES.block,
);
export type BlockRequest = v.InferOutput<typeof BlockSchema>;
export const UnblockSchema = v.object({ reason: ReasonSchema }, COMPLIANCE_MESSAGES.reason);

export const FacilityBlockSchema = v.object({
  id: v.string(),
  facilityId: v.string(),
  kind: v.picklist(["artist", "song"]),
  targetId: v.string(),
  /** The artist's name or the song's title. */
  label: v.string(),
  reason: v.string(),
  createdBy: v.string(),
  createdAt: v.string(),
});
export type FacilityBlock = v.InferOutput<typeof FacilityBlockSchema>;

/** `GET /api/admin/facilities/{facilityId}/blocks`. */
export const FacilityBlocksResponseSchema = v.object({ blocks: v.array(FacilityBlockSchema) });
export type FacilityBlocksResponse = v.InferOutput<typeof FacilityBlocksResponseSchema>;

/** The answer of `POST /api/admin/facilities/{facilityId}/blocks/{blockId}/lift`. */
export const LiftBlockResponseSchema = v.object({ lifted: v.boolean() });
export type LiftBlockResponse = v.InferOutput<typeof LiftBlockResponseSchema>;

/** What a facility's review committee audits: these records count for every facility when they name none (list changes, takedowns). */
export const COMPLIANCE_AUDIT_ACTIONS = [
  "review_approved",
  "review_rejected",
  "override",
  "held",
  "takedown",
  "restore",
  "list_created",
  "list_changed",
  "facility_created",
  "facility_changed",
  "facility_lists_changed",
  "block",
  "unblock",
] as const;

/**
 * Operators' actions that move money or access, or change what artists and listeners get
 * (docs/decisions/087-audit-log-hash-chain.md lists the route behind each). They concern no facility:
 * a facility's filter never shows them.
 */
export const OPERATOR_AUDIT_ACTIONS = [
  "charge_retry",
  "settlement_recorded",
  "receipt_revoked",
  "rights_refund",
  "links_revoked",
  "sessions_ended",
  "sms_opted_out",
  "featured_changed",
  "release_corrected",
  "download_credit_approved",
  "download_credit_denied",
  "dispute_evidence_submitted",
  "refund_retried",
  /** An artist saved a song's royalty split (docs/splits.md): the actor is `artist:{id}`. */
  "splits_changed",
  /** A collaborator accepted their split shares (docs/splits.md, Accepting): the actor is `collaborator:{id}`. */
  "split_shares_accepted",
] as const;

export const AUDIT_ACTIONS = [...COMPLIANCE_AUDIT_ACTIONS, ...OPERATOR_AUDIT_ACTIONS] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditMatchSchema = v.object({ listName: v.string(), term: v.string(), field: v.string(), text: v.string() });
export type AuditMatch = v.InferOutput<typeof AuditMatchSchema>;

export const AuditRecordSchema = v.object({
  seq: v.number(),
  at: v.string(),
  actor: v.string(),
  action: v.picklist(AUDIT_ACTIONS),
  facilityId: v.nullable(v.string()),
  songId: v.nullable(v.string()),
  artistId: v.nullable(v.string()),
  listId: v.nullable(v.string()),
  detail: v.string(),
  /** The term-list versions in force: list id → version. */
  listVersions: v.record(v.string(), v.number()),
  matches: v.array(AuditMatchSchema),
});
export type AuditRecord = v.InferOutput<typeof AuditRecordSchema>;

/** `GET /api/admin/audit?facility=&from=&to=&action=&before=`: newest first, a page at a time. */
export const AuditLogResponseSchema = v.object({
  records: v.array(AuditRecordSchema),
  /** Pass as `before` for the next (older) page; null: no more. */
  nextBefore: v.nullable(v.number()),
});
export type AuditLogResponse = v.InferOutput<typeof AuditLogResponseSchema>;

/**
 * `GET /api/admin/audit/verify`: every sealed record's seal recomputed from the one before
 * (docs/decisions/087-audit-log-hash-chain.md). `rows`: the records found intact before the first
 * break (all of them when `ok`); `firstBrokenId`: the first record (`seq`) changed, removed, slipped in
 * or missing its seal, null when `ok`; `headHash`: the newest seal, to note down outside JPlay;
 * `unsealed`: records written since the sealer ran (sealed at its next run, not yet checked).
 */
export const AuditChainResponseSchema = v.object({
  ok: v.boolean(),
  rows: v.number(),
  firstBrokenId: v.nullable(v.number()),
  headHash: v.nullable(v.string()),
  unsealed: v.number(),
});
export type AuditChainResponse = v.InferOutput<typeof AuditChainResponseSchema>;

/** The query of the audit log and its CSV (`GET /api/admin/audit.csv`): dates are YYYY-MM-DD (UTC), both ends included. */
export const AuditQuerySchema = v.object({
  facility: v.optional(v.pipe(v.string(), v.minLength(1))),
  action: v.optional(v.picklist(AUDIT_ACTIONS, "Unknown audit action")),
  from: v.optional(v.pipe(v.string(), v.isoDate("from must be a date, YYYY-MM-DD"))),
  to: v.optional(v.pipe(v.string(), v.isoDate("to must be a date, YYYY-MM-DD"))),
  before: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, "before must be a record number"), v.transform(Number))),
});
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>;

/** A release's compliance record at one facility, as both delivery feeds carry it. */
export interface ComplianceRecord {
  facilityId: string;
  /** `approved`: passed its lists; `overridden`: allowed despite matches; `held`: out until an operator decides; `blocked`: kept out by the facility. */
  decision: "approved" | "overridden" | "held" | "blocked";
  reviewer: string | null;
  /** ISO 8601; null when nobody has decided yet. */
  decidedAt: string | null;
  /** The versions of this facility's term lists the song was screened against. */
  listVersions: { listId: string; listName: string; version: number }[];
  /** The matches an operator overrode at this facility, and why (a match in the audio transcript carries the term as its text: a transcript stays with operators). */
  overriddenMatches: { listName: string; term: string; field: ScreenedField; text: string }[];
  reason: string | null;
}
