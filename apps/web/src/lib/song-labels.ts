import type { SongDto } from "@jplay/schema/song";

/** Static placeholder logo shown when a song has no cover. */
export const PLACEHOLDER_COVER_URL = "/placeholder-cover.svg";

/** Card fallbacks (docs/product.md, Screens, Home). */
export const songTitle = (song: Pick<SongDto, "title">) => (song.title ?? "").trim() || "Untitled Song";
export const songArtist = (song: Pick<SongDto, "artist">) => (song.artist ?? "").trim() || "Unknown Artist";
export const coverSrc = (song: Pick<SongDto, "coverUrl">) => song.coverUrl || PLACEHOLDER_COVER_URL;
