/**
 * The payment-setup card once a card is saved (docs/product.md, States and flows): the success message with the card's
 * brand and last 4, where payouts go, and a way to use a different card.
 */
import { Button } from "@/components/ui/button";
import { brandName, type SavedPayment } from "../saved-payment";

export function SavedPaymentSummary({ payment, onChange }: { payment: SavedPayment; onChange: () => void }) {
  return (
    <div className="space-y-3">
      <div role="status" className="rounded-xl border border-success/40 bg-success-soft p-4 text-success">
        <p className="font-semibold">Payment method saved successfully</p>
        <p className="mt-1 text-sm text-fg">
          {brandName(payment.brand)} ending in {payment.last4}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          payouts {payment.paymentFrequency === "weekly" ? "every Monday" : "daily"}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          notifications to {payment.phoneNumber}
        </p>
      </div>
      <Button variant="ghost" size="sm" onClick={onChange}>
        Use a different card
      </Button>
    </div>
  );
}
