/// <reference lib="dom" />
/**
 * The distribution flow with the keyboard alone (Tab, arrow keys, Space, Enter and typing, no click):
 * save a card, fill the song form, choose the MP3 from the file chooser, submit, choose the package
 * on the offer and pay, landing on Home with the song being distributed. Every stop shows its focus;
 * a control that Tab never reaches fails the test (e2e/support/keyboard.ts).
 */
import type { FileChooser } from "playwright-core";
import { describe, expect, test } from "vitest";
import { freshVisa, newPhone, newSongMp3 } from "./support/artist";
import { newPage } from "./support/browser";
import { arrowTo, tabTo, typeKeys } from "./support/keyboard";
import { sharedServer } from "./support/shared-server";

const { baseURL } = sharedServer();

describe("keyboard only", () => {
  test("an artist distributes a song without touching the mouse", async () => {
    const page = await newPage();
    // Listening from the start: Playwright turns on file-chooser interception when the first listener
    // is added, asynchronously, so a listener added just before the key press can miss the chooser.
    const chooser = new Promise<FileChooser>((resolve) => page.once("filechooser", resolve));
    const title = `Keyboard Song ${Date.now() % 100_000}`;
    await page.goto(`${baseURL}/distribute`);
    await expect.poll(() => page.getByRole("button", { name: "Save Payment Method" }).isEnabled(), { timeout: 15_000 }).toBe(true);

    await tabTo(page, page.getByLabel("Phone number", { exact: true }));
    await typeKeys(page, newPhone());
    await tabTo(page, page.getByLabel("Card number", { exact: true }));
    await typeKeys(page, freshVisa());
    await tabTo(page, page.getByLabel("Expiry", { exact: true }));
    await typeKeys(page, "12 / 34");
    await tabTo(page, page.getByLabel("CVC", { exact: true }));
    await typeKeys(page, "123");
    await tabTo(page, page.getByRole("button", { name: "Save Payment Method" }));
    await page.keyboard.press("Enter");
    await page.getByText("Payment method saved successfully", { exact: true }).waitFor();

    await tabTo(page, page.getByLabel("Artist name", { exact: true }));
    await typeKeys(page, "Keys Only");
    await tabTo(page, page.getByLabel("Song title", { exact: true }));
    await typeKeys(page, title);
    const explicit = page.getByRole("radiogroup").filter({ has: page.getByRole("radio", { name: "No, it's clean" }) });
    await tabTo(page, explicit.getByRole("radio"));
    await arrowTo(page, page.getByRole("radio", { name: "No, it's clean" }));

    await tabTo(page, page.getByLabel("MP3 file"));
    await page.keyboard.press("Space");
    await (await chooser).setFiles({ name: "song.mp3", mimeType: "audio/mpeg", buffer: newSongMp3() });
    await tabTo(page, page.getByRole("button", { name: "Submit for Distribution" }));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/approval\/[^/]+$/, { timeout: 30_000 });

    // The new screen has the focus (the main region), so the next Tab starts there, not at the top.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await tabTo(page, page.getByRole("radio", { name: /Standard|Expedited/ }));
    await arrowTo(page, page.getByRole("radio", { name: /Standard/ }));
    await tabTo(page, page.getByRole("button", { name: "Complete Distribution" }));
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL}/`, { timeout: 30_000 });
    await page.getByText(`${title} is being distributed`, { exact: true }).waitFor({ timeout: 30_000 });
  });
});
