/** Small shared pieces of the admin tables: how an artist, a card and a song status are shown. */
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { AdminPaymentRecord } from "@jplay/schema/admin";
import { formatIsrc } from "@jplay/schema/identifiers";
import { capitalise } from "../admin-data";

/** docs/product.md: approved = success, distributed = default, others = secondary. */
export function songStatusVariant(status: string): BadgeVariant {
  if (status === "approved") return "success";
  if (status === "distributed") return "default";
  return "secondary";
}

export function SongStatusBadge({ status }: { status: string }) {
  return <Badge variant={songStatusVariant(status)}>{capitalise(status)}</Badge>;
}

/** A song's ISRC as people read it (US-S1Z-99-00001); a missing one is assigned before delivery. */
export const isrcWords = (isrc: string | null) => (isrc === null ? "Assigned before delivery" : formatIsrc(isrc));
/** A song's UPC (or EAN) as its digits. */
export const upcWords = (upc: string | null) => upc ?? "Assigned before delivery";

/** Artists have no sign-up name: the name of their latest song, or a plain placeholder. */
export const artistLabel = (name: string) => name || "Unnamed artist";

/** "Visa ending in 4242", as the artist saw it when saving the card. */
export const cardLabel = (record: Pick<AdminPaymentRecord, "cardBrand" | "last4">) => `${capitalise(record.cardBrand)} ending in ${record.last4}`;

export const expiryLabel = (month: number, year: number) => `${String(month).padStart(2, "0")}/${year}`;

export function ArtistCell({ record }: { record: Pick<AdminPaymentRecord, "artistName" | "artistId"> }) {
  return (
    <div className="min-w-0">
      <div className={record.artistName ? "font-semibold" : "font-semibold text-muted italic"}>{artistLabel(record.artistName)}</div>
      <div className="truncate font-mono text-xs text-muted">ID: {record.artistId}</div>
    </div>
  );
}
