/**
 * The card form with a real publishable key: Stripe Elements' CardElement, in its own chunk so that
 * Stripe.js is fetched (via the `pure` entry, which does not inject the script on import) only when
 * this form mounts. confirmCardSetup/confirmCardPayment run 3-D Secure in Stripe's own modal.
 */
import { useEffect, useId, useImperativeHandle, useState } from "react";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { Spinner } from "@/components/ui/spinner";
import { useI18n, type Translator } from "@/lib/i18n";
import { isIntentClosedCode, resultFromIntent, type CardPayments, type CardResult } from "../card-payments";
import type { CardFormProps } from "./sandbox-card-form";

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per key for the page's lifetime; a failed download resolves to null. */
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

const notReady = (i18n: Translator): CardResult => ({ status: "failed", message: i18n._("The card form is still loading. Please try again in a moment.") });

/** Stripe.js's error as a CardResult; a validation_error never reached the bank. */
function failure(error: { type?: string; code?: string | undefined; message?: string | undefined }): CardResult {
  return {
    status: "failed",
    ...(error.message ? { message: error.message } : {}),
    ...(error.type === "validation_error" ? { incomplete: true as const } : {}),
    ...(isIntentClosedCode(error.code) ? { intentClosed: true as const } : {}),
  };
}

function cssVar(name: string, fallback: string) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function StripeCardInput({ ref, disabled, savedCardOnly, onReadyChange }: CardFormProps) {
  const i18n = useI18n();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const labelId = useId();
  // Confirmable once Stripe.js has loaded and the element has mounted.
  const confirmable = ready && Boolean(stripe && elements);
  useEffect(() => {
    onReadyChange?.(confirmable);
    return () => onReadyChange?.(false);
  }, [onReadyChange, confirmable]);

  useImperativeHandle(
    ref,
    (): CardPayments => ({
      async confirmSetup(clientSecret) {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return notReady(i18n);
        const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        if (error) return failure(error);
        return resultFromIntent(i18n, "Stripe", setupIntent.status, setupIntent.payment_method, setupIntent.last_setup_error);
      },
      async confirmPayment(clientSecret, options) {
        const card = elements?.getElement(CardElement);
        if (!stripe || (!options?.paymentMethodId && !card)) return notReady(i18n);
        const { paymentIntent, error } = await stripe.confirmCardPayment(clientSecret, {
          payment_method: options?.paymentMethodId ?? { card: card! },
        });
        if (error) return failure(error);
        return resultFromIntent(i18n, "Stripe", paymentIntent.status, paymentIntent.payment_method, paymentIntent.last_payment_error);
      },
      async authenticatePayment(clientSecret) {
        if (!stripe) return notReady(i18n);
        // Runs the bank's challenge for an intent the server confirmed with the saved card.
        const { paymentIntent, error } = await stripe.handleNextAction({ clientSecret });
        if (error) return failure(error);
        if (!paymentIntent) return { status: "failed" };
        return resultFromIntent(i18n, "Stripe", paymentIntent.status, paymentIntent.payment_method, paymentIntent.last_payment_error);
      },
    }),
    [stripe, elements, i18n],
  );

  return (
    <div className={savedCardOnly ? "hidden" : "space-y-1.5"}>
      <span id={labelId} className="block text-sm font-semibold">
        {i18n._("Card details")}
      </span>
      {!ready && <Spinner label={i18n._("Loading secure card form")} className="py-3" />}
      <div role="group" aria-labelledby={labelId} className="rounded-xl border border-line bg-canvas px-3 py-3.5">
        <CardElement
          onReady={() => setReady(true)}
          options={{
            disabled: Boolean(disabled),
            hidePostalCode: true,
            style: {
              base: { color: cssVar("--fg", "#f4f4f7"), fontSize: "16px", "::placeholder": { color: cssVar("--muted", "#a9a8ba") } },
              invalid: { color: "#ef4444" },
            },
          }}
        />
      </div>
    </div>
  );
}

export default function StripeCardElement({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  const i18n = useI18n();
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => {
      if (current && !loaded) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [stripe]);
  if (failed) {
    return <p role="alert">{i18n._("Unable to load payment form. Please try again later.")}</p>;
  }
  return (
    // Stripe writes its own texts (placeholders, card errors, declines) in the screen's language.
    <Elements stripe={stripe} options={{ locale: i18n.language === "es" ? "es-419" : "en" }}>
      <StripeCardInput {...props} />
    </Elements>
  );
}
