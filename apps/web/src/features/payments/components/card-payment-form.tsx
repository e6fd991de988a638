/**
 * A card payment step for any screen that charges (offer, recovery, checkout, Pro): the card
 * details from PaymentsProvider's provider and one pay button. The owner says how to pay (`pay`
 * gets the CardPayments handle) and what a verdict means; input the form refused before reaching
 * the provider (an incomplete number, …) stays here as an inline error, never as a decline.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";
import type { CardPayments, CardResult } from "../card-payments";
import { CardDetails } from "./card-details";

export interface CardPaymentFailure {
  /** The provider's words, when it gave any. */
  message?: string;
  /** Set when paying threw (network, server) instead of the provider answering. */
  exception?: unknown;
}

export interface CardPaymentFormProps {
  /** The step's heading. */
  title: string;
  /** Moves focus to the heading on mount: for a step that appears after an answer, so it is announced. */
  focusTitle?: boolean;
  submitLabel: string;
  /** Shown above the card details. */
  children?: ReactNode;
  /** Pay with the saved card (3-D Secure for a charge the server made): no card inputs. */
  savedCardOnly?: boolean;
  /** Keeps the form locked, e.g. while the owner moves on after a verdict. */
  disabled?: boolean;
  pay: (card: CardPayments) => Promise<CardResult>;
  onSucceeded: () => void;
  onFailed: (failure: CardPaymentFailure) => void;
}

export function CardPaymentForm({ title, focusTitle, submitLabel, children, savedCardOnly, disabled, pay, onSucceeded, onFailed }: CardPaymentFormProps) {
  const i18n = useI18n();
  const card = useRef<CardPayments>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  const [working, setWorking] = useState(false);
  const [inputError, setInputError] = useState<string | null>(null);
  const [cardReady, setCardReady] = useState(false);
  const errorId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (working || disabled || !card.current) return;
    setWorking(true);
    setInputError(null);
    let result: CardResult;
    try {
      result = await pay(card.current);
    } catch (exception) {
      setWorking(false);
      onFailed({ exception });
      return;
    }
    setWorking(false);
    if (result.status === "succeeded") return onSucceeded();
    if (result.incomplete) return setInputError(result.message ?? i18n._("Please check your card details."));
    onFailed(result.message ? { message: result.message } : {});
  }

  const locked = working || Boolean(disabled);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={working} aria-label={title} className="space-y-4">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-bold">
        {title}
      </h3>
      {children}
      <CardDetails ref={card} disabled={locked} errorId={errorId} savedCardOnly={savedCardOnly} onReadyChange={setCardReady} />
      {inputError && (
        <p id={errorId} role="alert" className="rounded-xl border border-red-500/60 bg-red-500/10 p-3 text-sm font-medium">
          {inputError}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={locked || !cardReady}>
        {working ? i18n._("Processing…") : submitLabel}
      </Button>
    </form>
  );
}
