/**
 * An artist's HTTP client for benchmarks against a running server: a cookie jar, JSON and form posts,
 * and the card set-up through the Stripe sandbox Worker (as workers/api/test/support.ts does
 * inside workerd), so uploads are accepted.
 */
export class ArtistClient {
  private cookies = new Map<string, string>();

  readonly baseURL: string;

  constructor(baseURL: string) {
    this.baseURL = baseURL;
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("Origin", this.baseURL); // same-origin POSTs, as the SPA sends them
    if (this.cookies.size > 0) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(`${this.baseURL}${path}`, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      this.cookies.set(name!.trim(), value.join("="));
    }
    return response;
  }

  /** The cookies the server set, as a browser would hold them. */
  cookieList(): Array<{ name: string; value: string }> {
    return [...this.cookies].map(([name, value]) => ({ name, value }));
  }

  postJson(path: string, body: unknown): Promise<Response> {
    return this.fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  }

  /**
   * Saves a sandbox test card for this artist (create-setup-intent, the sandbox's confirm with the
   * publishable key as the card form sends it, save-payment-method). A card that asks for 3-D Secure at
   * setup cannot be saved this way.
   */
  async saveCard(
    phoneNumber: string,
    { card = "4242424242424242", paymentFrequency = "weekly" }: { card?: string; paymentFrequency?: "daily" | "weekly" } = {},
  ): Promise<{ customerId: string; paymentMethodId: string; artistPageUrl: string | null }> {
    const setup = await (await this.postJson("/api/create-setup-intent", { paymentFrequency })).json<{ clientSecret: string; customerId: string }>();
    const intentId = setup.clientSecret.split("_secret_")[0]!;
    const confirmed = await (
      await this.fetch(`/api/stripe-sandbox/v1/setup_intents/${intentId}/confirm`, {
        method: "POST",
        headers: { Authorization: "Bearer pk_test_jplay_sandbox", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          client_secret: setup.clientSecret,
          "payment_method_data[type]": "card",
          "payment_method_data[card][number]": card.replace(/\s/g, ""),
          "payment_method_data[card][exp_month]": "12",
          "payment_method_data[card][exp_year]": String(new Date().getFullYear() + 3),
          "payment_method_data[card][cvc]": "123",
        }).toString(),
      })
    ).json<{ status: string; payment_method: string }>();
    if (confirmed.status !== "succeeded") throw new Error(`the card's setup is ${confirmed.status}: a card that asks for 3-D Secure is saved through the form`);
    const saved = await this.postJson("/api/save-payment-method", {
      customerId: setup.customerId,
      paymentMethodId: confirmed.payment_method,
      phoneNumber,
      paymentFrequency,
    });
    if (!saved.ok) throw new Error(`save-payment-method: ${saved.status} ${await saved.text()}`);
    const { artistPageUrl } = await saved.json<{ artistPageUrl?: string }>();
    return { customerId: setup.customerId, paymentMethodId: confirmed.payment_method, artistPageUrl: artistPageUrl ?? null };
  }
}

/** A valid MP3 of `size` bytes (whole silent frames), as the upload's frame walk requires. */
export { mp3Bytes } from "../../workers/api/test/mp3-files.ts";
