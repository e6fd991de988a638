/**
 * The first card of /distribute (docs/product.md, Screens): payment setup. Shows the setup form until a card is
 * saved, then the saved card; "Use a different card" starts over with a fresh setup intent.
 */
import { useState } from "react";
import type { PaymentFrequency } from "@jplay/schema/payments";
import { useI18n } from "@/lib/i18n";
import type { SavedPayment } from "../saved-payment";
import { PaymentSetupForm } from "./payment-setup-form";
import { SavedPaymentSummary } from "./saved-payment-summary";

export interface PaymentSetupCardProps {
  saved: SavedPayment | null;
  onSavedChange: (payment: SavedPayment | null) => void;
}

export function PaymentSetupCard({ saved, onSavedChange }: PaymentSetupCardProps) {
  const i18n = useI18n();
  // Kept across "Use a different card", so the artist does not type them again.
  const [last, setLast] = useState<{ phone: string; frequency: PaymentFrequency }>({ phone: "", frequency: "daily" });

  return (
    <section aria-labelledby="payment-setup-heading" className="space-y-5 rounded-3xl border border-line bg-surface p-5 sm:p-8">
      <div className="space-y-1">
        <h2 id="payment-setup-heading" className="text-xl font-bold">
          <span className="text-accent">1.</span> {i18n._("Payment setup")}
        </h2>
        <p className="text-sm text-muted">{i18n._("Save a card for the distribution fee and your payouts. No account needed.")}</p>
      </div>
      {saved ? (
        <SavedPaymentSummary
          payment={saved}
          onChange={() => {
            setLast({ phone: saved.phoneNumber, frequency: saved.paymentFrequency });
            onSavedChange(null);
          }}
        />
      ) : (
        <PaymentSetupForm initialPhone={last.phone} initialFrequency={last.frequency} onSaved={onSavedChange} />
      )}
    </section>
  );
}
