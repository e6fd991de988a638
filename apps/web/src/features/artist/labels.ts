/** Words and formats the artist page shows for statuses, dates and money. */
import type { ArtistPayoutStatus, ConnectStatus } from "@jplay/schema/artist";
import type { SongStatus } from "@jplay/schema/tables";

export const SONG_STATUS_LABELS: Record<SongStatus, string> = {
  pending: "Pending payment",
  approved: "Approved – being processed",
  distributed: "Live",
  rejected: "Rejected",
  removed: "Removed – not paid in time",
};

export const PAYOUT_STATUS_LABELS: Record<ArtistPayoutStatus, string> = {
  pending: "In progress",
  paid: "Paid",
  failed: "Failed – returned to your balance",
};

export const CONNECT_STATUS_LABELS: Record<ConnectStatus, string> = {
  not_started: "Not set up",
  onboarding: "Waiting for your details",
  ready: "Ready",
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** "2026-11-23" → "Nov 23, 2026" (a UTC calendar date). */
export const formatDay = (day: string) => dateFormat.format(new Date(`${day}T00:00:00Z`));
/** An ISO time in the reader's own time zone. */
export const formatMoment = (iso: string) => dateTimeFormat.format(new Date(iso));

/** "1 download sold" / "3 downloads sold": the page's sales wording, in one place. */
export const downloadsSold = (purchases: number) => (purchases === 1 ? "1 download sold" : `${purchases} downloads sold`);
