/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types the Node tsconfig leaves out.
/**
 * Repeat visits without a network (docs/architecture.md, Offline and repeat visits): the service
 * worker takes over Home, a liked song's audio is saved for offline play, then the network is cut
 * (the page's and the service worker's: checked) and a reload still shows Home with its rows, the
 * liked song's cover and the offline notice, and plays the liked song. Admin, artist, account and
 * payment answers are never in the caches. 127.0.0.1 is a secure context, so the service worker
 * runs as in production.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { newPage, waitForHydration } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

interface Song {
  id: string;
  title: string;
  audioUrl: string;
  coverUrl: string | null;
}

/** Every request address in every cache of the page's origin. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

/** Resolves once the service worker is active and controls this page. */
const waitUntilControlled = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  });

/**
 * The browser insists it is online whatever happens (`navigator.onLine` true, no `offline` event), as a
 * tablet on Wi-Fi whose upstream is down does, and as some Chromium versions do after a reload with
 * the network cut: the offline notice must then come from the requests failing.
 */
const browserAlwaysSaysOnline = () => {
  Object.defineProperty(Navigator.prototype, "onLine", { configurable: true, get: () => true });
  window.addEventListener("offline", (event) => event.stopImmediatePropagation(), { capture: true });
};

describe("offline", () => {
  test("a reload with the network cut shows Home and plays a liked song; private answers are never cached", async () => {
    const popular = await (await fetch(`${baseURL}/api/songs/popular`)).json<Song[]>();
    const song = popular[0]!;
    const page = await newPage({ serviceWorkers: "allow" });
    await page.goto(baseURL);
    const trending = page.getByRole("region", { name: "Trending Songs" });
    await trending.getByRole("heading", { level: 3, name: song.title }).waitFor();
    await waitUntilControlled(page);

    // What a first visit loaded before the worker was in control is kept too.
    await page.waitForFunction(async () => (await caches.match("/api/songs/popular")) !== undefined);

    // Calls that must never be kept, made while the worker controls the page.
    const privatePaths = [
      "/api/admin/session",
      "/api/admin/songs",
      "/api/me",
      "/api/artist/not-a-token",
      "/api/checkout",
      "/api/subscription",
      "/api/distribute/x/recovery",
      "/api/songs/" + song.id,
    ];
    await page.evaluate((paths) => Promise.all(paths.map((path) => fetch(path).then((r) => r.text()))), privatePaths);

    const like = trending.getByRole("button", { name: `Like ${song.title}`, exact: true });
    expect(await like.getAttribute("aria-pressed")).toBe("false");
    await like.click();
    expect(await like.getAttribute("aria-pressed")).toBe("true");
    await trending.getByText("Saved for offline", { exact: true }).waitFor();
    expect(await cachedUrls(page)).toContain(new URL(song.audioUrl, baseURL).pathname);
    // Asked to "save as audio" what is not a song's audio, the worker keeps nothing.
    const savedOther = await page.evaluate(
      (urls) =>
        Promise.all(
          urls.map(async (url) => {
            const worker = (await navigator.serviceWorker.ready).active!;
            return new Promise<unknown>((resolve) => {
              const channel = new MessageChannel();
              channel.port1.onmessage = (event: MessageEvent) => resolve(event.data);
              worker.postMessage({ type: "save-audio", url: new URL(url, location.href).href }, [channel.port2]);
            });
          }),
        ),
      ["/api/health", "/api/songs/popular?not=audio"],
    );
    expect(savedOther).toEqual([false, false]);

    // Its cover, kept when Home loaded it, is there too. The browser's own HTTP cache is emptied, so
    // what the reload shows offline comes from the service worker's copies alone.
    expect(song.coverUrl).not.toBeNull();
    const coverPath = new URL(song.coverUrl!, baseURL).pathname;
    await expect.poll(() => cachedUrls(page)).toContain(coverPath);
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Network.clearBrowserCache");
    await devtools.detach();

    await page.context().setOffline(true);
    // The network really is cut, for the page and for the service worker's own requests: a list
    // address never answered before can come from neither the server nor a cache.
    const probe = await page.evaluate(() =>
      fetch("/api/songs/popular?limit=3").then(
        (r) => `answered ${r.status}`,
        () => "failed",
      ),
    );
    expect(probe).toBe("failed");

    await page.reload();
    await trending.getByRole("heading", { level: 3, name: song.title }).waitFor();
    const offlineNotice = page.getByRole("status").filter({ hasText: "You're offline" });
    await offlineNotice.waitFor();
    await page.getByRole("region", { name: "Recently Added" }).getByRole("heading", { level: 3 }).first().waitFor();
    // Its cover is drawn from the copy the service worker kept (decode() rejects for a broken image).
    const cover = trending.getByRole("button", { name: `Play ${song.title}`, exact: true }).locator("img");
    const shown = await cover.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { path: new URL(img.currentSrc).pathname, width: img.naturalWidth };
    });
    expect(shown.path).toBe(coverPath);
    expect(shown.width).toBeGreaterThan(0);

    await trending.getByRole("button", { name: `Play ${song.title}`, exact: true }).click();
    await page.waitForFunction(
      (path) => {
        const audio = document.querySelector("audio");
        return !!audio && !audio.paused && new URL(audio.src).pathname === path && audio.currentTime > 0.3;
      },
      new URL(song.audioUrl, baseURL).pathname,
      { timeout: 15_000 },
    );

    // A seek's range is sliced from the saved file, as the server would answer it.
    const seek = await page.evaluate(async (url) => {
      const response = await fetch(url, { headers: { Range: "bytes=100-199" } });
      return { status: response.status, range: response.headers.get("Content-Range"), length: (await response.arrayBuffer()).byteLength };
    }, song.audioUrl);
    expect(seek).toMatchObject({ status: 206, range: expect.stringMatching(/^bytes 100-199\/\d+$/), length: 100 });

    const kept = await cachedUrls(page);
    for (const path of [...privatePaths, "/api/health"]) expect(kept, path).not.toContain(path);
    for (const path of kept)
      expect(path).toMatch(/^\/($|assets\/|[\w-]+\.(js|svg|png|webmanifest)$|api\/songs\/(popular|recent|featured)$|api\/songs\/[^/]+\/(cover|audio)$)/);

    await page.context().setOffline(false);
    // Back online, the notice goes.
    await offlineNotice.waitFor({ state: "detached" });
  });

  test("a reload with the network cut shows the offline notice though the browser says it is online", async () => {
    const page = await newPage({ serviceWorkers: "allow" });
    await page.addInitScript(browserAlwaysSaysOnline);
    await page.goto(baseURL);
    await page.getByRole("region", { name: "Trending Songs" }).getByRole("heading", { level: 3 }).first().waitFor();
    await waitUntilControlled(page);
    const offlineNotice = page.getByRole("status").filter({ hasText: "You're offline" });
    expect(await offlineNotice.count()).toBe(0);

    await page.context().setOffline(true);
    await page.reload();
    // Home comes from the service worker's copy, and the notice from its failed request for the page.
    await page.getByRole("region", { name: "Trending Songs" }).getByRole("heading", { level: 3 }).first().waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await offlineNotice.waitFor();

    // The network is back: the detector's probe gets through and the notice goes.
    await page.context().setOffline(false);
    await offlineNotice.waitFor({ state: "detached" });
  });

  test("with the network up but the server unreachable, the notice shows when a request fails and goes once one gets through", async () => {
    const page = await newPage();
    await page.addInitScript(browserAlwaysSaysOnline);
    await page.goto(baseURL);
    const distribute = page.getByRole("link", { name: "Try JPlay", exact: true });
    await distribute.waitFor();
    await waitForHydration(page, "header a[href='/distribute']");
    const offlineNotice = page.getByRole("status").filter({ hasText: "You're offline" });

    // Every call to the server is refused at the network level; the browser still says it is online.
    const refused: string[] = [];
    await page.route("**/api/**", async (route) => {
      refused.push(new URL(route.request().url()).pathname);
      await route.abort("connectionrefused");
    });
    await distribute.click();
    await page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).waitFor();
    await offlineNotice.waitFor();
    expect(refused.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    // The server is reachable again: the next probe gets through and the notice goes on its own.
    await page.unrouteAll({ behavior: "wait" });
    await offlineNotice.waitFor({ state: "detached" });
  });

  test("unliking a song deletes its saved audio", async () => {
    const popular = await (await fetch(`${baseURL}/api/songs/popular`)).json<Song[]>();
    const song = popular[1]!;
    const page = await newPage({ serviceWorkers: "allow" });
    await page.goto(baseURL);
    await waitUntilControlled(page);
    const trending = page.getByRole("region", { name: "Trending Songs" });
    const like = trending.getByRole("button", { name: `Like ${song.title}`, exact: true });
    await like.click();
    await trending.getByText("Saved for offline", { exact: true }).waitFor();
    const audioPath = new URL(song.audioUrl, baseURL).pathname;
    expect(await cachedUrls(page)).toContain(audioPath);

    await like.click();
    expect(await like.getAttribute("aria-pressed")).toBe("false");
    await expect.poll(() => cachedUrls(page)).not.toContain(audioPath);
    expect(await trending.getByText("Saved for offline", { exact: true }).count()).toBe(0);
  });

  test("offline, /distribute answered with the kept Home page renders the distribution screen, never hydrating Home's markup as it", async () => {
    const page = await newPage({ serviceWorkers: "allow" });
    // Offline, failed loads are errors too (a chunk never loaded online); React reports a failed
    // hydration as an uncaught error, in production by its number (418: the HTML did not match).
    const hydrationErrors: string[] = [];
    const keepHydrationError = (text: string) => {
      if (/hydrat|react\.dev\/errors\/4(18|19|22|23|25)\b/i.test(text)) hydrationErrors.push(text);
    };
    page.on("pageerror", (error) => keepHydrationError(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") keepHydrationError(message.text());
    });
    await page.goto(baseURL);
    await waitUntilControlled(page);
    // Online once, so the screen's chunks are kept; then the network is cut.
    await page.goto(`${baseURL}/distribute`);
    await expect.poll(() => page.getByLabel("Phone number", { exact: true }).isEnabled()).toBe(true);
    await page.context().setOffline(true);

    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Distribute Your Music" }).waitFor();
    expect(await page.getByRole("heading", { level: 1, name: "Get your music on the tablets inside." }).count()).toBe(0);
    expect(await page.locator("#root").getAttribute("data-screen")).toBeNull(); // the page the worker kept: Home's
    expect(hydrationErrors).toEqual([]);
    await page.context().setOffline(false);
  });
});
