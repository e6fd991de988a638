/** /subscribe (docs/product.md, Screens): 'Subscribe to' the JPlay Pro plan. */
import { PaymentsProvider } from "@/features/payments/payments-provider";
import { ProSubscription } from "@/features/payments/components/pro-subscription";

export function Component() {
  return (
    <PaymentsProvider>
      <title>Subscribe to JPlay Pro – JPlay</title>
      <div className="mx-auto max-w-5xl space-y-8 px-4 pt-6 pb-28 sm:px-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Subscribe to JPlay Pro</h1>
        <ProSubscription />
      </div>
    </PaymentsProvider>
  );
}
