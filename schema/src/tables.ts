/**
 * D1 tables, described once with drizzle-orm. `drizzle-kit generate` turns changes here into the SQL
 * migrations in `schema/migrations/`, which wrangler applies locally, in tests and in production.
 * Ids are random strings (ARCHITECTURE decision 7); times are epoch milliseconds; money is cents.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const SONG_STATUSES = ["pending", "approved", "distributed", "rejected"] as const;
export type SongStatus = (typeof SONG_STATUSES)[number];

export const PAYMENT_FREQUENCIES = ["daily", "weekly"] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

const createdAt = (column = "created_at") =>
  integer(column, { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** An artist exists from the moment a payment method is saved (no sign-up). */
export const artists = sqliteTable("artists", {
  id: text("id").primaryKey(),
  phone: text("phone"),
  paymentFrequency: text("payment_frequency", { enum: PAYMENT_FREQUENCIES }).notNull().default("daily"),
  stripeCustomerId: text("stripe_customer_id").unique(),
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
    status: text("status", { enum: SONG_STATUSES }).notNull().default("pending"),
    audioKey: text("audio_key").notNull(),
    coverKey: text("cover_key"),
    /** Set on the song the player bar features; the most recent one wins. */
    featuredAt: integer("featured_at", { mode: "number" }),
    distributedAt: integer("distributed_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (song) => [
    index("songs_status_created_idx").on(song.status, song.createdAt),
    index("songs_featured_idx").on(song.featuredAt),
    index("songs_artist_idx").on(song.artistId),
  ],
);

/** One row per download a listener bought, as the tablet provider reports it. */
export const purchases = sqliteTable(
  "purchases",
  {
    id: text("id").primaryKey(),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id),
    priceCents: integer("price_cents").notNull(),
    purchasedAt: integer("purchased_at", { mode: "number" }).notNull(),
  },
  (purchase) => [index("purchases_song_idx").on(purchase.songId)],
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
  (method) => [index("payment_methods_artist_idx").on(method.artistId)],
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
 * The local Stripe sandbox's own state (ARCHITECTURE decision 4): Stripe objects as JSON, and the
 * answers stored per idempotency key. Unused when a real Stripe key is configured.
 */
export const sandboxObjects = sqliteTable(
  "sandbox_objects",
  {
    id: text("id").primaryKey(),
    object: text("object").notNull(),
    data: text("data", { mode: "json" }).notNull(),
    createdAt: createdAt(),
  },
  (row) => [index("sandbox_objects_object_idx").on(row.object)],
);

export const sandboxIdempotency = sqliteTable("sandbox_idempotency", {
  key: text("key").primaryKey(),
  requestFingerprint: text("request_fingerprint").notNull(),
  status: integer("status").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});
