/**
 * Card details for any screen that takes a card: the provider chosen by PaymentsProvider decides
 * whether the artist types into the sandbox form or Stripe Elements. Either way the owner gets the
 * same CardPayments handle through `ref`.
 */
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/lib/i18n";
import { usePayments } from "../payments-context";
import { SandboxCardForm, type CardFormProps } from "./sandbox-card-form";

const StripeCardElement = lazy(() => import("./stripe-card-element"));

export function CardDetails(props: CardFormProps) {
  const i18n = useI18n();
  const payments = usePayments();
  if (payments.status === "loading") return <Spinner label={i18n._("Loading payment form")} className="py-4" />;
  if (payments.status === "error") {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="flex-1">{i18n._("Unable to load payment form. Please try again later.")}</p>
        <Button variant="secondary" onClick={payments.retry}>
          {i18n._("Try again")}
        </Button>
      </div>
    );
  }
  if (payments.config.mode === "sandbox") return <SandboxCardForm {...props} />;
  return (
    <Suspense fallback={<Spinner label={i18n._("Loading secure card form")} className="py-4" />}>
      <StripeCardElement publishableKey={payments.config.publishableKey} {...props} />
    </Suspense>
  );
}
