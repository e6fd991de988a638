/**
 * The page's first script: a tap on the server's HTML acts at once, while the app's chunks are still
 * on their way over a facility's slow Wi-Fi. Play, like, theme, language and the menu are answered
 * here through the same modules the app uses (the player's audio-element.ts, the liked songs' and the
 * theme's stores, the language cookie), so there is one way each is done; once the app has hydrated
 * it says so (lib/early-taps.ts) and answers every tap itself, and the song started here is carried on
 * by its player. Links and the search form need nothing: they work as HTML. Taps made before even
 * this script ran were kept by public/theme-init.js and are answered as it starts.
 */
import { isLanguage } from "@jplay/schema/language";
import type { SongDto } from "@jplay/schema/song";
import { likedIds, toggleStoredLike } from "@/features/likes/liked-songs-store";
import { holds, loadAndPlay } from "@/features/player/audio-element";
import { applyTheme, currentTheme } from "@/features/theme/theme-choice";
import { appIsRunning, recordEarlySong } from "@/lib/early-taps";
import { chooseLanguage } from "@/lib/i18n/language-cookie";

declare global {
  interface Window {
    /** Targets of taps made before this script ran (public/theme-init.js); null once answered. */
    __jplayTapsBeforeScripts?: EventTarget[] | null;
  }
}

/** Collects into `songs` every song (an object with an `id` and an `audioUrl`) inside `value`. */
function collectSongs(value: unknown, songs: Map<string, SongDto>) {
  if (Array.isArray(value)) {
    for (const item of value) collectSongs(item, songs);
  } else if (value && typeof value === "object") {
    const { id, audioUrl } = value as Partial<SongDto>;
    if (typeof id === "string" && typeof audioUrl === "string") songs.set(id, value as SongDto);
    for (const inner of Object.values(value)) collectSongs(inner, songs);
  }
}

/**
 * The songs the server rendered this page with, by id: those in the page's JSON data blocks (Home's,
 * a browsing screen's), after #root, read at the tap, by which time they have arrived.
 */
function serverSongs(): Map<string, SongDto> {
  const songs = new Map<string, SongDto>();
  for (const block of document.querySelectorAll('script[type="application/json"]')) {
    try {
      collectSongs(JSON.parse(block.textContent ?? ""), songs);
    } catch {
      // Not data this script can read: its taps wait for the app.
    }
  }
  return songs;
}

/** Every song card's play control says whether its song is playing (the app redraws them once it runs). */
function markPlaying(songId: string, playing: boolean) {
  for (const control of document.querySelectorAll<HTMLElement>('[data-early-tap="play"][aria-pressed]')) {
    control.setAttribute("aria-pressed", String(playing && control.dataset.songId === songId));
  }
}

let startedHere: SongDto | null = null;

function play(control: HTMLElement): boolean {
  const song = serverSongs().get(control.dataset.songId ?? "");
  const audio = document.querySelector<HTMLAudioElement>("#root audio");
  if (!song || !audio) return false;
  if (startedHere?.id === song.id && holds(audio, song.audioUrl)) {
    if (audio.paused) void audio.play().catch(() => undefined);
    else audio.pause();
    markPlaying(song.id, !audio.paused);
    return true;
  }
  startedHere = song;
  recordEarlySong(song);
  // A refusal (a file that cannot play) shows once the app runs: its player reads the element.
  void loadAndPlay(audio, song.audioUrl).catch(() => undefined);
  markPlaying(song.id, true);
  return true;
}

function like(control: HTMLElement): boolean {
  const song = serverSongs().get(control.dataset.songId ?? "");
  if (!song) return false;
  const liked = toggleStoredLike(song);
  for (const heart of document.querySelectorAll<HTMLElement>('[data-early-tap="like"]')) {
    if (heart.dataset.songId === song.id) heart.setAttribute("aria-pressed", String(liked));
  }
  return true;
}

/**
 * The server renders every heart unliked (it cannot read this tablet's likes): each heart of a liked
 * song is marked liked as soon as the page is parsed, so what a first tap on it does (unlike) is what
 * it shows.
 */
function markLikedHearts() {
  const liked = new Set(likedIds.items());
  for (const heart of document.querySelectorAll<HTMLElement>('[data-early-tap="like"]')) {
    if (heart.dataset.songId && liked.has(heart.dataset.songId)) heart.setAttribute("aria-pressed", "true");
  }
}

function toggleMenu(control: HTMLElement): boolean {
  const menu = document.getElementById(control.getAttribute("aria-controls") ?? "");
  if (!menu) return false;
  menu.hidden = !menu.hidden;
  control.setAttribute("aria-expanded", String(!menu.hidden));
  return true;
}

function switchLanguage(control: HTMLElement): boolean {
  const language = control.dataset.language;
  if (!isLanguage(language)) return false;
  chooseLanguage(language);
  // The Worker renders the page again in the language the cookie now names.
  window.location.reload();
  return true;
}

/** Answers a tap on `target`; false when it is not one of the controls answered here. */
function answer(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  const control = target.closest<HTMLElement>("[data-early-tap]");
  if (!control) return false;
  switch (control.dataset.earlyTap) {
    case "play":
      return play(control);
    case "like":
      return like(control);
    case "theme":
      applyTheme(currentTheme() === "dark" ? "light" : "dark");
      return true;
    case "menu":
      return toggleMenu(control);
    case "language":
      return switchLanguage(control);
    default:
      return false;
  }
}

function onTap(event: MouseEvent) {
  if (appIsRunning()) {
    document.removeEventListener("click", onTap, true);
    return;
  }
  // Answered here, so React (hydrating meanwhile) does not answer it a second time.
  if (answer(event.target)) {
    event.preventDefault();
    event.stopPropagation();
  }
}

if (!appIsRunning()) {
  // An async script: it may run before the body has been parsed.
  if (document.readyState === "loading") {
    document.addEventListener(
      "DOMContentLoaded",
      () => {
        if (!appIsRunning()) markLikedHearts();
      },
      { once: true },
    );
  } else markLikedHearts();
  document.addEventListener("click", onTap, true);
  const taps = window.__jplayTapsBeforeScripts ?? [];
  window.__jplayTapsBeforeScripts = null;
  for (const target of taps) answer(target);
}
