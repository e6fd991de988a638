/**
 * Royalty splits on the artist page in a real browser (docs/splits.md): an artist opens a song's
 * "Splits", adds two collaborators with their shares, sees their own share follow as they type, saves,
 * and reads the split back after a reload — once in English and once in Spanish. A share over 100% is
 * refused with its reason and nothing is saved. axe finds nothing serious with the form open.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { freshVisa, keptArtistLink, newPhone, toastShown } from "./support/artist";
import { auditInBothThemes } from "./support/axe";
import { newPage } from "./support/browser";
import { sharedServer } from "./support/shared-server";
import { songAwaitingPaymentSeeded } from "./support/world";

const { baseURL } = sharedServer();

/** An artist with one song, on their own page; answers the page and the song's list item. */
async function artistWithSong(title: string): Promise<{ page: Page; song: Locator }> {
  const page = await newPage();
  await songAwaitingPaymentSeeded(page, baseURL, freshVisa(), title);
  const artistPage = (await keptArtistLink(page))!;
  await page.goto(`${baseURL}${artistPage}`);
  const song = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });
  return { page, song };
}

interface Collaborator {
  name: string;
  phone: string;
  role: string;
  percent: string;
}

async function addCollaborator(
  song: Locator,
  words: { add: string; row: (n: number) => string; name: string; phone: string; role: string; share: string },
  n: number,
  c: Collaborator,
) {
  await song.getByRole("button", { name: words.add, exact: true }).click();
  const row = words.row(n);
  await song.getByLabel(`${row}: ${words.name}`, { exact: true }).fill(c.name);
  await song.getByLabel(`${row}: ${words.phone}`, { exact: true }).fill(c.phone);
  await song.getByLabel(`${row}: ${words.role}`, { exact: true }).selectOption({ label: c.role });
  await song.getByLabel(`${row}: ${words.share}`, { exact: true }).fill(c.percent);
}

describe("royalty splits on the artist page", () => {
  test("an artist adds two collaborators in English; an impossible total is refused first", async () => {
    const title = `Split English ${Date.now() % 100_000}`;
    const { page, song } = await artistWithSong(title);
    const summary = song.locator("summary", { hasText: "Splits" });
    await summary.focus();
    await page.keyboard.press("Enter");
    await song.getByText("No collaborators: every sale of this song is yours.", { exact: true }).waitFor();
    await song.getByRole("button", { name: "Change the splits", exact: true }).click();

    const words = {
      add: "Add a collaborator",
      row: (n: number) => `Collaborator ${n}`,
      name: "name",
      phone: "mobile number",
      role: "role",
      share: "share in percent",
    };
    await addCollaborator(song, words, 1, { name: "Ana Producer", phone: newPhone(), role: "Producer", percent: "70" });
    await addCollaborator(song, words, 2, { name: "Ben Singer", phone: newPhone(), role: "Featured artist", percent: "40" });
    await song.getByText("The collaborators' shares add up to more than 100%.", { exact: true }).first().waitFor();
    await song.getByRole("button", { name: "Save splits", exact: true }).click();
    await song.getByRole("alert").filter({ hasText: "The collaborators' shares add up to more than 100%." }).waitFor();

    await song.getByLabel("Collaborator 1: share in percent", { exact: true }).fill("30");
    await song.getByLabel("Collaborator 2: share in percent", { exact: true }).fill("20.5");
    await song.getByText("Your share: 49.5 %", { exact: true }).waitFor();
    const found = new Map<string, string[]>();
    await auditInBothThemes(page, "artist page, splits form open", found);
    await song.getByRole("button", { name: "Save splits", exact: true }).click();
    await toastShown(page, "Splits saved");
    await song.getByText("You: 49.5 %", { exact: true }).waitFor();
    await song.getByText("Ana Producer · Producer · 30 % · Waiting for them to accept", { exact: true }).waitFor();

    // Saved on the server: a fresh page reads the same split.
    await page.reload();
    await song.locator("summary", { hasText: "Splits" }).click();
    await song.getByText("Ben Singer · Featured artist · 20.5 % · Waiting for them to accept", { exact: true }).waitFor();
    await song.getByText("You: 49.5 %", { exact: true }).waitFor();
    expect(Object.fromEntries(found)).toEqual({});
  });

  test("an artist adds two collaborators in Spanish, one paid first", async () => {
    const title = `Reparto Español ${Date.now() % 100_000}`;
    const { page, song } = await artistWithSong(title);
    await page.getByRole("button", { name: "Español", exact: true }).click();
    await page.reload();
    await song.locator("summary", { hasText: "Reparto de regalías" }).click();
    await song.getByText("Sin colaboradores: cada venta de esta canción es tuya.", { exact: true }).waitFor();
    await song.getByRole("button", { name: "Cambiar el reparto", exact: true }).click();

    const words = {
      add: "Agregar un colaborador",
      row: (n: number) => `Colaborador ${n}`,
      name: "nombre",
      phone: "número de celular",
      role: "función",
      share: "porcentaje",
    };
    await addCollaborator(song, words, 1, { name: "Carla Productora", phone: newPhone(), role: "Productor(a)", percent: "25" });
    await addCollaborator(song, words, 2, { name: "Diego Compositor", phone: newPhone(), role: "Compositor(a)", percent: "25" });
    await song.getByLabel("A quién se paga primero", { exact: true }).selectOption({ label: "Carla Productora" });
    await song.getByLabel("Monto que se paga primero, en dólares", { exact: true }).fill("150,00");
    await song.getByText("Tu parte: 50 %", { exact: true }).waitFor();
    await song.getByRole("button", { name: "Guardar el reparto", exact: true }).click();
    await toastShown(page, "Reparto guardado");
    await song.getByText("Tú: 50 %", { exact: true }).waitFor();
    await song.getByText("Diego Compositor · Compositor(a) · 25 % · Esperando su aceptación", { exact: true }).waitFor();
    await song.getByText(/^Se paga primero a Carla Productora: .*150[.,]00.*\(.*0[.,]00.* pagado hasta ahora\)$/).waitFor();
  });
});
