/** /checkout (docs/product.md, Screens): the one-off $99.00 distribution fee. */
import { PageShell } from "@/components/page-shell";
import { useI18n } from "@/lib/i18n";
import { OneOffPayment } from "@/features/payments/components/one-off-payment";
import { PaymentsProvider } from "@/features/payments/payments-provider";
import { QueryScreen } from "@/lib/query";

function Screen() {
  const i18n = useI18n();
  return (
    <PaymentsProvider>
      <PageShell title={i18n._("Distribution Fee Payment")} subtitle={i18n._("Pay once to send your song to listeners.")}>
        <OneOffPayment />
      </PageShell>
    </PaymentsProvider>
  );
}

/** The screen with TanStack Query (lib/query.tsx). */
export function Component() {
  return (
    <QueryScreen>
      <Screen />
    </QueryScreen>
  );
}
