// Which requests the service worker may keep: the shell, Home's catalogue, covers, saved audio, and
// never an admin, artist, account or payment call.
import { describe, expect, it } from "vitest";
import { cacheRuleFor } from "./cache-rules";

const origin = "https://jplay.example";
const get = (path: string, mode = "cors") => cacheRuleFor({ url: `${origin}${path}`, method: "GET", mode }, origin);

describe("cacheRuleFor", () => {
  it("keeps the app shell: pages, the hashed build and the shell's public files", () => {
    expect(get("/", "navigate")).toBe("page");
    expect(get("/distribute", "navigate")).toBe("page");
    expect(get("/assets/index-CkN7jMNL.js", "no-cors")).toBe("shell-file");
    expect(get("/assets/index-Wu9yJcmY.css", "no-cors")).toBe("shell-file");
    expect(get("/theme-init.js", "no-cors")).toBe("shell-file");
    expect(get("/manifest.webmanifest")).toBe("shell-file");
  });

  it("keeps Home's catalogue lists, covers and audio, in any listener scope", () => {
    expect(get("/api/songs/popular")).toBe("catalogue");
    expect(get("/api/songs/recent?facility=abc")).toBe("catalogue");
    expect(get("/api/songs/featured?catalogue=clean")).toBe("catalogue");
    expect(get("/api/songs/s1/cover", "no-cors")).toBe("cover");
    expect(get("/api/songs/s1/audio?facility=abc", "no-cors")).toBe("audio");
  });

  it.each([
    "/api/admin/session",
    "/api/admin/songs",
    "/api/admin/payments",
    "/api/artist/t0ken",
    "/api/artist-card",
    "/api/me",
    "/api/me/songs",
    "/api/distribute",
    "/api/distribute/s1/complete",
    "/api/distribute/s1/recovery",
    "/api/create-setup-intent",
    "/api/checkout",
    "/api/subscription",
    "/api/webhooks/stripe",
    "/api/stripe-sandbox/v1/payment_intents",
    "/api/songs/s1",
    "/api/provider/releases",
    "/sw.js",
  ])("never keeps %s", (path) => {
    expect(get(path)).toBeNull();
    expect(get(path, "navigate")).toBe(path.startsWith("/api/") ? null : "page");
  });

  it("never keeps a write, nor another site's answer", () => {
    expect(cacheRuleFor({ url: `${origin}/api/songs/popular`, method: "POST", mode: "cors" }, origin)).toBeNull();
    expect(cacheRuleFor({ url: `${origin}/`, method: "POST", mode: "navigate" }, origin)).toBeNull();
    expect(cacheRuleFor({ url: "https://js.stripe.com/v3/", method: "GET", mode: "no-cors" }, origin)).toBeNull();
  });
});
