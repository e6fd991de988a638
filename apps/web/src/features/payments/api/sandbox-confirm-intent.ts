/**
 * `POST /v1/{setup|payment}_intents/{id}/confirm` on the Stripe sandbox, with the typed card or a
 * saved payment method. Answers the updated intent; declines throw SandboxCardError.
 */
import { intentIdFromSecret, sandboxPost, type IntentKind, type SandboxIntent } from "./sandbox-request";

export interface CardNumbers {
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

export function sandboxConfirmIntent(kind: IntentKind, clientSecret: string, method: CardNumbers | string): Promise<SandboxIntent> {
  const params: Record<string, string> = { client_secret: clientSecret };
  if (typeof method === "string") {
    params.payment_method = method;
  } else {
    params["payment_method_data[type]"] = "card";
    params["payment_method_data[card][number]"] = method.number;
    params["payment_method_data[card][exp_month]"] = String(method.expMonth);
    params["payment_method_data[card][exp_year]"] = String(method.expYear);
    params["payment_method_data[card][cvc]"] = method.cvc;
  }
  return sandboxPost(`/v1/${kind}/${encodeURIComponent(intentIdFromSecret(clientSecret))}/confirm`, params);
}
