/**
 * The "Card" section of the artist's page: the saved default card (brand, last 4, expiry) and
 * "Replace card", which opens the same card form as /distribute (3-D Secure runs when the bank asks)
 * confirmed against a SetupIntent the server makes; the server then makes it the default card
 * (docs/decisions/049-card-replaced-from-artist-page.md). Loading, error and empty states are said.
 */
import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useI18n, type Translator } from "@/lib/i18n";
import { type CardPayments, CardDetails, PaymentsProvider } from "@/features/payments";
import { startCardReplacement, useArtistCard, useFinishCardReplacement, type ArtistCard } from "../api/artist-card";

const describe = (card: ArtistCard, i18n: Translator) =>
  i18n._("{brand} ending in {last4}, expires {month}/{year}", {
    brand: card.brand.toUpperCase(),
    last4: card.last4,
    month: String(card.expMonth).padStart(2, "0"),
    year: card.expYear,
  });

function ReplaceCardForm({ token, onDone }: { token: string; onDone: () => void }) {
  const i18n = useI18n();
  const card = useRef<CardPayments>(null);
  const finish = useFinishCardReplacement(token);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cardReady, setCardReady] = useState(false);
  const errorId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!card.current || working) return;
    setWorking(true);
    setError(null);
    const cardFailed = i18n._("The new card could not be saved. Your current card is kept.");
    try {
      const { clientSecret } = await startCardReplacement(token);
      const confirmed = await card.current.confirmSetup(clientSecret);
      if (confirmed.status === "failed") throw new Error(confirmed.message ?? cardFailed);
      const { card: saved } = await finish.mutateAsync(clientSecret.split("_secret_")[0]!);
      toast.success(i18n._("Card replaced"), i18n._("Your card ending in {last4} is now used for your payments.", { last4: saved.last4 }));
      onDone();
    } catch (failure) {
      setError(failure instanceof Error && !("status" in failure) ? failure.message : apiErrorMessage(failure, cardFailed));
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-3" aria-label={i18n._("New card")}>
      <CardDetails ref={card} disabled={working} errorId={errorId} onReadyChange={setCardReady} />
      <p id={errorId} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
        {error}
      </p>
      <div className="flex gap-3">
        <Button type="submit" disabled={working || !cardReady}>
          {working ? i18n._("Saving card…") : i18n._("Save new card")}
        </Button>
        <Button type="button" variant="secondary" disabled={working} onClick={onDone}>
          {i18n._("Cancel")}
        </Button>
      </div>
    </form>
  );
}

export function ArtistCardSection({ token }: { token: string }) {
  const i18n = useI18n();
  const current = useArtistCard(token);
  const [replacing, setReplacing] = useState(false);

  return (
    <section aria-labelledby="artist-card" className="space-y-4">
      <h2 id="artist-card" className="text-2xl font-bold">
        {i18n._("Card")}
      </h2>
      {current.isPending && <Spinner label={i18n._("Loading your card")} />}
      {current.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="flex-1">{i18n._("Your card could not be loaded.")}</p>
          <Button variant="secondary" onClick={() => void current.refetch()}>
            {i18n._("Try again")}
          </Button>
        </div>
      )}
      {current.data && <p>{current.data.card ? describe(current.data.card, i18n) : i18n._("No card saved.")}</p>}
      {current.data?.card &&
        (replacing ? (
          <PaymentsProvider>
            <ReplaceCardForm token={token} onDone={() => setReplacing(false)} />
          </PaymentsProvider>
        ) : (
          <Button variant="secondary" onClick={() => setReplacing(true)}>
            {i18n._("Replace card")}
          </Button>
        ))}
    </section>
  );
}
