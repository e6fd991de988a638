/**
 * /distribute rendered to HTML in the Worker (render-screen.tsx): the hero, the payment-setup card
 * and the song form are in the first HTML, so the page paints before its JS and Stripe's arrive.
 * It renders what a browser's first render shows: no session read and no public config yet (the
 * read cache is empty on a first load and nothing is seeded for this page), so hydration changes
 * nothing; the app fills them in after.
 */
import { Component as Distribute } from "@/app/routes/distribute";
import type { RenderDistribute } from "./render-contract";
import { renderScreen } from "./render-screen";

export const renderDistribute: RenderDistribute = (location, language) => renderScreen("/distribute", Distribute, location, language);
