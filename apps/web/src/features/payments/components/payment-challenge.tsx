/**
 * The Turnstile challenge of the payment form (docs/decisions/084): shown while a payment-setup call
 * waits for a token (challenge-requests.ts), with the server's reason. The widget is
 * `@marsidev/react-turnstile`; where payments go to the local Stripe sandbox its script is the
 * Turnstile stand-in's, served through the same origin (workers/stripe-sandbox/src/http/turnstile.ts),
 * so development and the browser tests reach no network.
 */
import { useEffect, useSyncExternalStore } from "react";
import { Turnstile } from "@marsidev/react-turnstile";
import { SANDBOX_API_BASE } from "@jplay/schema/payments";
import { usePublicConfig } from "../api/get-public-config";
import { currentChallenge, subscribeToChallenges } from "../challenge-requests";

const STAND_IN_SCRIPT_ID = "turnstile-stand-in-script";
const STAND_IN_SCRIPT = `${SANDBOX_API_BASE}/turnstile/v0/api.js?render=explicit`;

/** Adds the stand-in's widget script once; the package then finds `window.turnstile` it defines. */
function loadStandInScript() {
  if (document.getElementById(STAND_IN_SCRIPT_ID)) return;
  const script = document.createElement("script");
  script.id = STAND_IN_SCRIPT_ID;
  script.src = STAND_IN_SCRIPT;
  script.async = true;
  document.head.append(script);
}

export function PaymentChallenge() {
  const request = useSyncExternalStore(subscribeToChallenges, currentChallenge, () => null);
  const config = usePublicConfig();
  const standIn = config.data?.payments.mode === "sandbox";
  useEffect(() => {
    if (request && standIn) loadStandInScript();
  }, [request, standIn]);
  if (!request || !config.data) return null;
  return (
    <div role="group" aria-labelledby={`challenge-${request.id}`} className="space-y-3 rounded-xl border border-line p-4">
      <p id={`challenge-${request.id}`} className="text-sm">
        {request.message}
      </p>
      <Turnstile
        key={request.id}
        siteKey={request.siteKey}
        injectScript={!standIn}
        {...(standIn ? { scriptOptions: { id: STAND_IN_SCRIPT_ID } } : {})}
        options={{ action: "payment-setup" }}
        onSuccess={(token) => request.solve(token)}
      />
    </div>
  );
}
