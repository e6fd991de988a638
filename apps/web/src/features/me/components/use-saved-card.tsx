/**
 * On /distribute, for an artist whose browser session already holds their saved card: one button
 * takes that card for the new song, so a returning artist does not type their card again
 * (docs/decisions/028-artist-journey.md). Offered, not swapped in, so it never moves the form
 * under someone who has started typing.
 */
import type { MyArtist } from "@jplay/schema/me";
import { Button } from "@/components/ui/button";
import { brandName } from "@/features/payments";

type SessionCard = NonNullable<MyArtist["savedPayment"]>;

export function UseSavedCard({ card, onUse }: { card: SessionCard; onUse: () => void }) {
  return (
    <div role="region" aria-label="Your saved card" className="flex flex-wrap items-center gap-3 rounded-2xl border border-accent/40 bg-accent-soft p-4">
      <p className="flex-1 font-medium">{`Your ${brandName(card.brand)} card ending in ${card.last4} is saved.`}</p>
      <Button onClick={onUse}>Use saved card</Button>
    </div>
  );
}
