import type { SongDto } from "@jplay/schema/song";
import { english, type Translator } from "@/lib/i18n/translator";

/** Static placeholder logo shown when a song has no cover. */
export const PLACEHOLDER_COVER_URL = "/placeholder-cover.svg";

/** Card fallbacks (docs/product.md, Screens, Home), in the screen's language. */
export const songTitle = (song: Pick<SongDto, "title">, i18n: Translator = english) => (song.title ?? "").trim() || i18n._("Untitled Song");
export const songArtist = (song: Pick<SongDto, "artist">, i18n: Translator = english) => (song.artist ?? "").trim() || i18n._("Unknown Artist");
export const coverSrc = (song: Pick<SongDto, "coverUrl">) => song.coverUrl || PLACEHOLDER_COVER_URL;
