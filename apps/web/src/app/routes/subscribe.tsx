/** /subscribe (docs/product.md, Screens): 'Subscribe to' the JPlay Pro plan. */
import { useI18n } from "@/lib/i18n";
import { PaymentsProvider } from "@/features/payments/payments-provider";
import { ProSubscription } from "@/features/payments/components/pro-subscription";
import { QueryScreen } from "@/lib/query";

function Screen() {
  const i18n = useI18n();
  const heading = i18n._("Subscribe to JPlay Pro");
  return (
    <PaymentsProvider>
      <title>{`${heading} – JPlay`}</title>
      <div className="mx-auto max-w-5xl space-y-8 px-4 pt-6 pb-28 sm:px-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{heading}</h1>
        <ProSubscription />
      </div>
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
