/**
 * The "Card" section of the artist's page: the saved default card (brand, last 4, expiry) and
 * "Replace card", which opens the same card form as /distribute (3-D Secure runs when the bank asks)
 * confirmed against a SetupIntent the server makes; the server then makes it the default card
 * (docs/decisions/027-mp3-checked-whole-and-card-replaced.md). Loading, error and empty states are said.
 */
import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { type CardPayments, CardDetails, PaymentsProvider } from "@/features/payments";
import { startCardReplacement, useArtistCard, useFinishCardReplacement, type ArtistCard } from "../api/artist-card";

const CARD_FAILED = "The new card could not be saved. Your current card is kept.";

const describe = (card: ArtistCard) => `${card.brand.toUpperCase()} ending in ${card.last4}, expires ${String(card.expMonth).padStart(2, "0")}/${card.expYear}`;

function ReplaceCardForm({ token, onDone }: { token: string; onDone: () => void }) {
  const card = useRef<CardPayments>(null);
  const finish = useFinishCardReplacement(token);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!card.current || working) return;
    setWorking(true);
    setError(null);
    try {
      const { clientSecret } = await startCardReplacement(token);
      const confirmed = await card.current.confirmSetup(clientSecret);
      if (confirmed.status === "failed") throw new Error(confirmed.message ?? CARD_FAILED);
      const { card: saved } = await finish.mutateAsync(clientSecret.split("_secret_")[0]!);
      toast.success("Card replaced", `Your card ending in ${saved.last4} is now used for your payments.`);
      onDone();
    } catch (failure) {
      setError(failure instanceof Error && !("status" in failure) ? failure.message : apiErrorMessage(failure, CARD_FAILED));
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-3" aria-label="New card">
      <CardDetails ref={card} disabled={working} errorId={errorId} />
      <p id={errorId} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
        {error}
      </p>
      <div className="flex gap-3">
        <Button type="submit" disabled={working}>
          {working ? "Saving card…" : "Save new card"}
        </Button>
        <Button type="button" variant="secondary" disabled={working} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function ArtistCardSection({ token }: { token: string }) {
  const current = useArtistCard(token);
  const [replacing, setReplacing] = useState(false);

  return (
    <section aria-labelledby="artist-card" className="space-y-4">
      <h2 id="artist-card" className="text-2xl font-bold">
        Card
      </h2>
      {current.isPending && <Spinner label="Loading your card" />}
      {current.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="flex-1">Your card could not be loaded.</p>
          <Button variant="secondary" onClick={() => void current.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {current.data && <p>{current.data.card ? describe(current.data.card) : "No card saved."}</p>}
      {current.data?.card &&
        (replacing ? (
          <PaymentsProvider>
            <ReplaceCardForm token={token} onDone={() => setReplacing(false)} />
          </PaymentsProvider>
        ) : (
          <Button variant="secondary" onClick={() => setReplacing(true)}>
            Replace card
          </Button>
        ))}
    </section>
  );
}
