/**
 * The page's first script: a tap on the server's HTML acts at once, while the app's chunks are still
 * on their way over a facility's slow Wi-Fi. Play, like, save, theme, language and the menu are
 * answered here through the same modules the app uses (the page's player store, the liked and saved
 * songs' stores, the theme's, the language cookie), so there is one way each is done. On a page of
 * islands (docs/decisions/105-listener-pages-as-islands.md) each island, once it runs, answers its own
 * taps and carries on from the same stores (lib/early-taps.ts); on a screen the SPA hydrates, the app
 * says when it runs and this script stands down. Links and the search form need nothing: they work
 * as HTML. Taps made before even this script ran were kept by public/theme-init.js and are answered
 * as it starts.
 */
import { isLanguage } from "@jplay/schema/language";
import { likedIds, toggleStoredLike } from "@/features/likes/liked-songs-store";
import { pagePlayer } from "@/features/player/player-store";
import { applyTheme, currentTheme } from "@/features/theme/theme-choice";
import { toggleStoredSave, wishlist } from "@/features/wishlist/wishlist-store";
import { appIsRunning, islandAnswers } from "@/lib/early-taps";
import { pageSongs } from "@/lib/page-songs";
import { chooseLanguage } from "@/lib/i18n/language-cookie";

declare global {
  interface Window {
    /** Targets of taps made before this script ran (public/theme-init.js); null once answered. */
    __jplayTapsBeforeScripts?: EventTarget[] | null;
  }
}

/** Every play control of `songId` says whether it plays (the islands redraw them once they run). */
function markPlaying(songId: string | undefined, playing: boolean) {
  for (const control of document.querySelectorAll<HTMLElement>('[data-early-tap="play"][aria-pressed]')) {
    if (!islandAnswers(control)) control.setAttribute("aria-pressed", String(playing && control.dataset.songId === songId));
  }
}

function play(control: HTMLElement): boolean {
  const song = pageSongs().get(control.dataset.songId ?? "");
  const player = pagePlayer();
  if (!song || !player) return false;
  // A refusal (a file that cannot play) shows once the player bar's island runs: it reads the store.
  player.toggle(song);
  return true;
}

/** The controls of `song` of one kind (`like`, `save`) say whether it is kept. */
function markKept(kind: string, songId: string, kept: boolean) {
  for (const control of document.querySelectorAll<HTMLElement>(`[data-early-tap="${kind}"]`)) {
    if (control.dataset.songId === songId && !islandAnswers(control)) control.setAttribute("aria-pressed", String(kept));
  }
}

function like(control: HTMLElement): boolean {
  const song = pageSongs().get(control.dataset.songId ?? "");
  if (!song) return false;
  markKept("like", song.id, toggleStoredLike(song));
  return true;
}

function save(control: HTMLElement): boolean {
  const song = pageSongs().get(control.dataset.songId ?? "");
  if (!song) return false;
  markKept("save", song.id, toggleStoredSave(song));
  return true;
}

/**
 * The server renders every heart unliked and every song unsaved (it cannot read this tablet's
 * lists): each control of a liked or saved song is marked so as soon as the page is parsed, so what a
 * first tap on it does (unlike, unsave) is what it shows.
 */
function markKeptSongs() {
  for (const id of likedIds.items()) markKept("like", id, true);
  for (const song of wishlist.items()) markKept("save", song.id, true);
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
    case "save":
      return save(control);
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
  // A control whose island runs answers its own taps.
  if (event.target instanceof Element && islandAnswers(event.target)) return;
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
        if (!appIsRunning()) markKeptSongs();
      },
      { once: true },
    );
  } else markKeptSongs();
  document.addEventListener("click", onTap, true);
  // Play controls follow the page's player, whoever started it (a tap here, an island, the song's end).
  const follow = () => {
    const store = pagePlayer();
    if (!store) return;
    store.subscribe(() => markPlaying(store.state().song?.id, store.state().playing));
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", follow, { once: true });
  else follow();
  const taps = window.__jplayTapsBeforeScripts ?? [];
  window.__jplayTapsBeforeScripts = null;
  for (const target of taps) answer(target);
}
