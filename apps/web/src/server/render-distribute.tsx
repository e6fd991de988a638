/**
 * /distribute rendered to HTML in the Worker (render-screen.tsx): the hero, the payment-setup card
 * and the song form are in the first HTML, so the page paints before its JS and Stripe's arrive.
 * It renders what a browser's first render shows: no session read and no public config yet (the
 * Query cache is empty on a first load), so hydration changes nothing; the app fills them in after.
 */
import { Component as Distribute } from "@/app/routes/distribute";
import { QueryProvider } from "@/app/query-provider";
import type { RenderDistribute } from "./render-contract";
import { renderScreen } from "./render-screen";

/** The browser's route wraps the screen in the Query provider (app/router.tsx); so does the server. */
function DistributeScreen() {
  return (
    <QueryProvider>
      <Distribute />
    </QueryProvider>
  );
}

export const renderDistribute: RenderDistribute = (location, language) => renderScreen("/distribute", DistributeScreen, location, language);
