/**
 * Texts to artists seen from the admin portal, in a real browser against the real Worker and its
 * Queue: an artist saves a card on /distribute (the text says so, with no link while the phone is not
 * confirmed), asks for a code on their page and types a wrong one, and the operator's Messages tab
 * lists both texts to that artist's number — the code hidden, and never the page's link.
 */
import { expect, test } from "vitest";
import { newPage } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const { baseURL, adminPassword } = sharedServer();

test("the admin Messages tab lists the texts an artist was sent after saving a card and asking for a phone code", async () => {
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

  // The page offers to confirm the phone; a wrong code is refused in words.
  await artist.goto(`${baseURL}${artistPageUrl}`);
  const phone = artist.getByRole("region", { name: "Phone", exact: true });
  const masked = `+1 ••• ••• ${digits.slice(-4)}`;
  await phone.getByText(`Texts go to ${masked}. Confirm it to get the link to this page by text.`, { exact: true }).waitFor();
  await phone.getByRole("button", { name: "Text me a code" }).click();
  await phone.getByText(new RegExp(`^We texted a code to ${masked.replaceAll("+", "\\+")}\\. It works until .+\\.$`)).waitFor();
  const form = phone.getByRole("form", { name: "Confirm your phone" });
  await form.getByLabel("Code", { exact: true }).fill("000 000");
  const tried = artist.waitForResponse((response) => response.url().endsWith("/phone/confirm"));
  await form.getByRole("button", { name: "Confirm phone" }).click();
  expect((await tried).status()).toBe(400);
  await form.getByText("That code is not right. Check the text and try again.", { exact: true }).waitFor();
  await artist.context().close();

  const operator = await newPage();
  await operator.goto(`${baseURL}/admin`);
  await operator.getByLabel("Password", { exact: true }).fill(adminPassword);
  await operator.getByRole("button", { name: "Sign in" }).click();
  await operator.getByRole("tab", { name: "Messages" }).click();
  const rows = operator.getByRole("row").filter({ has: operator.getByRole("cell", { name: `+1${digits}`, exact: true }) });
  const savedText = rows.filter({ has: operator.getByRole("cell", { name: "Card saved", exact: true }) });
  await savedText.waitFor();
  expect(await savedText.getByRole("cell").nth(3).textContent()).toBe(
    "JPlay: your card is saved. Open your private artist page from the screen where you saved it, and confirm this phone there to get its link by text. Reply STOP to opt out.",
  );
  const codeText = rows.filter({ has: operator.getByRole("cell", { name: "Phone code", exact: true }) });
  await codeText.waitFor();
  expect(await codeText.getByRole("cell").nth(3).textContent()).toMatch(/^JPlay: \[code hidden\] is your code to confirm this phone on your artist page\./);
  expect(await operator.content()).not.toContain(artistPageUrl.split("/").pop());
  await operator.context().close();
});
