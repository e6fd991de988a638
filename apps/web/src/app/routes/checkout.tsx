/** /checkout (docs/product.md, Screens): the one-off $99.00 distribution fee. */
import { PageShell } from "@/components/page-shell";
import { OneOffPayment } from "@/features/payments/components/one-off-payment";
import { PaymentsProvider } from "@/features/payments/payments-provider";

export function Component() {
  return (
    <PaymentsProvider>
      <PageShell title="Distribution Fee Payment" subtitle="Pay once to send your song to listeners.">
        <OneOffPayment />
      </PageShell>
    </PaymentsProvider>
  );
}
