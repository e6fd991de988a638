/**
 * The card form used with the local Stripe sandbox (no publishable key configured): Card number,
 * Expiry and CVC inputs that confirm intents against the sandbox's REST API, with the 3-D Secure
 * dialog when the sandbox answers requires_action. Exposes the CardPayments interface via `ref`.
 */
import { useEffect, useId, useImperativeHandle, useRef, useState, type ChangeEvent, type Ref } from "react";
import { inputClass } from "@/components/ui/field";
import { useI18n } from "@/lib/i18n";
import type { AuthenticationOutcome } from "../api/sandbox-authenticate-intent";
import { sandboxAuthenticateIntent } from "../api/sandbox-authenticate-intent";
import { sandboxConfirmIntent, type CardNumbers } from "../api/sandbox-confirm-intent";
import { SandboxCardError, type IntentKind } from "../api/sandbox-request";
import { isIntentClosedCode, resultFromIntent, type CardPayments, type CardResult } from "../card-payments";
import { checkCard, digitsOf, formatCardNumber, formatExpiry, type CardField } from "../sandbox-card-input";
import { AuthenticationDialog } from "./authentication-dialog";

export interface CardFormProps {
  ref?: Ref<CardPayments>;
  disabled?: boolean;
  /** Id of the element where the owner shows card problems, announced with the inputs. */
  errorId?: string;
  /** Only the saved card is used (3-D Secure for a charge the server made): no inputs are shown. */
  savedCardOnly?: boolean;
  /**
   * Told true once the card can be confirmed and false when it no longer can, so the owner keeps its
   * submit button disabled meanwhile: a tap on a live button must never be dropped. Pass a state setter.
   */
  onReadyChange?: (ready: boolean) => void;
}

/** Stripe error codes that point at one input. */
const fieldOfCode: Record<string, CardField> = {
  incorrect_number: "number",
  invalid_number: "number",
  invalid_expiry_month: "expiry",
  invalid_expiry_year: "expiry",
  expired_card: "expiry",
  incorrect_cvc: "cvc",
  invalid_cvc: "cvc",
};

export function SandboxCardForm({ ref, disabled, errorId, savedCardOnly, onReadyChange }: CardFormProps) {
  const i18n = useI18n();
  const [values, setValues] = useState<Record<CardField, string>>({ number: "", expiry: "", cvc: "" });
  const [invalid, setInvalid] = useState<CardField | null>(null);
  const [challenge, setChallenge] = useState<((outcome: AuthenticationOutcome) => void) | null>(null);
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const id = useId();

  const markInvalid = (field: CardField | null) => {
    setInvalid(field);
    if (field) inputs.current[field]?.focus();
  };

  const askBank = () =>
    new Promise<AuthenticationOutcome>((resolve) => {
      setChallenge(() => (outcome: AuthenticationOutcome) => {
        setChallenge(null);
        resolve(outcome);
      });
    });

  async function confirm(kind: IntentKind, clientSecret: string, savedMethod?: string): Promise<CardResult> {
    let method: CardNumbers | string;
    if (savedMethod) {
      method = savedMethod;
    } else {
      const check = checkCard(values, i18n);
      if (!check.ok) {
        markInvalid(check.field);
        return { status: "failed", message: check.message, incomplete: true };
      }
      method = check.card;
    }
    setInvalid(null);
    try {
      let intent = await sandboxConfirmIntent(kind, clientSecret, method);
      if (intent.status === "requires_action") {
        intent = await sandboxAuthenticateIntent(kind, clientSecret, await askBank());
      }
      const lastError = kind === "setup_intents" ? intent.last_setup_error : intent.last_payment_error;
      return resultFromIntent(i18n, "Stripe", intent.status, intent.payment_method, lastError);
    } catch (error) {
      if (!(error instanceof SandboxCardError)) throw error;
      markInvalid((error.code && fieldOfCode[error.code]) || null);
      return { status: "failed", message: error.message, ...(isIntentClosedCode(error.code) ? { intentClosed: true as const } : {}) };
    }
  }

  /** The server confirmed the intent with the saved card: only the bank's challenge is left. */
  async function authenticate(clientSecret: string): Promise<CardResult> {
    try {
      const intent = await sandboxAuthenticateIntent("payment_intents", clientSecret, await askBank());
      return resultFromIntent(i18n, "Stripe", intent.status, intent.payment_method, intent.last_payment_error);
    } catch (error) {
      if (!(error instanceof SandboxCardError)) throw error;
      return { status: "failed", message: error.message };
    }
  }

  // The sandbox form confirms as soon as it is on screen.
  useEffect(() => {
    onReadyChange?.(true);
    return () => onReadyChange?.(false);
  }, [onReadyChange]);

  useImperativeHandle(ref, () => ({
    confirmSetup: (clientSecret) => confirm("setup_intents", clientSecret),
    confirmPayment: (clientSecret, options) => confirm("payment_intents", clientSecret, options?.paymentMethodId),
    authenticatePayment: authenticate,
  }));

  const input = (field: CardField) => ({
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    value: values[field],
    disabled,
    inputMode: "numeric" as const,
    "aria-invalid": invalid === field,
    "aria-describedby": invalid === field ? errorId : undefined,
    className: inputClass(invalid === field, "font-mono tracking-wide"),
  });

  const update = (field: CardField, format: (text: string) => string) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = format(event.currentTarget.value);
    setValues((current) => ({ ...current, [field]: value }));
    if (invalid === field) setInvalid(null);
  };

  const dialog = <AuthenticationDialog open={challenge !== null} onOutcome={(outcome) => challenge?.(outcome)} />;
  if (savedCardOnly) return dialog;

  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-number`} className="block text-sm font-semibold">
          {i18n._("Card number")}
        </label>
        <input
          id={`${id}-number`}
          name="cardnumber"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          onChange={update("number", formatCardNumber)}
          {...input("number")}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-expiry`} className="block text-sm font-semibold">
            {i18n._("Expiry")}
          </label>
          <input
            id={`${id}-expiry`}
            name="exp-date"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            onChange={update("expiry", formatExpiry)}
            {...input("expiry")}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-cvc`} className="block text-sm font-semibold">
            {i18n._("CVC")}
          </label>
          <input id={`${id}-cvc`} name="cvc" autoComplete="cc-csc" placeholder="123" onChange={update("cvc", (text) => digitsOf(text, 4))} {...input("cvc")} />
        </div>
      </div>
      <p className="text-xs text-muted">{i18n._("Test sandbox: no real card is charged. Try 4242 4242 4242 4242 with any future expiry and any CVC.")}</p>
      {dialog}
    </div>
  );
}
