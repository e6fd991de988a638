/**
 * The operator's side of the browser tests: signing in to /admin with the password, and deciding a
 * paid song in the Review tab as an operator does (every paid song waits there before it can go live,
 * docs/decisions/029-review-before-delivery.md).
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { toastShown } from "./artist";
import { newPage } from "./browser";

export async function signedInOperator(baseURL: string, password: string): Promise<Page> {
  const admin = await newPage();
  await admin.goto(`${baseURL}/admin`);
  await admin.getByLabel("Password", { exact: true }).fill(password);
  await admin.getByRole("button", { name: "Sign in" }).click();
  await admin.getByText("Total Artists", { exact: true }).waitFor();
  return admin;
}

/** The song's entry in the Review tab (found by its title). */
export const songInReview = (admin: Page, title: string): Locator =>
  admin
    .getByRole("list", { name: "Songs waiting for review" })
    .getByRole("listitem")
    .filter({ has: admin.getByRole("heading", { level: 3, name: title, exact: true }) });

/**
 * Opens the Review tab and waits for the song: it joins the queue once its payment is applied (the
 * answer or Stripe's webhook), so the queue is read again until it is there.
 */
export async function openInReview(admin: Page, title: string): Promise<Locator> {
  await admin.getByRole("tab", { name: /^Review/ }).click();
  const refresh = admin.getByRole("button", { name: "Refresh queue" });
  await refresh.waitFor();
  const item = songInReview(admin, title);
  await expect
    .poll(
      async () => {
        if ((await item.count()) === 1) return true;
        const answered = admin.waitForResponse((response) => new URL(response.url()).pathname === "/api/admin/review");
        await refresh.click();
        await answered;
        return (await item.count()) === 1;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return item;
}

/** Approves the song in the Review tab, as the artist answered the explicit question, and waits for the portal to confirm it. */
export async function approveInReviewTab(admin: Page, title: string): Promise<void> {
  const item = await openInReview(admin, title);
  await item.getByRole("button", { name: `Approve ${title}` }).click();
  await toastShown(admin, "Song approved", title);
  await item.waitFor({ state: "detached" });
}
