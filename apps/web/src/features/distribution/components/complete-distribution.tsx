/**
 * The paying half of the offer screen (docs/product.md, Screens; States and flows; Prices and limits): the package choice, Complete
 * Distribution, and every outcome of `complete` — already processed, paid, a card form when the
 * server needs a card (Payment Required) or 3-D Secure on the saved card (Additional Authentication
 * Required), and the decline that leads to the recovery offer after 1.5 s. The client-side pacing
 * rules (attempt-rules.ts) run before any call; the server enforces the same ones.
 */
import { useRef, useState } from "react";
import { useNavigate } from "@/lib/router/location";
import type { CompleteDistributionResponse } from "@jplay/schema/payments";
import { PACKAGES, type FeeOption } from "@jplay/schema/pricing";
import { Button } from "@/components/ui/button";
import { ApiError, hasErrorCode } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useI18n, type Translator } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";
import { slots, withElements } from "@/lib/i18n/with-elements";
import {
  checkAttempt,
  checkOptionSwitch,
  NO_ATTEMPTS,
  recordAttempt,
  recordOptionSwitch,
  secondsText,
  CardPaymentForm,
  type CardPaymentFailure,
  markDistributionSuccess,
  useDelayedNavigate,
} from "@/features/payments";
import { useCompleteDistribution } from "../api/complete-distribution";
import { PackageChoice } from "./package-choice";
import { invalidateSongReads } from "@/features/catalogue";

const TEXT = {
  declined: /*i18n*/ "Payment Declined",
  declinedBody: /*i18n*/ "Your payment could not be completed. We have a special offer for you.",
  required: /*i18n*/ "Payment Required",
  requiredBody: /*i18n*/ "Please enter your card details to complete your distribution.",
  authentication: /*i18n*/ "Additional Authentication Required",
  authenticationBody: /*i18n*/ "Your bank needs you to confirm this payment.",
  successful: /*i18n*/ "Payment Successful",
  successfulBody: /*i18n*/ "Your song is on its way to listeners.",
  already: /*i18n*/ "Already Processed",
  alreadyBody: /*i18n*/ "This song's distribution has already been paid.",
  inProgress: /*i18n*/ "Payment in Progress",
  inProgressBody: /*i18n*/ "Your payment is being processed. Please wait for it to finish.",
  wait: /*i18n*/ "Please Wait",
  optionLocked: /*i18n*/ "Package Recently Changed",
  invalidOption: /*i18n*/ "Invalid option",
  unavailable: /*i18n*/ "Payments Unavailable",
  unavailableBody: /*i18n*/ "Our payment provider is not responding. Please try again in a minute; you will not be charged twice.",
} as const;

/** The card step the server asked for: a new card, or 3-D Secure on the saved one. */
interface PendingPayment {
  mode: "card" | "authenticate";
  clientSecret: string;
  amountText: string;
}

/** docs/product.md, States and flows: the server's amount (dollars), else the package's own fee. */
function amountText(answer: CompleteDistributionResponse, option: FeeOption, i18n: Translator): string {
  const dollars = answer.amount;
  return typeof dollars === "number" && Number.isFinite(dollars) && dollars > 0
    ? formatMoney(Math.round(dollars * 100), i18n.language)
    : formatMoney(PACKAGES[option].feeCents, i18n.language);
}

export function CompleteDistribution({ songId }: { songId: string }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const navigateSoon = useDelayedNavigate();
  const complete = useCompleteDistribution();
  const [option, setOption] = useState<FeeOption>("expedited");
  const [pending, setPending] = useState<PendingPayment | null>(null);
  const [leaving, setLeaving] = useState(false);
  const history = useRef(NO_ATTEMPTS);
  const inFlight = useRef(false);
  /** An attempt the payment provider could not finish (503): the next try resumes it, charging once. */
  const unfinished = useRef<{ requestId: string; option: FeeOption } | null>(null);

  const succeed = () => {
    setLeaving(true);
    markDistributionSuccess(songId);
    invalidateSongReads();
    void navigate("/");
  };

  const decline = (detail?: string) => {
    setLeaving(true);
    toast.error(i18n._(TEXT.declined), detail || i18n._(TEXT.declinedBody));
    navigateSoon(`/payment-recovery/${encodeURIComponent(songId)}/1`);
  };

  function changeOption(next: FeeOption) {
    if (next === option) return;
    const rule = checkOptionSwitch(history.current, Date.now());
    if (!rule.ok) {
      toast.info(i18n._(TEXT.optionLocked), i18n._("You can switch packages again in {wait}.", { wait: secondsText(rule.waitMs, i18n) }));
      return;
    }
    history.current = recordOptionSwitch(history.current, Date.now());
    setOption(next);
    // A card step belongs to the package it was asked for: the new package needs a new attempt.
    setPending(null);
  }

  async function onComplete() {
    if (inFlight.current) {
      toast.info(i18n._(TEXT.inProgress), i18n._(TEXT.inProgressBody));
      return;
    }
    const now = Date.now();
    const rule = checkAttempt(history.current, now);
    if (!rule.ok) {
      toast.info(i18n._(TEXT.wait), i18n._("You can try the payment again in {wait}.", { wait: secondsText(rule.waitMs, i18n) }));
      return;
    }
    history.current = recordAttempt(history.current, now);
    inFlight.current = true;
    const requestId = unfinished.current?.option === option ? unfinished.current.requestId : String(now);
    unfinished.current = null;
    try {
      const answer = await complete.mutateAsync({ songId, feeOption: option, requestId });
      if (answer.alreadyProcessed) {
        toast.info(i18n._(TEXT.already), i18n._(TEXT.alreadyBody));
        return succeed();
      }
      if (answer.requiresPaymentMethod && answer.clientSecret) {
        setPending({ mode: "card", clientSecret: answer.clientSecret, amountText: amountText(answer, option, i18n) });
        toast.info(i18n._(TEXT.required), i18n._(TEXT.requiredBody));
        return;
      }
      if (answer.requiresAction && answer.clientSecret) {
        setPending({ mode: "authenticate", clientSecret: answer.clientSecret, amountText: amountText(answer, option, i18n) });
        toast.info(i18n._(TEXT.authentication), i18n._(TEXT.authenticationBody));
        return;
      }
      succeed();
    } catch (error) {
      if (hasErrorCode(error, "too_many_attempts", "rate_limited")) {
        toast.info(i18n._(TEXT.wait), apiErrorMessage(error, i18n._("Please wait a moment before trying again.")));
      } else if (hasErrorCode(error, "payment_in_progress", "request_reused")) {
        // Another attempt for this song is still running (another tab, a double press): not a decline.
        toast.info(i18n._(TEXT.inProgress), apiErrorMessage(error, i18n._(TEXT.inProgressBody)));
      } else if (hasErrorCode(error, "payments_unavailable", "payments_unconfigured") || (error instanceof ApiError && !error.code && error.status >= 500)) {
        // The provider (or a gateway in front of the Worker, whose page has no code) failed, not the card:
        // no decline, no discount offer. The next press resumes this attempt.
        unfinished.current = { requestId, option };
        toast.error(i18n._(TEXT.unavailable), apiErrorMessage(error, i18n._(TEXT.unavailableBody)));
      } else if (hasErrorCode(error, "bad_request")) {
        toast.error(apiErrorMessage(error, i18n._(TEXT.invalidOption)));
      } else {
        decline(apiErrorMessage(error, i18n._(TEXT.declinedBody)));
      }
    } finally {
      inFlight.current = false;
    }
  }

  const onPaymentFailed = (failure: CardPaymentFailure) => decline(failure.message);
  const onPaid = () => {
    toast.success(i18n._(TEXT.successful), i18n._(TEXT.successfulBody));
    succeed();
  };

  const busy = complete.isPending || leaving;
  return (
    <section aria-labelledby="complete-heading" className="space-y-6 rounded-3xl border border-line bg-surface p-5 sm:p-8">
      <h2 id="complete-heading" className="sr-only">
        {i18n._("Complete your distribution")}
      </h2>
      <PackageChoice value={option} onChange={changeOption} disabled={busy} />
      {pending ? (
        <div className="space-y-4 rounded-2xl border border-line bg-canvas p-5">
          <CardPaymentForm
            key={pending.clientSecret}
            title={pending.mode === "card" ? i18n._("Payment details") : i18n._("Confirm with your bank")}
            focusTitle
            submitLabel={
              pending.mode === "card"
                ? i18n._("Pay {amount}", { amount: pending.amountText })
                : i18n._("Authenticate and Pay {amount}", { amount: pending.amountText })
            }
            savedCardOnly={pending.mode === "authenticate"}
            disabled={leaving}
            pay={(card) => (pending.mode === "card" ? card.confirmPayment(pending.clientSecret) : card.authenticatePayment(pending.clientSecret))}
            onSucceeded={onPaid}
            onFailed={onPaymentFailed}
          >
            <p>{withElements(i18n._("Amount due: {amount}", slots("amount")), { amount: <strong className="text-lg">{pending.amountText}</strong> })}</p>
            {pending.mode === "authenticate" && (
              <p className="text-sm text-muted">{i18n._("Your bank asks you to confirm the payment with the card you saved.")}</p>
            )}
          </CardPaymentForm>
        </div>
      ) : (
        // Not disabled while the request runs: a second press explains that the payment is in progress.
        <Button size="lg" className="w-full sm:w-auto" onClick={() => void onComplete()} disabled={leaving} aria-busy={complete.isPending}>
          {complete.isPending ? i18n._("Processing…") : i18n._("Complete Distribution")}
        </Button>
      )}
    </section>
  );
}
