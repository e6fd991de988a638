/**
 * Texts to artists seen from the admin portal, in a real browser against the real Worker and its
 * Queue: an artist saves a card on /distribute, and the operator's Messages tab lists the card-saved
 * text to that artist's number — with the private page link's token hidden, never the link itself.
 */
import { expect, inject, test } from "vitest";
import { newPage } from "./support/browser";

const baseURL = inject("baseURL");
const adminPassword = inject("adminPassword");

test("the admin Messages tab lists the text an artist was sent after saving a card", async () => {
  const digits = `557${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  const artist = await newPage();
  await artist.goto(`${baseURL}/distribute`);
  await artist.getByLabel("Phone number", { exact: true }).fill(`+1 ${digits}`);
  await artist.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await artist.getByLabel("Expiry", { exact: true }).fill("12 / 34");
  await artist.getByLabel("CVC", { exact: true }).fill("123");
  const saved = artist.waitForResponse((response) => response.url().endsWith("/api/save-payment-method"));
  await artist.getByRole("button", { name: "Save Payment Method" }).click();
  const { artistPageUrl } = (await (await saved).json()) as { artistPageUrl: string };
  await artist.getByText("Payment method saved successfully", { exact: true }).waitFor();
  await artist.context().close();

  const operator = await newPage();
  await operator.goto(`${baseURL}/admin`);
  await operator.getByLabel("Password", { exact: true }).fill(adminPassword);
  await operator.getByRole("button", { name: "Sign in" }).click();
  await operator.getByRole("tab", { name: "Messages" }).click();
  const row = operator.getByRole("row").filter({ has: operator.getByRole("cell", { name: `+1${digits}`, exact: true }) });
  await row.waitFor();
  await expect.poll(() => row.getByRole("cell").nth(1).textContent()).toBe("Card saved");
  const body = await row.getByRole("cell").nth(3).textContent();
  expect(body).toMatch(/^JPlay: your card is saved\. .*\/artist\/\[link hidden\] Reply STOP to opt out\.$/);
  expect(await operator.content()).not.toContain(artistPageUrl.split("/").pop());
  await operator.context().close();
});
