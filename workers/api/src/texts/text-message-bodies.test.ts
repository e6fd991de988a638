/**
 * The texts an artist's phone receives, in both languages: every placeholder filled, the title quoted
 * (and shortened), the reason made a sentence, the money in the reader's format, and the opt-out line
 * carriers expect at the end.
 */
import { describe, expect, test } from "vitest";
import { LANGUAGES } from "@jplay/schema/language";
import { textBodiesIn, type TextBodies } from "./text-message-bodies";

const OPT_OUT = { en: "Reply STOP to opt out.", es: "Responde STOP para no recibir más mensajes." } as const;

const everyBody = (bodies: TextBodies) => [
  bodies.cardSaved("https://jplay.example/artist/abc"),
  bodies.paymentSucceeded("Song", 2500),
  bodies.paymentSucceeded("Song", 0),
  bodies.paymentFailed("Song"),
  bodies.songDistributed("Song"),
  bodies.songRejected("Song", "Violence"),
  bodies.songTakenDown("Song", "Violence"),
  bodies.songRestored("Song"),
  bodies.payoutSent(1234),
  bodies.payoutReversed(1000),
  bodies.payoutFailed(2500, "The card has expired."),
  bodies.renewalNeedsConfirmation(1499, "https://jplay.example/artist/abc"),
  bodies.renewalNeedsConfirmationWithoutLink(1499),
  bodies.cardSavedWithoutLink(),
  bodies.phoneCode("042917"),
];

describe("texts to artists", () => {
  test.each(LANGUAGES)("in %s every text names JPlay, fills every placeholder and ends with the opt-out line", (language) => {
    for (const body of everyBody(textBodiesIn(language))) {
      expect(body).toMatch(/^JPlay: /);
      expect(body).not.toMatch(/[{}]/);
      expect(body.endsWith(` ${OPT_OUT[language]}`), body).toBe(true);
    }
  });

  test("English: a payment, a rejection with the operator's reason made a sentence, a long title shortened", () => {
    const english = textBodiesIn("en");
    expect(english.paymentSucceeded("First Light", 2500)).toBe(
      'JPlay: we received your $25.00 payment for "First Light". We are getting it ready for the tablets. Reply STOP to opt out.',
    );
    expect(english.songRejected("First Light", "Violence")).toBe(
      'JPlay: we could not distribute "First Light": Violence. If you paid, the full fee is being refunded to your card. Reply STOP to opt out.',
    );
    expect(english.renewalNeedsConfirmation(1499, "https://jplay.example/artist/abc")).toBe(
      "JPlay: your bank asks you to confirm your Pro renewal of $14.99. Pro is off until you do. Confirm it on your private artist page: https://jplay.example/artist/abc Reply STOP to opt out.",
    );
    expect(english.phoneCode("042917")).toBe(
      "JPlay: 042-917 is your code to confirm this phone on your artist page. It works for 10 minutes. Do not share it. Reply STOP to opt out.",
    );
    // A collaborator has no artist page: their code names the page of their song shares.
    expect(english.collaboratorPhoneCode("042917")).toBe(
      "JPlay: 042-917 is your code to confirm this phone on the page of your song shares. It works for 10 minutes. Do not share it. Reply STOP to opt out.",
    );
    expect(textBodiesIn("es").collaboratorPhoneCode("042917")).toBe(
      "JPlay: 042-917 es tu código para confirmar este teléfono en la página de tus partes de canciones. Sirve durante 10 minutos. No lo compartas. Responde STOP para no recibir más mensajes.",
    );
    expect(english.songDistributed("x".repeat(70))).toBe(`JPlay: "${"x".repeat(59)}…" is now live on the tablets. Reply STOP to opt out.`);
  });

  test("Spanish: the same texts in the artist's language, STOP kept as the keyword", () => {
    const spanish = textBodiesIn("es");
    expect(spanish.songTakenDown("Luz", "Violence.")).toBe(
      'JPlay: "Luz" se retiró de las tabletas. Motivo: Violence. Las ventas ya hechas siguen siendo tuyas. Responde STOP para no recibir más mensajes.',
    );
    expect(spanish.paymentSucceeded("Luz", 0)).toBe(
      'JPlay: "Luz" está incluida en tu plan Pro. La estamos preparando para las tabletas. Responde STOP para no recibir más mensajes.',
    );
    expect(spanish.payoutSent(1234)).toBe(
      "JPlay: enviamos $12.34 a tu cuenta de pagos en Stripe. Stripe lo pasa a tu tarjeta de débito según tu calendario de pagos; si tu tarjeta no lo acepta, te escribimos. Responde STOP para no recibir más mensajes.",
    );
    expect(spanish.payoutFailed(2500, "The card has expired.")).toBe(
      "JPlay: tu tarjeta de débito no aceptó tu pago de $25.00 (The card has expired). El dinero no se perdió: espera en tu cuenta de pagos. Actualiza tu tarjeta de débito desde tu página de artista y se envía de nuevo. Responde STOP para no recibir más mensajes.",
    );
  });
});
