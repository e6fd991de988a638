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

const createdAt = () =>
  integer("created_at", { mode: "number" })
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
