/**
 * D1 tables, described once with drizzle-orm. `drizzle-kit generate` turns changes here into the SQL
 * migrations in `schema/migrations/`, which wrangler applies locally, in tests and in production.
 * Ids are random strings (docs/architecture.md, Ids are not access control); times are epoch milliseconds; money is cents.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LANGUAGES } from "./language";
import { SONG_STATUSES, SONG_PACKAGES, PAYMENT_FREQUENCIES } from "./statuses";
import {
  RETRY_ITEM_STATUSES,
  PAYOUT_STATUSES,
  CONNECT_PAYOUT_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  TEXT_MESSAGE_KINDS,
  TEXT_MESSAGE_STATUSES,
  DOWNLOAD_CREDIT_STATUSES,
  DISPUTE_STATUSES,
} from "./record-statuses";

export { SONG_STATUSES, SONG_PACKAGES, PAYMENT_FREQUENCIES, type SongStatus, type SongPackage, type PaymentFrequency } from "./statuses";
export {
  RETRY_ITEM_STATUSES,
  PAYOUT_STATUSES,
  CONNECT_PAYOUT_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  TEXT_MESSAGE_KINDS,
  TEXT_MESSAGE_STATUSES,
  DOWNLOAD_CREDIT_STATUSES,
  type DownloadCreditStatus,
  type PaymentStatus,
  type RefundStatus,
  type TextMessageKind,
  type TextMessageStatus,
  DISPUTE_STATUSES,
  type DisputeStatus,
} from "./record-statuses";

const createdAt = (column = "created_at") =>
  integer(column, { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** An artist exists from the moment a payment method is saved (no sign-up). */
export const artists = sqliteTable(
  "artists",
  {
    id: text("id").primaryKey(),
    phone: text("phone"),
    paymentFrequency: text("payment_frequency", { enum: PAYMENT_FREQUENCIES }).notNull().default("daily"),
    stripeCustomerId: text("stripe_customer_id").unique(),
    /** Stripe Connect account that receives payouts (Transfers); null until onboarding starts. */
    stripeAccountId: text("stripe_account_id").unique(),
    /** True once Stripe says the connected account can be paid out to (account.updated). */
    payoutsEnabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
    /**
     * What Stripe still asks of the connected account (its `requirements.currently_due` and `past_due`,
     * e.g. `individual.id_number`, the taxpayer id): payouts wait until it is empty (account.updated;
     * docs/decisions/063-payout-minimum-and-tax-details.md). A JSON array of Stripe's field names.
     */
    payoutRequirements: text("payout_requirements", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** The language the artist's texts, statements and API messages are written in (the app's choice). */
    language: text("language", { enum: LANGUAGES }).notNull().default("en"),
    /**
     * The number (E.164) the artist proved they hold with a code texted to it. Texts carry a link to
     * the private page only while `phone` is this number (texts/phone-confirmation.ts).
     */
    confirmedPhone: text("confirmed_phone"),
    createdAt: createdAt(),
  },
  // The admin list pages artists newest first by (created_at, id) and finds them by phone
  // (workers/api/src/payments/admin/admin-payments.ts).
  (artist) => [index("artists_created_idx").on(artist.createdAt, artist.id), index("artists_phone_idx").on(artist.phone)],
);

/** The one code an artist may be confirming their phone with: texted, hashed here, short-lived. */
export const phoneCodes = sqliteTable("phone_codes", {
  artistId: text("artist_id")
    .primaryKey()
    .references(() => artists.id),
  /** The number (E.164) the code was texted to: confirming it confirms this number. */
  phone: text("phone").notNull(),
  /** SHA-256 of the artist's id and the code: the code itself is only in the text. */
  codeHash: text("code_hash").notNull(),
  expiresAt: integer("expires_at", { mode: "number" }).notNull(),
  /** Wrong codes tried: at the limit the code is spent. */
  attempts: integer("attempts").notNull().default(0),
  createdAt: createdAt(),
});

/** A submitted song. Its media live in R2 under keys the server generated. */
export const songs = sqliteTable(
  "songs",
  {
    id: text("id").primaryKey(),
    artistId: text("artist_id").references(() => artists.id),
    title: text("title").notNull(),
    artistName: text("artist_name").notNull(),
    priceCents: integer("price_cents").notNull().default(199),
    /**
     * Purchases recorded for the song, kept running by the batch that records them
     * (schema/src/purchase-credit.ts), so the popular order never counts the purchases table.
     */
    purchaseCount: integer("purchase_count").notNull().default(0),
    status: text("status", { enum: SONG_STATUSES }).notNull().default("pending"),
    audioKey: text("audio_key").notNull(),
    coverKey: text("cover_key"),
    /** Set on the song the player bar features; the most recent one wins. */
    featuredAt: integer("featured_at", { mode: "number" }),
    distributedAt: integer("distributed_at", { mode: "number" }),
    /** Set when the distribution fee is paid: the package, its fee and the provider's split. */
    package: text("package", { enum: SONG_PACKAGES }),
    distributionFeeCents: integer("distribution_fee_cents"),
    /** The provider's share of each sale in basis points (200 = 2%); the artist keeps the rest. */
    revenueSplitBps: integer("revenue_split_bps"),
    paidAt: integer("paid_at", { mode: "number" }),
    /** When the distribution pipeline delivers the song (status → distributed). */
    deliverAt: integer("deliver_at", { mode: "number" }),
    /** Audio facts the pipeline decoded from the stored MP3. */
    durationMs: integer("duration_ms"),
    bitrate: integer("bitrate"),
    sampleRate: integer("sample_rate"),
    rejectionReason: text("rejection_reason"),
    /**
     * Why an operator rejected it (`REJECTION_REASONS`, `other`: in their own words); null: the audio
     * check rejected it, or an operator did before every rejection carried a code.
     */
    rejectionCode: text("rejection_code"),
    /**
     * The artist's answer on upload: does the song have explicit content? An operator may correct it
     * when approving. Null only for songs uploaded before the question existed: a clean-only
     * facility treats those as explicit.
     */
    explicit: integer("explicit", { mode: "boolean" }),
    /** When an operator approved the song in review, and who (docs/decisions/029). Null: not reviewed. */
    reviewedAt: integer("reviewed_at", { mode: "number" }),
    reviewedBy: text("reviewed_by"),
    /** Set while an operator has taken the distributed song down (it leaves every list, its media are not served). */
    takenDownAt: integer("taken_down_at", { mode: "number" }),
    takedownReason: text("takedown_reason"),
    /**
     * Why it was taken down: `content` (it leaves the catalogue, not the libraries: its buyers still
     * download it) or `rights` (a rights claim: nobody may download it, its buyers are refunded).
     * Null while it is live, and for takedowns recorded before the kinds existed (read as `content`).
     */
    takedownKind: text("takedown_kind", { enum: ["content", "rights"] }),
    /**
     * The recording's ISRC and the release's UPC/EAN (schema/src/identifiers.ts), stored without
     * hyphens: entered by the artist at upload, or assigned by JPlay before delivery. Null: not yet.
     */
    isrc: text("isrc").unique(),
    upc: text("upc").unique(),
    /** Release metadata (schema/src/release-metadata.ts); songs from before it were given its defaults. */
    genre: text("genre").notNull().default("Pop"),
    lyricsLanguage: text("lyrics_language").notNull().default("en"),
    /**
     * YYYY-MM-DD: the song goes live on tablets on this day (UTC), not before; it may be delivered
     * ahead of it. Every insert sets it and the ℗/© lines; their constant defaults only let the
     * migration add the columns, which it then fills from each song's upload day and artist name.
     */
    releaseDate: text("release_date").notNull().default(""),
    pLineYear: integer("p_line_year").notNull().default(0),
    pLineHolder: text("p_line_holder").notNull().default(""),
    cLineYear: integer("c_line_year").notNull().default(0),
    cLineHolder: text("c_line_holder").notNull().default(""),
    lyrics: text("lyrics"),
    instrumental: integer("instrumental", { mode: "boolean" }).notNull().default(false),
    /** Set on a clean (edited) version: the explicit song it is the clean version of. */
    cleanVersionOf: text("clean_version_of"),
    createdAt: createdAt(),
  },
  (song) => [
    index("songs_clean_version_idx").on(song.cleanVersionOf),
    index("songs_deliver_idx").on(song.status, song.deliverAt),
    index("songs_status_created_idx").on(song.status, song.createdAt),
    /** Keyset pages of "All songs" and of each genre, newest first (workers/api/src/catalogue/browse.ts). */
    index("songs_status_created_id_idx").on(song.status, song.createdAt, song.id),
    index("songs_status_genre_created_id_idx").on(song.status, song.genre, song.createdAt, song.id),
    index("songs_featured_idx").on(song.featuredAt),
    index("songs_artist_idx").on(song.artistId),
    // The admin summary counts pending songs of artists with a card from this index alone.
    index("songs_status_artist_idx").on(song.status, song.artistId),
  ],
);

/**
 * One row per download a listener bought, as the tablet provider reports it. The listener is the
 * provider's opaque id for them (never a name or inmate number, schema/src/purchases.ts), with the
 * device and facility of the purchase and the recording's ISRC at that moment: what a listener's
 * library is made of. Purchases reported before listeners were named have none of these.
 */
export const purchases = sqliteTable(
  "purchases",
  {
    id: text("id").primaryKey(),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
    priceCents: integer("price_cents").notNull(),
    purchasedAt: integer("purchased_at", { mode: "number" }).notNull(),
    listenerId: text("listener_id"),
    deviceId: text("device_id"),
    facilityId: text("facility_id"),
    isrc: text("isrc"),
  },
  (purchase) => [
    index("purchases_song_idx").on(purchase.songId),
    index("purchases_listener_idx").on(purchase.listenerId, purchase.purchasedAt),
    // A sales report reads a song's purchases in a range (docs/decisions/101-sales-reports.md).
    index("purchases_song_purchased_idx").on(purchase.songId, purchase.purchasedAt),
    // The small-cell rule asks whether a facility had 5 buyers of a song in a range (docs/decisions/104-sales-rollup.md).
    index("purchases_facility_song_idx").on(purchase.facilityId, purchase.songId, purchase.purchasedAt, purchase.listenerId),
  ],
);

/** The figures a sales rollup row holds for one song in one period and facility (docs/decisions/104-sales-rollup.md). */
const salesRollupFigures = () => ({
  /** The facility it was bought in; '' when the report named none (a key cannot be null). */
  facilityKey: text("facility_key").notNull(),
  artistId: text("artist_id").notNull(),
  /** Sales not given back, and what their listeners paid. */
  units: integer("units").notNull(),
  grossCents: integer("gross_cents").notNull(),
  /** What the artist's available account kept of them (after splits and refunds), and the platform's revenue. */
  artistCents: integer("artist_cents").notNull(),
  platformCents: integer("platform_cents").notNull(),
});

/**
 * Each song's sales per UTC day and facility: the sales reports' rollup, so a report over three years
 * sums a row per song, day and facility instead of reading every purchase and its ledger entries
 * (docs/decisions/104-sales-rollup.md). Never the truth, always equal to it: a row is recomputed from
 * its purchases and their ledger entries in the very batch that records, splits or gives back one of
 * them (schema/src/sales-days.ts).
 */
export const salesDays = sqliteTable(
  "sales_days",
  {
    songId: text("song_id").notNull(),
    /** UTC days since 1970-01-01: a purchase's `purchased_at` divided by 86,400,000. */
    day: integer("day").notNull(),
    ...salesRollupFigures(),
  },
  (row) => [
    primaryKey({ columns: [row.songId, row.day, row.facilityKey] }),
    // Covering: an artist's report reads only this index (its range by day, grouped by song or facility).
    index("sales_days_artist_idx").on(row.artistId, row.day, row.songId, row.facilityKey, row.units, row.grossCents, row.artistCents),
    // Covering: the operators' report over every artist.
    index("sales_days_day_idx").on(row.day, row.songId, row.facilityKey, row.units, row.grossCents, row.platformCents),
  ],
);

/**
 * `sales_days` summed per calendar month (UTC), so a report over years reads a row per song, month and
 * facility for its whole months and days only at its ends (docs/decisions/104-sales-rollup.md). Kept
 * the same way: a row is summed again from `sales_days` in the batch that changes one of its days.
 */
export const salesMonths = sqliteTable(
  "sales_months",
  {
    songId: text("song_id").notNull(),
    /** The month's first day, in UTC days since 1970-01-01 (as `sales_days.day`). */
    month: integer("month").notNull(),
    ...salesRollupFigures(),
  },
  (row) => [
    primaryKey({ columns: [row.songId, row.month, row.facilityKey] }),
    index("sales_months_artist_idx").on(row.artistId, row.month, row.songId, row.facilityKey, row.units, row.grossCents, row.artistCents),
    index("sales_months_month_idx").on(row.month, row.songId, row.facilityKey, row.units, row.grossCents, row.platformCents),
  ],
);

/**
 * What listeners did with a song before buying it, counted per UTC day: how many times its preview was
 * started (a request for the clip's first byte) and how many times it was saved for later on a tablet.
 * Counts the artist sees beside the song's sales (docs/decisions/104-sales-rollup.md); nothing about who,
 * where or when in the day is kept. Owned by catalogue/listener-counts.ts.
 */
export const songDayCounts = sqliteTable(
  "song_day_counts",
  {
    songId: text("song_id").notNull(),
    /** UTC days since 1970-01-01 (as `sales_days.day`). */
    day: integer("day").notNull(),
    previews: integer("previews").notNull().default(0),
    saves: integer("saves").notNull().default(0),
  },
  (row) => [primaryKey({ columns: [row.songId, row.day] })],
);

/**
 * The receipt JPlay signed for a listener's purchase (a compact JWS, provider/receipts/): one per
 * purchase, kept as issued so a report sent again answers the same receipt. Revoking one (an
 * operator, with a reason) stops its redemption; the token itself stays verifiable.
 */
export const receipts = sqliteTable(
  "receipts",
  {
    /** The receipt id, the JWS's `jti`. */
    id: text("id").primaryKey(),
    purchaseId: text("purchase_id")
      .notNull()
      .unique()
      .references(() => purchases.id),
    listenerId: text("listener_id").notNull(),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
    isrc: text("isrc"),
    priceCents: integer("price_cents").notNull(),
    purchasedAt: integer("purchased_at", { mode: "number" }).notNull(),
    issuedAt: integer("issued_at", { mode: "number" }).notNull(),
    /** The signing key's id (its RFC 7638 thumbprint), as in the JWS header. */
    kid: text("kid").notNull(),
    token: text("token").notNull(),
    revokedAt: integer("revoked_at", { mode: "number" }),
    revokedReason: text("revoked_reason"),
    revokedBy: text("revoked_by"),
  },
  (receipt) => [index("receipts_listener_idx").on(receipt.listenerId, receipt.purchasedAt)],
);

/** Each time a receipt was redeemed for download links, by which enrolled provider. */
export const receiptRedemptions = sqliteTable(
  "receipt_redemptions",
  {
    id: text("id").primaryKey(),
    receiptId: text("receipt_id")
      .notNull()
      .references(() => receipts.id),
    providerId: text("provider_id").notNull(),
    listenerId: text("listener_id").notNull(),
    at: integer("at", { mode: "number" }).notNull(),
  },
  (redemption) => [
    index("receipt_redemptions_receipt_idx").on(redemption.receiptId, redemption.at),
    index("receipt_redemptions_listener_idx").on(redemption.listenerId, redemption.at),
    index("receipt_redemptions_provider_idx").on(redemption.providerId, redemption.at),
  ],
);

/**
 * The enrolled provider that holds a listener (docs/decisions/086-listeners-held-by-one-provider.md):
 * the one whose purchase report first named them, until a transfer code moves them. Only the holder
 * reads the listener's library, redeems their receipts, opens their tablet Library and reports their
 * failed downloads; to any other provider the listener does not exist (404).
 */
export const listenerHolders = sqliteTable(
  "listener_holders",
  {
    listenerId: text("listener_id").primaryKey(),
    providerId: text("provider_id").notNull(),
    /** When this provider became the holder. */
    since: integer("since", { mode: "number" }).notNull(),
  },
  (holder) => [index("listener_holders_provider_idx").on(holder.providerId)],
);

/**
 * A code the holder hands over so another provider may take the listener over: stored as its SHA-256
 * only, single-use, expiring. It moves the listener only while the provider that issued it still holds them.
 */
export const listenerTransferCodes = sqliteTable(
  "listener_transfer_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    listenerId: text("listener_id").notNull(),
    fromProviderId: text("from_provider_id").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    usedAt: integer("used_at", { mode: "number" }),
    /** The provider that redeemed it (the listener's holder from then on). */
    usedBy: text("used_by"),
  },
  (code) => [index("listener_transfer_codes_listener_idx").on(code.listenerId)],
);

/** A download of a receipt's recording the provider reports as failed; enough of them earn the listener a credit. */
export const downloadFailures = sqliteTable(
  "download_failures",
  {
    id: text("id").primaryKey(),
    receiptId: text("receipt_id")
      .notNull()
      .references(() => receipts.id),
    providerId: text("provider_id").notNull(),
    /** The provider's id for the failed attempt: reporting it again counts once. */
    attemptId: text("attempt_id").notNull(),
    reason: text("reason").notNull(),
    at: integer("at", { mode: "number" }).notNull(),
  },
  (failure) => [
    uniqueIndex("download_failures_attempt_unique").on(failure.providerId, failure.attemptId),
    index("download_failures_receipt_idx").on(failure.receiptId),
  ],
);

/**
 * A receipt's failed-download credit, once per receipt: `credited` went to the ledger (`download.credit`,
 * ref the receipt id) in the same batch that wrote this row; `queued` waits for an operator because the
 * provider had reached its daily cap of automatic credits (DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY);
 * `denied` never will. `decidedBy` names the operator of a queued credit's decision.
 */
export const downloadCredits = sqliteTable(
  "download_credits",
  {
    receiptId: text("receipt_id")
      .primaryKey()
      .references(() => receipts.id),
    /** The provider whose failure reports earned the credit. */
    providerId: text("provider_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: DOWNLOAD_CREDIT_STATUSES }).notNull(),
    requestedAt: integer("requested_at", { mode: "number" }).notNull(),
    creditedAt: integer("credited_at", { mode: "number" }),
    decidedAt: integer("decided_at", { mode: "number" }),
    decidedBy: text("decided_by"),
  },
  (credit) => [
    index("download_credits_provider_idx").on(credit.providerId, credit.creditedAt),
    index("download_credits_status_idx").on(credit.status, credit.requestedAt),
  ],
);

/**
 * A purchase the provider reported at another price than the song's: never credited (the artist's
 * share is computed only on the catalogue's price), kept here for an operator to settle with the
 * provider. One row per purchase id, however often the report is sent again.
 */
export const purchasePriceMismatches = sqliteTable(
  "purchase_price_mismatches",
  {
    id: text("id").primaryKey(),
    purchaseId: text("purchase_id").notNull().unique(),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
    reportedPriceCents: integer("reported_price_cents").notNull(),
    cataloguePriceCents: integer("catalogue_price_cents").notNull(),
    purchasedAt: integer("purchased_at", { mode: "number" }).notNull(),
    detectedAt: createdAt("detected_at"),
  },
  (mismatch) => [index("purchase_price_mismatches_detected_idx").on(mismatch.detectedAt)],
);

/** A card saved for the off-session charges the product makes (distribution fees, retries). */
export const paymentMethods = sqliteTable(
  "payment_methods",
  {
    id: text("id").primaryKey(),
    artistId: text("artist_id")
      .notNull()
      .references(() => artists.id),
    stripePaymentMethodId: text("stripe_payment_method_id").notNull().unique(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /** Same card, same fingerprint: what per-card limits count against. */
    fingerprint: text("fingerprint"),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (method) => [index("payment_methods_artist_idx").on(method.artistId), index("payment_methods_last4_idx").on(method.last4)],
);

/** Fixed-window counters for abuse limits (e.g. setup intents per client address and per phone). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start", { mode: "number" }).notNull(),
  hits: integer("hits").notNull(),
});

/** Every Stripe webhook event applied, by id: a redelivered event is recognised and ignored. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt("received_at"),
});

/**
 * Where the cron's reconciliation with Stripe stopped (payments/jobs/reconcile-stripe.ts): one row per pass,
 * its position as JSON (the time of the newest event seen, a page to resume from, an artist id).
 */
export const stripeSyncCursors = sqliteTable("stripe_sync_cursors", {
  name: text("name").primaryKey(),
  position: text("position").notNull(),
  updatedAt: createdAt("updated_at"),
});

/** Song status transitions, each with its time and cause, for the admin's details view. */
export const songEvents = sqliteTable(
  "song_events",
  {
    id: text("id").primaryKey(),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
    fromStatus: text("from_status", { enum: SONG_STATUSES }),
    toStatus: text("to_status", { enum: SONG_STATUSES }).notNull(),
    cause: text("cause").notNull(),
    /** Who decided: the operator's identity (the Access email in production); null for the system. */
    actor: text("actor"),
    at: createdAt("at"),
  },
  (event) => [index("song_events_song_idx").on(event.songId, event.at)],
);

export const PAYMENT_PURPOSES = ["distribution", "recovery", "checkout", "admin_retry", "initial_charge"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** Statuses of a payment that is still open or has succeeded: at most one such row per song. */
export const OPEN_PAYMENT_STATUSES = ["claimed", "requires_payment_method", "requires_action", "processing", "succeeded"] as const;

/**
 * One row per attempt to take money for a song (or an artist's initial charge). The row is claimed
 * before Stripe is called and its id is the Stripe idempotency key, so a retried request, a
 * redelivered job or two racing tabs can never charge twice (docs/architecture.md, Async work is idempotent).
 */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    artistId: text("artist_id")
      .notNull()
      .references(() => artists.id),
    /** Null for an artist's initial charge, which pays for no song. */
    songId: text("song_id").references(() => songs.id),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    /** The package the payment buys for the song (null for initial charges). */
    package: text("package", { enum: SONG_PACKAGES }),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("claimed"),
    /** The browser's requestId for `complete` (replays answer the first result), else null. */
    requestId: text("request_id"),
    /** The first answer given for this request, replayed verbatim for the same requestId. */
    responseJson: text("response_json"),
    paymentMethodId: text("payment_method_id").references(() => paymentMethods.id),
    cardFingerprint: text("card_fingerprint"),
    stripePaymentIntentId: text("stripe_payment_intent_id").unique(),
    failureCode: text("failure_code"),
    declineCode: text("decline_code"),
    failureMessage: text("failure_message"),
    /** The admin retry item that made this payment, when one did. */
    retryItemId: text("retry_item_id"),
    /**
     * How many of this payment's Stripe idempotency keys were spent on a 500, which Stripe stores and
     * replays for 24 hours: the next request first looks up what happened, then uses key number n
     * (docs/decisions/022-finding-out-what-happened-at-stripe.md).
     */
    stripeKeyAttempt: integer("stripe_key_attempt").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt("updated_at"),
  },
  (payment) => [
    index("payments_artist_idx").on(payment.artistId),
    // Charges in flight, counted by the admin summary without reading every payment.
    index("payments_status_idx").on(payment.status),
    index("payments_song_idx").on(payment.songId, payment.createdAt),
    uniqueIndex("payments_song_request_unique").on(payment.songId, payment.requestId),
    // Two racing requests for one song cannot both hold an open (or paid) payment.
    uniqueIndex("payments_song_open_unique")
      .on(payment.songId)
      .where(sql`song_id is not null and status in ('claimed', 'requires_payment_method', 'requires_action', 'processing', 'succeeded')`),
    // One open (or paid) initial charge per artist: "Charge All" twice charges once.
    uniqueIndex("payments_initial_charge_unique")
      .on(payment.artistId)
      .where(sql`purpose = 'initial_charge' and status in ('claimed', 'requires_payment_method', 'requires_action', 'processing', 'succeeded')`),
  ],
);

/**
 * Every charge attempt on a card, by fingerprint, whatever path made it: the card-network budget
 * (at most 15 attempts in 30 days) and the hard-decline rule read this table.
 */
export const cardAttempts = sqliteTable(
  "card_attempts",
  {
    id: text("id").primaryKey(),
    fingerprint: text("fingerprint").notNull(),
    paymentId: text("payment_id").references(() => payments.id),
    /** "pending" until Stripe answers, then "succeeded", "requires_action" or "declined". */
    outcome: text("outcome").notNull().default("pending"),
    declineCode: text("decline_code"),
    attemptedAt: createdAt("attempted_at"),
  },
  (attempt) => [index("card_attempts_fingerprint_idx").on(attempt.fingerprint, attempt.attemptedAt)],
);

export const SUBSCRIPTION_STATUSES = ["incomplete", "incomplete_expired", "trialing", "active", "past_due", "canceled", "unpaid", "paused"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The artist's Pro subscription (one per artist); Pro is on only while Stripe says `active`. */
export const subscriptions = sqliteTable("subscriptions", {
  id: text("id").primaryKey(),
  artistId: text("artist_id")
    .notNull()
    .unique()
    .references(() => artists.id),
  stripeSubscriptionId: text("stripe_subscription_id").notNull().unique(),
  status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("incomplete"),
  currentPeriodEnd: integer("current_period_end", { mode: "number" }),
  /** Stripe's `cancel_at_period_end`: Pro ends at `currentPeriodEnd` instead of renewing (docs/decisions/023). */
  cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
  /**
   * The renewal invoice whose payment waits for the artist's 3-D Secure (Stripe's
   * `invoice.payment_action_required`); cleared once it is paid. Null: nothing to confirm.
   */
  renewalActionInvoiceId: text("renewal_action_invoice_id"),
  createdAt: createdAt(),
  updatedAt: createdAt("updated_at"),
});

/** An operator's retry or Charge All request: its items are charged one queue job each. */
export const retryBatches = sqliteTable("retry_batches", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["retry", "charge_all"] }).notNull(),
  itemCount: integer("item_count").notNull(),
  createdAt: createdAt(),
});

export const retryItems = sqliteTable(
  "retry_items",
  {
    id: text("id").primaryKey(),
    batchId: text("batch_id")
      .notNull()
      .references(() => retryBatches.id),
    artistId: text("artist_id")
      .notNull()
      .references(() => artists.id),
    songId: text("song_id").references(() => songs.id),
    paymentMethodId: text("payment_method_id")
      .notNull()
      .references(() => paymentMethods.id),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: RETRY_ITEM_STATUSES }).notNull().default("pending"),
    /** Why an item failed or was skipped (decline code, hard decline, budget, authentication). */
    reason: text("reason"),
    updatedAt: createdAt("updated_at"),
  },
  (item) => [index("retry_items_batch_idx").on(item.batchId)],
);

/**
 * The append-only double-entry ledger (docs/decisions/043). A transaction's entries sum to
 * zero; a balance is the sum of an account's entries, never a stored total. `(kind, ref)` is unique,
 * so reporting the same purchase or paying the same payout twice records it once.
 */
export const ledgerTransactions = sqliteTable(
  "ledger_transactions",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    ref: text("ref").notNull(),
    createdAt: createdAt(),
  },
  (txn) => [uniqueIndex("ledger_transactions_kind_ref_unique").on(txn.kind, txn.ref)],
);

export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: text("id").primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    /** e.g. `artist:{id}:available`, `platform:revenue`, `provider:receivable`. */
    account: text("account").notNull(),
    artistId: text("artist_id").references(() => artists.id),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
  },
  (entry) => [
    index("ledger_entries_account_idx").on(entry.account),
    index("ledger_entries_artist_idx").on(entry.artistId),
    // A sales report reads one account's entries from a moment on (docs/decisions/101-sales-reports.md).
    index("ledger_entries_account_created_idx").on(entry.account, entry.createdAt),
    // A sale's entries, read when its day's sales are summed again (schema/src/sales-days.ts).
    index("ledger_entries_transaction_idx").on(entry.transactionId, entry.account, entry.amountCents),
  ],
);

/** One payout per artist per period (`YYYY-MM-DD` of the run), unique: a second run pays nothing. */
export const payouts = sqliteTable(
  "payouts",
  {
    id: text("id").primaryKey(),
    artistId: text("artist_id")
      .notNull()
      .references(() => artists.id),
    period: text("period").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("pending"),
    stripeTransferId: text("stripe_transfer_id").unique(),
    failureMessage: text("failure_message"),
    /** As payments.stripeKeyAttempt: Transfer idempotency keys spent on a stored 500. */
    stripeKeyAttempt: integer("stripe_key_attempt").notNull().default(0),
    /**
     * Transfer attempts Stripe refused because the platform's available balance was short
     * (`balance_insufficient`): the payout stays pending and is tried again on the next run, under a
     * new idempotency key each time (Stripe keeps the refusal under the old one).
     */
    fundingWaits: integer("funding_waits").notNull().default(0),
    /** When the latest of those refusals came (ms); null while none did. */
    waitingForFundsSince: integer("waiting_for_funds_since", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: createdAt("updated_at"),
  },
  (payout) => [uniqueIndex("payouts_artist_period_unique").on(payout.artistId, payout.period), index("payouts_status_idx").on(payout.status)],
);

/**
 * Stripe's payouts of an artist's connected account to their debit card (`payout.paid`,
 * `payout.failed` on the Connect endpoint), one row per Stripe payout: whether the money JPlay
 * transferred reached the card, or came back to the account's Stripe balance, where it waits for a
 * new card (docs/decisions/094-payout-truth.md).
 */
export const connectPayouts = sqliteTable(
  "connect_payouts",
  {
    /** Stripe's payout id (`po_…`). */
    id: text("id").primaryKey(),
    artistId: text("artist_id")
      .notNull()
      .references(() => artists.id),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: CONNECT_PAYOUT_STATUSES }).notNull(),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    createdAt: createdAt(),
    updatedAt: createdAt("updated_at"),
  },
  (payout) => [index("connect_payouts_artist_idx").on(payout.artistId)],
);

/**
 * An artist's connected account being created: written before Stripe is asked, with the idempotency
 * key and when it was first used, so a create whose answer was lost is found again (by its key within
 * Stripe's 24 hours, by listing accounts after) instead of made twice (ledger/connect-accounts.ts).
 */
export const connectAccountCreations = sqliteTable("connect_account_creations", {
  artistId: text("artist_id")
    .primaryKey()
    .references(() => artists.id),
  idempotencyKey: text("idempotency_key").notNull(),
  /** When the key was first sent (ms): past Stripe's 24 hours it may have expired. */
  startedAt: integer("started_at", { mode: "number" }).notNull(),
});

/**
 * Money the tablet provider settled to JPlay's bank account (recorded by an operator), one row per
 * settlement reference: recording the same reference again changes nothing. Each is posted to the
 * ledger (provider:receivable → platform:cash, docs/decisions/021-platform-balance-and-settlements.md).
 */
export const providerSettlements = sqliteTable("provider_settlements", {
  id: text("id").primaryKey(),
  /** The provider's or the bank's reference for the payment; unique. */
  reference: text("reference").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  /** The day the money arrived (`YYYY-MM-DD`). */
  settledOn: text("settled_on").notNull(),
  createdAt: createdAt(),
});

/** The artist's private page links (`/artist/{token}`): only a hash of the token is stored. */
export const artistLinks = sqliteTable(
  "artist_links",
  {
    id: text("id").primaryKey(),
    artistId: text("artist_id")
      .notNull()
      .references(() => artists.id),
    tokenHash: text("token_hash").notNull().unique(),
    revokedAt: integer("revoked_at", { mode: "number" }),
    /**
     * The last visit (null: none since it was issued). A link expires ARTIST_LINK_TTL_DAYS after
     * this (or after `createdAt`), so each visit renews it (docs/decisions/019-sessions-server-side.md).
     */
    renewedAt: integer("renewed_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (link) => [index("artist_links_artist_idx").on(link.artistId)],
);

export const SESSION_END_REASONS = ["rotated", "ended_by_artist", "ended_by_operator", "signed_out"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * One row per artist browser session (docs/decisions/019-sessions-server-side.md): the cookie holds a
 * random token of which only the SHA-256 is stored. A session starts at payment setup (customer only)
 * and is replaced by a new one, bound to the artist, when a card is saved. It ends at `expiresAt`,
 * after a week without use, or when the artist or an operator ends it.
 */
export const artistSessions = sqliteTable(
  "artist_sessions",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    /** Null until a card is saved in this browser. */
    artistId: text("artist_id").references(() => artists.id),
    /** The browser's User-Agent when the session started (cut to 512 characters), for the artist's list. */
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "number" }).notNull(),
    /** Absolute end, whatever the use. */
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    endedAt: integer("ended_at", { mode: "number" }),
    endedReason: text("ended_reason", { enum: SESSION_END_REASONS }),
  },
  (session) => [index("artist_sessions_artist_idx").on(session.artistId, session.endedAt), index("artist_sessions_expires_idx").on(session.expiresAt)],
);

/** Operator sessions of the local password sign-in: signing out ends the row, so a copied cookie stops working. */
export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    endedAt: integer("ended_at", { mode: "number" }),
  },
  (session) => [index("admin_sessions_expires_idx").on(session.expiresAt)],
);

/**
 * Admin sign-in tries, each counted before its password is compared (one conditional INSERT), so
 * parallel guesses cannot share a slot; a right password gives its row back. Sliding windows per
 * client address and overall (access/admin-sign-in-guard.ts).
 */
export const adminSignInAttempts = sqliteTable(
  "admin_sign_in_attempts",
  {
    id: text("id").primaryKey(),
    address: text("address").notNull(),
    at: integer("at", { mode: "number" }).notNull(),
  },
  (attempt) => [index("admin_sign_in_attempts_address_idx").on(attempt.address, attempt.at), index("admin_sign_in_attempts_at_idx").on(attempt.at)],
);

/**
 * A `payment_intent.succeeded` whose amount, currency or customer disagrees with the payment row it
 * names: never applied, kept here for an operator (admin: payment mismatches).
 */
export const paymentMismatches = sqliteTable(
  "payment_mismatches",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    stripePaymentIntentId: text("stripe_payment_intent_id").notNull(),
    /** Where it was found: "webhook: payment_intent.succeeded", "closing an open payment". */
    source: text("source").notNull(),
    expectedAmountCents: integer("expected_amount_cents").notNull(),
    receivedAmountCents: integer("received_amount_cents"),
    expectedCurrency: text("expected_currency").notNull(),
    receivedCurrency: text("received_currency"),
    expectedCustomer: text("expected_customer"),
    receivedCustomer: text("received_customer"),
    detectedAt: createdAt("detected_at"),
  },
  (mismatch) => [uniqueIndex("payment_mismatches_payment_intent_unique").on(mismatch.paymentId, mismatch.stripePaymentIntentId)],
);

/** Jobs that ended in the dead-letter queue, so operators see them in admin. */
export const failedJobs = sqliteTable("failed_jobs", {
  id: text("id").primaryKey(),
  jobType: text("job_type").notNull(),
  payload: text("payload").notNull(),
  error: text("error"),
  songId: text("song_id"),
  failedAt: createdAt("failed_at"),
});

/**
 * A refund of a song's distribution payment, made when the pipeline rejects a paid song. One per
 * payment (the unique index is the idempotency guard); the row is written before Stripe is called so
 * a crash between the two is resumed with the same key (docs/decisions/025).
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id),
    songId: text("song_id").references(() => songs.id),
    artistId: text("artist_id")
      .notNull()
      .references(() => artists.id),
    amountCents: integer("amount_cents").notNull(),
    /** Why the money goes back, in the words the artist sees. */
    reason: text("reason").notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    stripeRefundId: text("stripe_refund_id").unique(),
    /** Idempotency keys a stored 500 spent (docs/decisions/022): the next call uses the next key. */
    stripeKeyAttempt: integer("stripe_key_attempt").notNull().default(0),
    /**
     * Retries an operator made after the refund failed (refunds/retry-failed-refund.ts): each is a new
     * Stripe refund with its own idempotency key and ledger ref; 0 for the first refund.
     */
    retries: integer("retries").notNull().default(0),
    failureReason: text("failure_reason"),
    /**
     * Why Stripe holds a pending refund (its `pending_reason`): `insufficient_funds` waits for the
     * available balance to cover it (an operator tops up). Null once it is no longer pending.
     */
    pendingReason: text("pending_reason"),
    createdAt: createdAt("created_at"),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (refund) => [index("refunds_artist_idx").on(refund.artistId), index("refunds_status_idx").on(refund.status)],
);

/**
 * A card dispute (chargeback or inquiry) on one of JPlay's charges (docs/decisions/093-disputes.md),
 * one row per Stripe dispute, kept up to date from `charge.dispute.*` events. `cardFingerprint`
 * blocks the card for off-session charges while any chargeback names it; an open fraud chargeback
 * holds the song out of the catalogue and the artist's payouts.
 */
export const disputes = sqliteTable(
  "disputes",
  {
    /** Stripe's dispute id (`du_…`). */
    id: text("id").primaryKey(),
    stripeChargeId: text("stripe_charge_id").notNull(),
    /** Our payment the charge paid (null for a charge no payment row names, e.g. a Pro invoice). */
    paymentId: text("payment_id").references(() => payments.id),
    songId: text("song_id").references(() => songs.id),
    artistId: text("artist_id").references(() => artists.id),
    cardFingerprint: text("card_fingerprint"),
    amountCents: integer("amount_cents").notNull(),
    /** Stripe's dispute fee taken with the amount (0 for an inquiry). */
    feeCents: integer("fee_cents").notNull().default(0),
    currency: text("currency").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: DISPUTE_STATUSES }).notNull(),
    /** An inquiry (`warning_*`) moves no money and blocks nothing. */
    inquiry: integer("inquiry", { mode: "boolean" }).notNull(),
    evidenceDueBy: integer("evidence_due_by", { mode: "number" }),
    /** When an operator sent the distribution's records to Stripe (null: not yet). */
    evidenceSubmittedAt: integer("evidence_submitted_at", { mode: "number" }),
    /** Whether this dispute took the song down (so a win puts it back). */
    songHeld: integer("song_held", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt("created_at"),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (dispute) => [
    index("disputes_payment_idx").on(dispute.paymentId),
    index("disputes_artist_idx").on(dispute.artistId, dispute.status),
    index("disputes_fingerprint_idx").on(dispute.cardFingerprint),
  ],
);

/**
 * A card the networks reported as used without its holder's consent (Radar's early fraud warning,
 * docs/decisions/093-disputes.md): never charged off-session again, like a card that charged back.
 * One row per card; `stripeWarningId` names the first warning.
 */
export const cardFraudWarnings = sqliteTable("card_fraud_warnings", {
  fingerprint: text("fingerprint").primaryKey(),
  stripeWarningId: text("stripe_warning_id").notNull(),
  stripeChargeId: text("stripe_charge_id").notNull(),
  createdAt: createdAt("created_at"),
});

/**
 * The outbox of texts to artists' phones. A row is written in the same step as the event it tells
 * of (one per `dedupe_key`, so a redelivered event texts once) and a queue job sends it.
 */
export const textMessages = sqliteTable(
  "text_messages",
  {
    id: text("id").primaryKey(),
    artistId: text("artist_id").references(() => artists.id),
    toPhone: text("to_phone").notNull(),
    kind: text("kind", { enum: TEXT_MESSAGE_KINDS }).notNull(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    body: text("body").notNull(),
    status: text("status", { enum: TEXT_MESSAGE_STATUSES }).notNull().default("queued"),
    providerMessageId: text("provider_message_id"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    createdAt: createdAt("created_at"),
    sentAt: integer("sent_at", { mode: "number" }),
  },
  // The Messages tab pages by (created_at, id) (workers/api/src/texts/admin-text-messages.ts).
  (message) => [index("text_messages_created_id_idx").on(message.createdAt, message.id), index("text_messages_status_idx").on(message.status)],
);

/** Phone numbers (E.164) that answered STOP: no text is sent to them until they answer START. */
export const smsOptOuts = sqliteTable("sms_opt_outs", {
  phone: text("phone").primaryKey(),
  optedOutAt: createdAt("opted_out_at"),
});

/**
 * A facility (prison or jail) whose tablets list the catalogue. A clean-only facility (all federal
 * ones) is never given a song with explicit content, or one whose answer is unknown.
 */
export const facilities = sqliteTable("facilities", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Two-letter US state code, e.g. "TX". */
  state: text("state").notNull(),
  cleanOnly: integer("clean_only", { mode: "boolean" }).notNull().default(false),
  /**
   * The most its listeners pay for a song, in cents (docs/decisions/071-facility-price-ceilings.md):
   * a song sells there at min(its price, this). 199 ($1.99) unless an operator set it lower.
   */
  priceCeilingCents: integer("price_ceiling_cents").notNull().default(199),
  createdAt: createdAt("created_at"),
});

export const CATALOGUE_CHANGE_KINDS = ["release", "takedown"] as const;
export type CatalogueChangeKind = (typeof CATALOGUE_CHANGE_KINDS)[number];

/**
 * The tablet provider's delivery feed, in order: one row each time a song joins the catalogue
 * (`release`, also when a taken-down song is restored) or leaves it (`takedown`). Written in the same
 * batch as the change itself; `seq` is the feed's cursor (docs/decisions/050).
 */
export const catalogueChanges = sqliteTable(
  "catalogue_changes",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
    kind: text("kind", { enum: CATALOGUE_CHANGE_KINDS }).notNull(),
    at: integer("at", { mode: "number" }).notNull(),
  },
  (change) => [index("catalogue_changes_song_idx").on(change.songId)],
);

/** A song's credits with their roles (schema/src/release-metadata.ts, CREDIT_ROLES), in the order the artist gave them. */
export const songCredits = sqliteTable(
  "song_credits",
  {
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ["performer", "composer", "lyricist", "producer", "featured_artist"] }).notNull(),
  },
  (credit) => [uniqueIndex("song_credits_song_position_unique").on(credit.songId, credit.position)],
);

/**
 * The last number handed out from each identifier sequence: `isrc:<year>` (ISRC designation codes,
 * a sequence per year of reference) and `upc:<company prefix>` (UPC item references, which belong to
 * their prefix: a second prefix starts its own). Numbers are taken by one
 * UPDATE … RETURNING and never given back, so none is used twice.
 */
export const identifierSequences = sqliteTable("identifier_sequences", {
  name: text("name").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * The admin payment overview's summary counts (artists with a card, cards, songs awaiting payment or
 * with a charge in flight), counted at `counted_at` and kept for a minute: counting them reads every
 * card and every pending song, too slow for each request at 100,000 artists
 * (docs/decisions/072-admin-counts-and-payout-run-at-scale.md). One row, id 1.
 */
export const adminSummaryCounts = sqliteTable("admin_summary_counts", {
  id: integer("id").primaryKey(),
  totalArtists: integer("total_artists").notNull(),
  paymentMethods: integer("payment_methods").notNull(),
  pendingPayments: integer("pending_payments").notNull(),
  countedAt: integer("counted_at", { mode: "number" }).notNull(),
});

/**
 * An operator-kept list of words and phrases songs are screened against (gang terms, slurs, contraband
 * and violence references). `version` is the list's current version: every change writes a new row of
 * `term_list_versions` and raises it (docs/decisions/067-term-lists-screening-audit.md).
 */
export const termLists = sqliteTable("term_lists", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  version: integer("version").notNull(),
  createdAt: createdAt(),
});

/** Every version of every term list, as it was: its terms (a JSON array of {term, language}), who made it and when. */
export const termListVersions = sqliteTable(
  "term_list_versions",
  {
    listId: text("list_id")
      .notNull()
      .references(() => termLists.id),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    terms: text("terms", { mode: "json" }).$type<{ term: string; language: "en" | "es" }[]>().notNull(),
    changedBy: text("changed_by").notNull(),
    changedAt: integer("changed_at", { mode: "number" }).notNull(),
  },
  (row) => [uniqueIndex("term_list_versions_list_version_unique").on(row.listId, row.version)],
);

/** The term lists a facility's profile applies: a song matching one of them needs an operator's decision there. */
export const facilityTermLists = sqliteTable(
  "facility_term_lists",
  {
    facilityId: text("facility_id")
      .notNull()
      .references(() => facilities.id),
    listId: text("list_id")
      .notNull()
      .references(() => termLists.id),
  },
  (row) => [uniqueIndex("facility_term_lists_unique").on(row.facilityId, row.listId), index("facility_term_lists_list_idx").on(row.listId)],
);

/**
 * A song's last screening against every term list: when, and the versions it was screened against
 * (a JSON object list id → version). Its matches are `song_screening_matches`.
 */
export const songScreenings = sqliteTable("song_screenings", {
  songId: text("song_id")
    .primaryKey()
    .references(() => songs.id),
  listVersions: text("list_versions", { mode: "json" }).$type<Record<string, number>>().notNull(),
  screenedAt: integer("screened_at", { mode: "number" }).notNull(),
});

/** One place a term of a list was found in a song's title, credits, lyrics or audio transcript (offsets into that text, UTF-16). */
export const songScreeningMatches = sqliteTable(
  "song_screening_matches",
  {
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
    listId: text("list_id")
      .notNull()
      .references(() => termLists.id),
    listVersion: integer("list_version").notNull(),
    field: text("field", { enum: ["title", "credits", "lyrics", "transcript"] }).notNull(),
    start: integer("start").notNull(),
    end: integer("end").notNull(),
    /** The words as the song has them. */
    text: text("text").notNull(),
    term: text("term").notNull(),
    language: text("language").notNull(),
  },
  (row) => [index("song_screening_matches_song_idx").on(row.songId), index("song_screening_matches_list_idx").on(row.listId)],
);

export const SONG_TRANSCRIPT_STATUSES = ["pending", "done", "failed"] as const;
export type SongTranscriptStatus = (typeof SONG_TRANSCRIPT_STATUSES)[number];

/**
 * A song's audio transcribed by the speech-to-text service, when one is configured
 * (docs/decisions/075-speech-to-text-screening.md): `pending` until the job has it, `done` with its
 * text (screened like the lyrics), or `failed` with why once the job has used its retries. The text
 * is read by screening and shown to operators only: it never leaves the database otherwise.
 */
export const songTranscripts = sqliteTable("song_transcripts", {
  songId: text("song_id")
    .primaryKey()
    .references(() => songs.id),
  status: text("status", { enum: SONG_TRANSCRIPT_STATUSES }).notNull(),
  /** The Workers AI model asked. */
  model: text("model").notNull(),
  text: text("text"),
  /** The language the model heard (ISO 639-1), when it said. */
  language: text("language"),
  /** The last attempt's error, kept while retrying; why it failed once `failed`. */
  error: text("error"),
  attempts: integer("attempts").notNull().default(0),
  requestedAt: integer("requested_at", { mode: "number" }).notNull(),
  finishedAt: integer("finished_at", { mode: "number" }),
});

/**
 * What listening to a song's whole audio measured (docs/audio-checks.md): loudness after BS.1770-4 /
 * EBU R128, true peak, silence at either end and clipping, kept as integers (hundredths of LU, LUFS
 * and dB; milliseconds; samples). `flags` is a JSON array of what the artist and operators are warned
 * of (they never refuse a song: a corrupt frame does, and is the song's rejection reason).
 */
export const songAudioChecks = sqliteTable("song_audio_checks", {
  songId: text("song_id")
    .primaryKey()
    .references(() => songs.id),
  /** Integrated loudness, hundredths of LUFS; null when the song is all below the absolute gate. */
  integratedLoudness: integer("integrated_loudness"),
  /** Loudness range (EBU Tech 3342), hundredths of LU; null when too short or too quiet to measure. */
  loudnessRange: integer("loudness_range"),
  /** True peak (BS.1770-4 annex 2), hundredths of dBTP. */
  truePeak: integer("true_peak").notNull(),
  leadingSilenceMs: integer("leading_silence_ms").notNull(),
  trailingSilenceMs: integer("trailing_silence_ms").notNull(),
  clippedSamples: integer("clipped_samples").notNull(),
  flags: text("flags").notNull().default("[]"),
  checkedAt: integer("checked_at", { mode: "number" }).notNull(),
  /** Where the preview clip starts, ms: the start of the song's loudest 30 s (docs/audio-checks.md, "Previews"). */
  previewStartMs: integer("preview_start_ms"),
  /** How long the stored preview clip is, ms (PREVIEW_SECONDS, or the whole song when shorter); null until it is written. */
  previewDurationMs: integer("preview_duration_ms"),
  /**
   * The global_gain steps the delivered copy was normalised by (1.505 dB each, docs/audio-checks.md,
   * "Tablet-ready copies"); null until the delivered copy and its preview are written.
   */
  deliveredGainSteps: integer("delivered_gain_steps"),
});

/**
 * Each listened-to song's Chromaprint fingerprint (docs/audio-checks.md, "Fingerprints"): its 32-bit
 * sub-fingerprints, about 8 a second, each as 8 hex digits.
 */
export const songFingerprints = sqliteTable("song_fingerprints", {
  songId: text("song_id")
    .primaryKey()
    .references(() => songs.id),
  fingerprint: text("fingerprint").notNull(),
  createdAt: integer("created_at", { mode: "number" }).notNull(),
});

/**
 * The lookup index of the fingerprints, as AcoustID keeps one: each distinct top 16 bits of a song's
 * sub-fingerprints. Songs sharing many keys with an upload are the ones compared with it in full.
 */
export const songFingerprintKeys = sqliteTable(
  "song_fingerprint_keys",
  {
    key: integer("key").notNull(),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
  },
  (table) => [uniqueIndex("song_fingerprint_keys_key_song").on(table.key, table.songId), index("song_fingerprint_keys_song").on(table.songId)],
);

/**
 * An upload whose fingerprint matches a song already in the catalogue (docs/decisions/103): the aligned
 * bit error rate (basis points), where the match starts and how long it runs. Another artist's match
 * holds the upload's approval until an operator decides (`decided_*`, with the reason); the same
 * artist's is told to them.
 */
export const songCatalogueMatches = sqliteTable(
  "song_catalogue_matches",
  {
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
    matchedSongId: text("matched_song_id")
      .notNull()
      .references(() => songs.id),
    bitErrorRateBp: integer("bit_error_rate_bp").notNull(),
    /** Where the catalogue song starts in the upload, ms (negative: the upload starts later in it). */
    offsetMs: integer("offset_ms").notNull(),
    overlapMs: integer("overlap_ms").notNull(),
    sameArtist: integer("same_artist", { mode: "boolean" }).notNull(),
    foundAt: integer("found_at", { mode: "number" }).notNull(),
    decidedBy: text("decided_by"),
    decidedAt: integer("decided_at", { mode: "number" }),
    decisionReason: text("decision_reason"),
  },
  (table) => [uniqueIndex("song_catalogue_matches_pair").on(table.songId, table.matchedSongId)],
);

export const FACILITY_SONG_REVIEW_STATUSES = ["held", "overridden"] as const;
export type FacilitySongReviewStatus = (typeof FACILITY_SONG_REVIEW_STATUSES)[number];

/**
 * A song's standing at one facility whose term lists it matches: `held` (out of that facility's
 * catalogue until an operator decides) or `overridden` (allowed there by an operator, with a reason).
 * `terms` are the matched terms the status covers (a JSON array of "listId:term"): a match outside
 * them holds the song again.
 */
export const facilitySongReviews = sqliteTable(
  "facility_song_reviews",
  {
    facilityId: text("facility_id")
      .notNull()
      .references(() => facilities.id),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
    status: text("status", { enum: FACILITY_SONG_REVIEW_STATUSES }).notNull(),
    terms: text("terms", { mode: "json" }).$type<string[]>().notNull(),
    reason: text("reason"),
    decidedBy: text("decided_by"),
    decidedAt: integer("decided_at", { mode: "number" }),
    heldAt: integer("held_at", { mode: "number" }),
  },
  (row) => [uniqueIndex("facility_song_reviews_unique").on(row.facilityId, row.songId), index("facility_song_reviews_song_idx").on(row.songId, row.status)],
);

export const FACILITY_BLOCK_KINDS = ["artist", "song"] as const;
export type FacilityBlockKind = (typeof FACILITY_BLOCK_KINDS)[number];

/** A facility keeps an artist (all their songs) or one song out of its catalogue and feed. Lifting it deletes the row; the audit log keeps both. */
export const facilityBlocks = sqliteTable(
  "facility_blocks",
  {
    id: text("id").primaryKey(),
    facilityId: text("facility_id")
      .notNull()
      .references(() => facilities.id),
    kind: text("kind", { enum: FACILITY_BLOCK_KINDS }).notNull(),
    /** The artist's or the song's id. */
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (row) => [uniqueIndex("facility_blocks_unique").on(row.facilityId, row.kind, row.targetId)],
);

/**
 * The audit log: append-only (triggers refuse every UPDATE and DELETE, migration 0018, and an INSERT
 * OR REPLACE over a record, migration 0024). Compliance decisions (review, overrides, holds,
 * takedowns, restores, list changes, facility settings, blocks) and every operator action that moves
 * money or access (charge retries, settlements, receipt revocations, link revokes, session ends, rights
 * refunds …), each with who, when, what, the term-list versions in force (list id → version) and the
 * matches seen. Each record is sealed into a hash chain by `audit_log_seals`.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "number" }).notNull(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    facilityId: text("facility_id"),
    songId: text("song_id"),
    artistId: text("artist_id"),
    listId: text("list_id"),
    detail: text("detail").notNull(),
    listVersions: text("list_versions", { mode: "json" }).$type<Record<string, number>>().notNull(),
    matches: text("matches", { mode: "json" }).$type<{ listName: string; term: string; field: string; text: string }[]>().notNull(),
  },
  (row) => [index("audit_log_at_idx").on(row.at), index("audit_log_facility_idx").on(row.facilityId, row.at), index("audit_log_song_idx").on(row.songId)],
);

/**
 * The audit log's hash chain (docs/decisions/087-audit-log-hash-chain.md): one seal per record, written
 * by the sealer (workers/api/src/compliance/audit-chain.ts) after the record, never by the write that
 * made it. `hash` is SHA-256 of the previous seal's hash and the record's canonical content, so a
 * record changed, removed or slipped in after it was sealed breaks every seal from there on. Append-only
 * like the log, and only ever extended at its head (migration 0024's triggers).
 */
export const auditLogSeals = sqliteTable("audit_log_seals", {
  seq: integer("seq")
    .primaryKey()
    .references(() => auditLog.seq),
  /** Lower-case hex SHA-256. */
  hash: text("hash").notNull(),
  sealedAt: integer("sealed_at", { mode: "number" }).notNull(),
});

/**
 * Signed provider POSTs already accepted, by the SHA-256 of their provider and signature, kept until
 * their timestamp leaves the 5-minute window (then the cron deletes them): a replayed call finds its
 * row and is refused (provider/signature-replay.ts).
 */
export const providerSignatures = sqliteTable(
  "provider_signatures",
  {
    signatureHash: text("signature_hash").primaryKey(),
    providerId: text("provider_id").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
  },
  (row) => [index("provider_signatures_expires_idx").on(row.expiresAt)],
);

/**
 * A listener session a provider opened for a tablet (provider/listener-sessions.ts): the listener
 * token names it, and a revoked or expired session refuses its token.
 */
export const listenerSessions = sqliteTable(
  "listener_sessions",
  {
    id: text("id").primaryKey(),
    providerId: text("provider_id").notNull(),
    listenerId: text("listener_id").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "number" }),
  },
  (row) => [index("listener_sessions_listener_idx").on(row.providerId, row.listenerId), index("listener_sessions_expires_idx").on(row.expiresAt)],
);

/**
 * Royalty splits (docs/splits.md). A collaborator an artist named on a song's split: one row per
 * artist and phone, so an artist's collaborators are theirs alone. Until `acceptedAt` their shares
 * are held (`collaborator:{id}:held:{songId}`) and return to the artist after the hold.
 */
export const collaborators = sqliteTable(
  "collaborators",
  {
    id: text("id").primaryKey(),
    artistId: text("artist_id")
      .notNull()
      .references(() => artists.id),
    /** E.164. */
    phone: text("phone").notNull(),
    name: text("name").notNull(),
    acceptedAt: integer("accepted_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (row) => [uniqueIndex("collaborators_artist_phone_unique").on(row.artistId, row.phone)],
);

/**
 * A collaborator's private page links (`/collaborator/{token}`, docs/splits.md, Accepting): one per
 * invitation text, by phone, so a phone named by several artists has one page. Only the token's
 * SHA-256 is kept; a link expires like an artist's page link (ARTIST_LINK_TTL_DAYS after its last visit).
 */
export const collaboratorLinks = sqliteTable("collaborator_links", {
  id: text("id").primaryKey(),
  /** E.164: the phone the invitation was texted to. */
  phone: text("phone").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  revokedAt: integer("revoked_at", { mode: "number" }),
  renewedAt: integer("renewed_at", { mode: "number" }),
  createdAt: createdAt(),
});

/**
 * The person a collaborator's phone is (docs/splits.md, Onboarding): one row per phone, however many
 * artists named it, made when the page first asks for a code. The phone is confirmed by a code texted
 * to it (`code_*`, hashed, short-lived, as an artist's `phone_codes`) before the page shows a share;
 * the Stripe Connect account is this person's, like an artist's (`stripe_account_id`,
 * `payouts_enabled`, `payout_requirements`), created under `account_key` begun at `account_started_at`.
 */
export const collaboratorPayees = sqliteTable("collaborator_payees", {
  id: text("id").primaryKey(),
  /** E.164. */
  phone: text("phone").notNull().unique(),
  /** When a code texted to the phone was typed back on its page; null until then. */
  confirmedAt: integer("confirmed_at", { mode: "number" }),
  /** SHA-256 of the payee's id and the code texted last: the code itself is only in the text. */
  codeHash: text("code_hash"),
  codeExpiresAt: integer("code_expires_at", { mode: "number" }),
  /** Wrong codes tried against the code texted last. */
  codeAttempts: integer("code_attempts").notNull().default(0),
  stripeAccountId: text("stripe_account_id").unique(),
  payoutsEnabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
  payoutRequirements: text("payout_requirements", { mode: "json" }).$type<string[]>().notNull().default([]),
  /** The Connect account's creation in progress: its idempotency key and when it was first sent. */
  accountKey: text("account_key"),
  accountStartedAt: integer("account_started_at", { mode: "number" }),
  createdAt: createdAt(),
});

/**
 * A collaborator payee's payout for one period (docs/splits.md, Payouts), as an artist's `payouts`
 * row: unique per payee and period, its id the Transfer's idempotency key. `parts` says which of the
 * phone's namings (`collaborator:{id}:available`) it took how much from, so a failed payout gives
 * each back what it took.
 */
export const collaboratorPayouts = sqliteTable(
  "collaborator_payouts",
  {
    id: text("id").primaryKey(),
    payeeId: text("payee_id")
      .notNull()
      .references(() => collaboratorPayees.id),
    period: text("period").notNull(),
    amountCents: integer("amount_cents").notNull(),
    parts: text("parts", { mode: "json" }).$type<{ collaboratorId: string; cents: number }[]>().notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("pending"),
    stripeTransferId: text("stripe_transfer_id").unique(),
    failureMessage: text("failure_message"),
    /** As payouts.stripeKeyAttempt and fundingWaits: keys spent on a stored 500 or a short balance. */
    stripeKeyAttempt: integer("stripe_key_attempt").notNull().default(0),
    fundingWaits: integer("funding_waits").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt("updated_at"),
  },
  (row) => [uniqueIndex("collaborator_payouts_payee_period_unique").on(row.payeeId, row.period), index("collaborator_payouts_status_idx").on(row.status)],
);

/**
 * A song's split as saved at one moment: it applies to sales from `effectiveFrom` (when it was
 * saved) until the next version's; never retroactive. Versions are only ever added (the history).
 * `recoupCents` is paid to `recoupPayeeId` from the artist credits before the shares apply.
 */
export const songSplitVersions = sqliteTable(
  "song_split_versions",
  {
    id: text("id").primaryKey(),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
    version: integer("version").notNull(),
    effectiveFrom: integer("effective_from", { mode: "number" }).notNull(),
    recoupPayeeId: text("recoup_payee_id").references(() => collaborators.id),
    recoupCents: integer("recoup_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (row) => [
    uniqueIndex("song_split_versions_song_version_unique").on(row.songId, row.version),
    index("song_split_versions_song_from_idx").on(row.songId, row.effectiveFrom),
  ],
);

/** The collaborators' shares of one split version, in basis points of the artist credit; the artist keeps the rest of 10,000. */
export const songSplitShares = sqliteTable(
  "song_split_shares",
  {
    versionId: text("version_id")
      .notNull()
      .references(() => songSplitVersions.id),
    position: integer("position").notNull(),
    collaboratorId: text("collaborator_id")
      .notNull()
      .references(() => collaborators.id),
    role: text("role", { enum: ["performer", "composer", "lyricist", "producer", "featured_artist"] }).notNull(),
    basisPoints: integer("basis_points").notNull(),
  },
  (row) => [uniqueIndex("song_split_shares_version_position_unique").on(row.versionId, row.position)],
);

export const SPLIT_CREDIT_KINDS = ["recoup", "share"] as const;

/**
 * What each sale credited each collaborator (its ledger transaction is `purchase.split`, ref the
 * purchase): written in the purchase's own D1 batch. `held` credits wait for the collaborator's
 * acceptance; `returnedAt` when the hold ended and the cents went back to the artist, `warnedAt`
 * when the artist was told it would, `refundedAt` when the purchase was given back.
 */
export const splitCredits = sqliteTable(
  "split_credits",
  {
    id: text("id").primaryKey(),
    purchaseId: text("purchase_id").notNull(),
    songId: text("song_id").notNull(),
    artistId: text("artist_id").notNull(),
    versionId: text("version_id")
      .notNull()
      .references(() => songSplitVersions.id),
    collaboratorId: text("collaborator_id")
      .notNull()
      .references(() => collaborators.id),
    kind: text("kind", { enum: SPLIT_CREDIT_KINDS }).notNull(),
    cents: integer("cents").notNull(),
    held: integer("held", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
    warnedAt: integer("warned_at", { mode: "number" }),
    returnedAt: integer("returned_at", { mode: "number" }),
    refundedAt: integer("refunded_at", { mode: "number" }),
  },
  (row) => [
    uniqueIndex("split_credits_purchase_collaborator_kind_unique").on(row.purchaseId, row.collaboratorId, row.kind),
    index("split_credits_version_idx").on(row.versionId),
    index("split_credits_held_idx").on(row.held, row.returnedAt, row.createdAt),
  ],
);
