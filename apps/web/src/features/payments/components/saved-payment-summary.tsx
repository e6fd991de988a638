/**
 * The payment-setup card once a card is saved (docs/product.md, States and flows): the success message with the card's
 * brand and last 4, where payouts go, and a way to use a different card.
 */
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";
import { brandName, type SavedPayment } from "../saved-payment";

export function SavedPaymentSummary({ payment, onChange }: { payment: SavedPayment; onChange: () => void }) {
  const i18n = useI18n();
  return (
    <div className="space-y-3">
      <div role="status" className="rounded-xl border border-success/40 bg-success-soft p-4 text-success">
        <p className="font-semibold">{i18n._("Payment method saved successfully")}</p>
        <p className="mt-1 text-sm text-fg">
          {i18n._("{brand} ending in {last4}", { brand: brandName(payment.brand, i18n), last4: payment.last4 })}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {payment.paymentFrequency === "weekly" ? i18n._("payouts every Monday") : i18n._("payouts daily")}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {i18n._("notifications to {phone}", { phone: payment.phoneNumber })}
        </p>
      </div>
      <Button variant="ghost" size="sm" onClick={onChange}>
        {i18n._("Use a different card")}
      </Button>
    </div>
  );
}
