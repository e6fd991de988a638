/**
 * On /distribute, for an artist whose browser session already holds their saved card: one button
 * takes that card for the new song, so a returning artist does not type their card again
 * (docs/decisions/028-artist-journey.md). Offered, not swapped in, so it never moves the form
 * under someone who has started typing.
 */
import type { MyArtist } from "@jplay/schema/me";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";
import { brandName } from "@/features/payments";

type SessionCard = NonNullable<MyArtist["savedPayment"]>;

export function UseSavedCard({ card, onUse }: { card: SessionCard; onUse: () => void }) {
  const i18n = useI18n();
  return (
    <div
      role="region"
      aria-label={i18n._("Your saved card")}
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-accent/40 bg-accent-soft p-4"
    >
      <p className="flex-1 font-medium">{i18n._("Your {brand} card ending in {last4} is saved.", { brand: brandName(card.brand, i18n), last4: card.last4 })}</p>
      <Button onClick={onUse}>{i18n._("Use saved card")}</Button>
    </div>
  );
}
