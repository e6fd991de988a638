/**
 * /distribute (spec section 2): the hero, the payment-setup card, the song form and the promo video.
 * The route only composes: the saved payment is the one piece of state the two cards share.
 */
import { useState } from "react";
import { DistributeHero } from "@/features/distribution/components/distribute-hero";
import { DistributionForm } from "@/features/distribution/components/distribution-form";
import { PromoVideo } from "@/features/distribution/components/promo-video";
import { PaymentSetupCard } from "@/features/payments/components/payment-setup-card";
import { PaymentsProvider } from "@/features/payments/payments-provider";
import type { SavedPayment } from "@/features/payments/saved-payment";

export function Component() {
  const [payment, setPayment] = useState<SavedPayment | null>(null);
  return (
    <PaymentsProvider>
      <title>Distribute Your Music – JPlay</title>
      <div className="mx-auto max-w-6xl space-y-8 px-4 pt-6 pb-28 sm:px-6">
        <DistributeHero />
        <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-8">
            <PaymentSetupCard saved={payment} onSavedChange={setPayment} />
            <DistributionForm payment={payment} />
          </div>
          <aside aria-label="Promo video" className="lg:sticky lg:top-24">
            <PromoVideo />
          </aside>
        </div>
      </div>
    </PaymentsProvider>
  );
}
