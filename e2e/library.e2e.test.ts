/// <reference lib="dom" />
/**
 * The tablet's Library in a real browser: the provider opens JPlay with a signed listener token, the
 * header's Library link then shows that listener's purchases, and one plays. The token is all the
 * browser keeps about the listener, and it leaves the address once kept. Without a token the Library
 * says where bought songs open from, beside the songs saved for later on the tablet.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { newPage } from "./support/browser";
import { providerPost } from "./support/provider";
import { sharedServer } from "./support/shared-server";

// The slot's shared server: it holds a provider secret (support/global-setup.ts), and each listener
// here is new, so what another file bought is never in this one's Library.
const server = sharedServer();
const { providerSecret } = server;

/** A purchase reported as the provider reports it, naming its listener. */
async function reportListenerPurchase(songId: string, listenerId: string) {
  const purchases = [
    { purchaseId: `e2e-${randomBytes(6).toString("hex")}`, songId, priceCents: 199, purchasedAt: new Date().toISOString(), listenerId, deviceId: "tablet-e2e" },
  ];
  const response = await providerPost(server.baseURL, providerSecret, "/api/provider/purchases", { purchases });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ recorded: 1, results: [{ status: "recorded", receipt: expect.any(String) }] });
}

/** The token the provider opens the tablet with: JPlay answers it when the provider opens a listener session. */
async function listenerToken(listenerId: string): Promise<string> {
  const response = await providerPost(server.baseURL, providerSecret, `/api/provider/listeners/${listenerId}/sessions`, { expiresInSeconds: 3600 });
  expect(response.status).toBe(201);
  return (await response.json<{ token: string }>()).token;
}

describe("the tablet's Library", () => {
  test("opened with a signed listener token, Library shows that listener's purchases and plays one", async () => {
    const songs = await (await fetch(`${server.baseURL}/api/songs/recent`)).json<{ id: string; title: string }[]>();
    const [bought, notBought] = songs as [{ id: string; title: string }, { id: string; title: string }];
    const listenerId = randomUUID();
    await reportListenerPurchase(bought.id, listenerId);
    // Another listener's purchase is not theirs to see.
    await reportListenerPurchase(notBought.id, randomUUID());

    const page = await newPage();
    await page.goto(`${server.baseURL}/?listener=${encodeURIComponent(await listenerToken(listenerId))}`);
    const header = page.getByRole("banner");
    const library = header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Library" });
    await expect.poll(() => library.getAttribute("href")).toBe("/library");
    // The token is kept, and nothing else about the listener; it left the address.
    expect(new URL(page.url()).search).toBe("");
    expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.toLowerCase().includes("listener")))).toEqual(["listenerToken"]);

    await library.click();
    await page.waitForURL(`${server.baseURL}/library`);
    const purchases = page.getByRole("region", { name: "Songs you bought" });
    await purchases.getByText(bought.title, { exact: true }).waitFor();
    expect(await purchases.getByText(notBought.title, { exact: true }).count()).toBe(0);
    expect(await page.title()).toBe("Library – JPlay");

    await purchases.getByRole("button", { name: `Play ${bought.title}` }).click();
    await purchases.getByRole("button", { name: `Pause ${bought.title}` }).waitFor();
    // Playing, and from the Library's own signed media link (not a catalogue song Home warmed).
    await expect
      .poll(() =>
        page.evaluate(() => ({
          playing: !document.querySelector("audio")!.paused,
          source: new URL(document.querySelector("audio")!.currentSrc || "about:blank").pathname,
        })),
      )
      .toEqual({ playing: true, source: expect.stringMatching(/^\/api\/provider\/library-media\//) });
  });

  test("without a token the Library says where the bought songs open from, and still lists what was saved for later", async () => {
    const page = await newPage();
    await page.goto(`${server.baseURL}/distribute`);
    await page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).waitFor();
    await page.getByRole("banner").getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Library" }).click();
    await page.waitForURL(`${server.baseURL}/library`);
    await page.getByText("Your Library opens from the JPlay link on your tablet. It shows the songs you bought.").waitFor();
    await page.getByText("Nothing saved for later yet. Tap the bookmark on any song to keep it here, on this tablet.").waitFor();
  });

  test("a listener no purchase has named yet (JPlay answers their Library as unknown) is told nothing is bought yet, not that loading failed", async () => {
    const page = await newPage();
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/provider/tablet-library");
    await page.goto(`${server.baseURL}/?listener=${encodeURIComponent(await listenerToken(randomUUID()))}`);
    await page.getByRole("banner").getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Library" }).click();
    await page.waitForURL(`${server.baseURL}/library`);
    expect((await answered).status()).toBe(404);
    await page.getByText("You have not bought any songs yet.", { exact: true }).waitFor();
    expect(await page.getByText("Your songs could not be loaded. Check the connection and try again.").count()).toBe(0);
  });
});
