/** Words and formats the artist page shows for statuses, dates and money, in the screen's language. */
import type { ArtistPayoutStatus, ConnectStatus } from "@jplay/schema/artist";
import type { SongStatus } from "@jplay/schema/tables";
import { type Translator } from "@/lib/i18n";
import { formatDate } from "@/lib/i18n/format-values";

const SONG_STATUS_LABELS: Record<SongStatus, (i18n: Translator) => string> = {
  pending: (i18n) => i18n._("Pending payment"),
  approved: (i18n) => i18n._("Approved – being processed"),
  distributed: (i18n) => i18n._("Live"),
  rejected: (i18n) => i18n._("Rejected"),
  removed: (i18n) => i18n._("Removed – not paid in time"),
};

const PAYOUT_STATUS_LABELS: Record<ArtistPayoutStatus, (i18n: Translator) => string> = {
  pending: (i18n) => i18n._("In progress"),
  paid: (i18n) => i18n._("Paid"),
  failed: (i18n) => i18n._("Failed – returned to your balance"),
};

const CONNECT_STATUS_LABELS: Record<ConnectStatus, (i18n: Translator) => string> = {
  not_started: (i18n) => i18n._("Not set up"),
  onboarding: (i18n) => i18n._("Waiting for your details"),
  ready: (i18n) => i18n._("Ready"),
};

export const songStatusLabel = (status: SongStatus, i18n: Translator) => SONG_STATUS_LABELS[status](i18n);
export const payoutStatusLabel = (status: ArtistPayoutStatus, i18n: Translator) => PAYOUT_STATUS_LABELS[status](i18n);
export const connectStatusLabel = (status: ConnectStatus, i18n: Translator) => CONNECT_STATUS_LABELS[status](i18n);

/** "2026-11-23" → "Nov 23, 2026" (a UTC calendar date). */
export const formatDay = (day: string, i18n: Translator) => formatDate(`${day}T00:00:00Z`, i18n.language, { dateStyle: "medium", timeZone: "UTC" });
/** An ISO time in the reader's own time zone. */
export const formatMoment = (iso: string, i18n: Translator) => formatDate(iso, i18n.language, { dateStyle: "medium", timeStyle: "short" });

/** "1 download sold" / "3 downloads sold": the page's sales wording, in one place. */
export const downloadsSold = (purchases: number, i18n: Translator) =>
  purchases === 1 ? i18n._("1 download sold") : i18n._("{count} downloads sold", { count: purchases });
