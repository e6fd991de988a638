/**
 * Tap to sound on the tablet profile (700 Kbps, 300 ms RTT, CPU slowdown = benchmark index ÷ 100,
 * through CDP): the home page is loaded, hydrated and idle — Home's warm-up of its first cover has
 * loaded that song's metadata (below) — then a tap on the first Trending cover; the time
 * from the click to the <audio> element's `playing` event (measured inside the page) and the bytes
 * on the wire between the two (CDP encodedDataLength, headers included). Median of --runs (default 5),
 * each in a fresh browser context (cold cache). Home warms its first cover's metadata and first bytes
 * once idle (features/player/hooks/use-warm-first-tap.ts); those arrive before the tap, so they are
 * not in the bytes counted here.
 *
 * With --first-paint the tap comes as soon as the cover is on screen, without waiting for the app
 * (the server's HTML, answered by the page's first script, src/early-taps.ts): the table then also
 * says in how many runs the app had hydrated by the tap.
 *
 *   node bench/tap-to-sound.ts [--runs 5] [--slowdown <n>] [--first-paint]
 */
import { numberFlag } from "./lib/args.ts";
import { withSession } from "./lib/session.ts";
import { median } from "./lib/stats.ts";
import { kib, printTable } from "./lib/table.ts";
import { applyTabletProfile, TABLET_NETWORK, tabletSlowdown } from "./lib/tablet.ts";

const runs = numberFlag("runs", 5);
const fixedSlowdown = numberFlag("slowdown", 0);
const atFirstPaint = process.argv.includes("--first-paint");

await withSession(async ({ server, browser }) => {
  const chromium = await browser();
  const { benchmarkIndex, slowdown } = await tabletSlowdown(chromium, fixedSlowdown);

  const samples: { ms: number; bytes: number; requests: number; hydrated: boolean }[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await chromium.newContext();
    try {
      const page = await context.newPage();
      const cdp = await applyTabletProfile(page, slowdown);
      const cover = page
        .getByRole("region", { name: "Trending Songs" })
        .getByRole("button", { name: /^Play / })
        .first();
      if (atFirstPaint) {
        await page.goto(server.baseURL, { waitUntil: "commit", timeout: 120_000 });
        await cover.waitFor({ timeout: 120_000 });
        // The player's <audio> closes #root: parsed a moment after the first row is on screen.
        await page.locator("audio").waitFor({ state: "attached", timeout: 120_000 });
      } else {
        await page.goto(server.baseURL, { waitUntil: "networkidle", timeout: 120_000 });
        await cover.waitFor({ timeout: 120_000 });
        // Idle means React has hydrated the cover (the server-rendered button has its handler) and the
        // warm-up has the metadata; a tap before then measures hydration, not playback.
        await page.waitForFunction(
          (button) => Object.keys(button).some((key) => key.startsWith("__reactProps$")) && (document.querySelector("audio")?.readyState ?? 0) >= 1,
          await cover.elementHandle(),
          { timeout: 120_000 },
        );
      }
      const hydrated = await cover.evaluate((button) => Object.keys(button).some((key) => key.startsWith("__reactProps$")));

      let counting = false;
      let bytes = 0;
      let requests = 0;
      cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
        if (counting) bytes += event.encodedDataLength;
      });
      cdp.on("Network.requestWillBeSent", () => {
        if (counting) requests++;
      });
      // Bytes of a response still streaming when `playing` fires (the audio) arrive as dataReceived.
      let streaming = 0;
      cdp.on("Network.dataReceived", (event: { encodedDataLength: number }) => {
        if (counting) streaming += event.encodedDataLength;
      });

      await page.evaluate(() => {
        const audio = document.querySelector("audio")!;
        const w = window as unknown as { __clickAt?: number; __playingAt?: Promise<number> };
        w.__playingAt = new Promise((resolve) => audio.addEventListener("playing", () => resolve(performance.now()), { once: true }));
        document.addEventListener("click", () => (w.__clickAt = performance.now()), { capture: true, once: true });
      });
      counting = true;
      await cover.click();
      const ms = await page.evaluate(async () => {
        const w = window as unknown as { __clickAt?: number; __playingAt?: Promise<number> };
        return (await w.__playingAt!) - w.__clickAt!;
      });
      counting = false;
      samples.push({ ms, bytes: Math.max(bytes, streaming), requests, hydrated });
      console.error(`run ${i + 1}/${runs}: ${ms.toFixed(0)} ms, ${kib(Math.max(bytes, streaming))} KiB${hydrated ? "" : ", before hydration"}`);
    } finally {
      await context.close();
    }
  }
  printTable(
    `Tap to sound${atFirstPaint ? " at first paint" : ""}, tablet profile (${TABLET_NETWORK.kbps} Kbps, ${TABLET_NETWORK.rttMs} ms RTT, CPU slowdown ${slowdown.toFixed(2)} = benchmark index ${benchmarkIndex.toFixed(0)} ÷ 100), ${runs} runs`,
    ["figure", "median", "min", "max"],
    [
      [
        "tap → playing, ms",
        median(samples.map((s) => s.ms)).toFixed(0),
        Math.min(...samples.map((s) => s.ms)).toFixed(0),
        Math.max(...samples.map((s) => s.ms)).toFixed(0),
      ],
      [
        "KiB on the wire before playing",
        kib(median(samples.map((s) => s.bytes))),
        kib(Math.min(...samples.map((s) => s.bytes))),
        kib(Math.max(...samples.map((s) => s.bytes))),
      ],
      [
        "requests before playing",
        median(samples.map((s) => s.requests)),
        Math.min(...samples.map((s) => s.requests)),
        Math.max(...samples.map((s) => s.requests)),
      ],
      ...(atFirstPaint ? [["runs hydrated by the tap", `${samples.filter((s) => s.hydrated).length} of ${runs}`, "", ""]] : []),
    ],
  );
});
