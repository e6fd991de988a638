/**
 * The ids of the JSON blocks a server-rendered listener page embeds (app/listener-page-data.ts and
 * home-page-data.ts write them): the screen, the facility and the reads it made. Kept apart and
 * small: main.tsx reads the facility on every start (app/islands/island-page.ts).
 */
export const LISTENER_PAGE_DATA_ID = "listener-page-data";

/** Home's block (home-page-data.ts writes it): here too, so a page's start reads it without Home's reads. */
export const HOME_PAGE_DATA_ID = "home-page-data";
