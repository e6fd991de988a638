/**
 * Saving the artist's card (docs/product.md, Screens; States and flows; Errors): phone number, payout frequency and card
 * details. A SetupIntent loads on mount and again whenever the frequency changes; the card is
 * confirmed with the provider, then recorded by the API. Every failure says what went wrong.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import * as v from "valibot";
import type { PaymentFrequency } from "@jplay/schema/payments";
import { firstIssue, PhoneNumberSchema } from "@jplay/schema/distribution";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { hasErrorCode } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useHydrated } from "@/lib/use-hydrated";
import { useSetupIntent } from "../api/create-setup-intent";
import { apiErrorMessage } from "@/lib/error-message";
import { useSavePaymentMethod } from "../api/save-payment-method";
import type { CardPayments } from "../card-payments";
import type { SavedPayment } from "../saved-payment";
import { CardDetails } from "./card-details";
import { FeeDisclosure } from "./fee-disclosure";
import { FrequencyField } from "./frequency-field";
import { PaymentChallenge } from "./payment-challenge";

const TEXT = {
  setupFailedTitle: /*i18n*/ "Error creating payment setup",
  setupFailedBody: /*i18n*/ "Please try again or contact support.",
  setupFailedCard: /*i18n*/ "Unable to load payment form. Please try again later.",
  cardFailed: /*i18n*/ "An error occurred while saving your payment method.",
  saveFailed: /*i18n*/ "Failed to save your payment method.",
  unexpected: /*i18n*/ "An unexpected error occurred.",
} as const;

export interface PaymentSetupFormProps {
  initialPhone: string;
  initialFrequency: PaymentFrequency;
  onSaved: (payment: SavedPayment) => void;
}

export function PaymentSetupForm({ initialPhone, initialFrequency, onSaved }: PaymentSetupFormProps) {
  const i18n = useI18n();
  const [phone, setPhone] = useState(initialPhone);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [frequency, setFrequency] = useState<PaymentFrequency>(initialFrequency);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cardReady, setCardReady] = useState(false);
  const setupIntent = useSetupIntent(frequency);
  const save = useSavePaymentMethod();
  const card = useRef<CardPayments>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const errorBox = useRef<HTMLParagraphElement>(null);
  const id = useId();

  // docs/product.md, Errors: a failed setup intent is toasted; the card area says so and offers a retry.
  useEffect(() => {
    if (!setupIntent.isError) return;
    const failure = setupIntent.error;
    // The server's own words when it says why: a limit, a challenge that failed or could not be given.
    const explained = hasErrorCode(failure, "rate_limited", "challenge_failed", "challenge_unavailable");
    const body = i18n._(TEXT.setupFailedBody);
    toast.error(i18n._(TEXT.setupFailedTitle), explained ? apiErrorMessage(failure, body) : body);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- toasted once per failure: switching language does not toast it again
  }, [setupIntent.isError, setupIntent.error]);

  const fail = (message: string) => {
    setError(message);
    // Focus the explanation (the Save button is disabled at this moment, so focus would be lost).
    requestAnimationFrame(() => errorBox.current?.focus());
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    const phoneCheck = v.safeParse(PhoneNumberSchema, phone);
    if (!phoneCheck.success) {
      // The shared rule's message, marked for translation where the rule is written.
      setPhoneError(i18n._(firstIssue(phoneCheck.issues)));
      phoneInput.current?.focus();
      return;
    }
    setPhoneError(null);
    const intent = setupIntent.data;
    if (!intent || setupIntent.isFetching || !card.current) return;

    setWorking(true);
    setError(null);
    try {
      const confirmed = await card.current.confirmSetup(intent.clientSecret);
      if (confirmed.status === "failed") {
        // Canceled after repeated declines (card-testing protection): the next try gets a new intent.
        if (confirmed.intentClosed) void setupIntent.refetch();
        return fail(confirmed.message ?? i18n._(TEXT.cardFailed));
      }

      const input = { customerId: intent.customerId, paymentMethodId: confirmed.paymentMethodId, phoneNumber: phoneCheck.output, paymentFrequency: frequency };
      let saved;
      try {
        saved = await save.mutateAsync(input);
      } catch (failure) {
        void setupIntent.refetch(); // the confirmed intent is used up: the next try needs a fresh one
        return fail(apiErrorMessage(failure, i18n._(TEXT.saveFailed)));
      }
      if ("error" in saved) {
        void setupIntent.refetch();
        return fail(saved.error || i18n._(TEXT.saveFailed));
      }
      // The artist's private page (no sign-up): the Worker keeps its link in an HttpOnly cookie, never in storage.
      onSaved({ customerId: intent.customerId, phoneNumber: phoneCheck.output, paymentFrequency: frequency, brand: saved.brand, last4: saved.last4 });
    } catch {
      fail(i18n._(TEXT.unexpected));
    } finally {
      setWorking(false);
    }
  }

  // Before its read starts (the server's HTML, the first render) the intent is loading too.
  const loadingIntent = setupIntent.isPending || setupIntent.isFetching;
  // /distribute is server-rendered: nothing typed or picked before the app runs may be lost.
  const hydrated = useHydrated();
  const errorId = `${id}-error`;
  const disclosureId = `${id}-disclosure`;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-busy={working || loadingIntent}>
      <Field label={i18n._("Phone number")} hint={i18n._("We text you about payments and payouts.")} error={phoneError}>
        {(control) => (
          <input
            {...control}
            ref={phoneInput}
            type="tel"
            name="phone"
            autoComplete="tel"
            required
            aria-required="true"
            value={phone}
            disabled={working || !hydrated}
            onChange={(event) => {
              setPhone(event.currentTarget.value);
              if (phoneError) setPhoneError(null);
            }}
            placeholder="(555) 123-4567"
            className={inputClass(Boolean(phoneError))}
          />
        )}
      </Field>

      <FrequencyField value={frequency} onChange={setFrequency} disabled={working || !hydrated} />

      {setupIntent.isError && !loadingIntent ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-line p-4">
          <p className="flex-1">{i18n._(TEXT.setupFailedCard)}</p>
          <Button variant="secondary" onClick={() => void setupIntent.refetch()}>
            {i18n._("Try again")}
          </Button>
        </div>
      ) : (
        <>
          <CardDetails ref={card} disabled={working} errorId={errorId} onReadyChange={setCardReady} />
          {loadingIntent && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted">
              <span aria-hidden="true" className="size-4 rounded-full border-2 border-line border-t-accent motion-safe:animate-spin" />
              {i18n._("Preparing secure payment setup…")}
            </p>
          )}
          <PaymentChallenge />
          <FeeDisclosure frequency={frequency} id={disclosureId} />
          {error && (
            <p ref={errorBox} id={errorId} role="alert" tabIndex={-1} className="rounded-xl border border-red-500/60 bg-red-500/10 p-3 text-sm font-medium">
              {error}
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            className="w-full sm:w-auto"
            disabled={working || loadingIntent || !setupIntent.data || !cardReady}
            aria-describedby={disclosureId}
          >
            {working ? i18n._("Saving…") : i18n._("Save Payment Method")}
          </Button>
        </>
      )}
    </form>
  );
}
