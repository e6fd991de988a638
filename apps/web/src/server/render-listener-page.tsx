/**
 * The browsing screens rendered to HTML in the Worker (render-screen.tsx), as Home is
 * (render-home.tsx): the read cache is seeded with the data, the tree rendered synchronously, and the
 * cache emptied before anything else runs in the isolate. The screens' modules are imported here
 * directly (the browser loads each as its own chunk).
 */
import type { ComponentType } from "react";
import { embeddedListenerPage, listenerScreenPaths, serializeListenerPage } from "@/app/listener-page-data";
import { LISTENER_PAGE_DATA_ID } from "@/app/listener-page-block";
import { Component as AllSongs } from "@/app/routes/all-songs";
import { Component as ArtistPage } from "@/app/routes/artist-page";
import { Component as Browse } from "@/app/routes/browse";
import { Component as Genre } from "@/app/routes/genre";
import { Component as Search } from "@/app/routes/search";
import { Component as Song } from "@/app/routes/song";
import { forgetReads, seedReads } from "@/lib/read-cache";
import type { ListenerPageData, RenderListenerPage } from "./render-contract";
import { renderScreen } from "./render-screen";

const screens: Record<ListenerPageData["screen"], ComponentType> = {
  browse: Browse,
  "all-songs": AllSongs,
  genre: Genre,
  song: Song,
  artist: ArtistPage,
  search: Search,
};

export const renderListenerPage: RenderListenerPage = (data, location, language) => {
  const embedded = embeddedListenerPage(data);
  seedReads(new Map(embedded.reads));
  try {
    const rendered = renderScreen(listenerScreenPaths[data.screen], screens[data.screen], location, language);
    return { ...rendered, dataJson: serializeListenerPage(embedded), dataElementId: LISTENER_PAGE_DATA_ID };
  } finally {
    forgetReads("");
  }
};
