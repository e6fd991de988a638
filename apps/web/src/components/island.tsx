/**
 * Where an island starts (docs/decisions/105-listener-pages-as-islands.md): on a listener page the
 * server's HTML is the page, and only what a finger can touch is hydrated, each part as its own small
 * root (app/islands/). The wrapper names the island and the props it is started with (JSON, read by
 * the islands' start); it draws no box of its own (`display: contents`), so the layout is the same
 * with or without it, and the SPA, which renders the same screens, keeps it as it is.
 */
import type { ReactNode } from "react";

/** The islands a server-rendered listener page may hold (app/islands/island-roots.tsx starts each). */
export type IslandName =
  | "player-bar"
  | "card-play"
  | "song-play"
  | "like"
  | "save"
  | "theme"
  | "language"
  | "menu"
  | "offline"
  | "my-music"
  | "saved-offline"
  | "distribution-success";

/** What an island is started with: plain values only, written into the page. */
export type IslandProps = Record<string, string | boolean | null>;

/**
 * `as="li"`: an island that is an item of a list (a list holds only items); it is a box of its own,
 * and none while it holds nothing (`empty:hidden`), so an empty item is neither seen nor announced.
 */
export function Island({ name, props = {}, as = "div", children }: { name: IslandName; props?: IslandProps; as?: "div" | "li"; children: ReactNode }) {
  const Wrapper = as;
  return (
    <Wrapper data-island={name} data-island-props={JSON.stringify(props)} className={as === "li" ? "empty:hidden" : "contents"}>
      {children}
    </Wrapper>
  );
}
