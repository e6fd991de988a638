/**
 * Each island of a listener page hydrated as its own small React root
 * (docs/decisions/105-listener-pages-as-islands.md): the server rendered it inside the whole page, and
 * here it is given the same props (its wrapper's JSON, its song from the page's data blocks) and the
 * same translator, so hydration changes nothing; what a tap made before it ran (a song playing, a
 * like, the theme, the menu) is in the stores it reads and shows at once. Islands share state only
 * through those stores (the page's player, the liked and saved songs, the theme), never a React
 * context across roots. This is its own chunk, fetched after first paint or at the first touch.
 */
import { StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { SongDto } from "@jplay/schema/song";
import { CardPlayButton } from "@/features/catalogue/components/song-card";
import { LanguageSwitch } from "@/features/language";
import { LikeButton, SavedForOffline } from "@/features/likes";
import { OfflineIndicator } from "@/features/offline/offline-indicator";
import { PlayerBar } from "@/features/player/components/player-bar";
import { usePlayerActions, usePlayerState } from "@/features/player/player-context";
import { MediaSession, PlayerStoreProvider } from "@/features/player/player-provider";
import { pagePlayer } from "@/features/player/player-store";
import { ThemeToggle } from "@/features/theme/theme-toggle";
import { SaveForLaterButton } from "@/features/wishlist";
import { markIslandLive } from "@/lib/early-taps";
import { SwitchLanguageByReload } from "@/lib/i18n/language-provider";
import { TranslatorContext, type Translator } from "@/lib/i18n/translator";
import { pageSongs } from "@/lib/page-songs";
import { MyMusicLink } from "@/features/me/components/my-music-nav-item";
import { DistributionSuccess } from "../distribution-success";
import { MenuButton } from "../layouts/menu-button";
import { SongPlayButton } from "@/features/catalogue/components/song-play-button";

/** What an island was rendered with: its wrapper's props and the page's songs. */
interface Given {
  props: Record<string, unknown>;
  songs: Map<string, SongDto>;
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const songOf = ({ props, songs }: Given, key: string) => songs.get(text(props[key]) ?? "");

/** A card's cover, following the page's player. */
function CardPlay({ song, priority }: { song: SongDto; priority: boolean }) {
  const { song: current, playing } = usePlayerState();
  const { toggle } = usePlayerActions();
  const isCurrent = current?.id === song.id;
  return <CardPlayButton song={song} isCurrent={isCurrent} isPlaying={isCurrent && playing} onToggle={toggle} priority={priority} />;
}

/** A song page's play button, following the page's player. */
function SongPlay({ song }: { song: SongDto }) {
  const { song: current, playing } = usePlayerState();
  const { toggle } = usePlayerActions();
  return <SongPlayButton song={song} isPlaying={current?.id === song.id && playing} onToggle={toggle} />;
}

/** The page's player for the islands that play; null (nothing to hydrate) on a page without one. */
function withPlayer(render: (store: NonNullable<ReturnType<typeof pagePlayer>>) => ReactNode): ReactNode {
  const store = pagePlayer();
  return store && <PlayerStoreProvider store={store}>{render(store)}</PlayerStoreProvider>;
}

/** Each island's content, from what it was rendered with; null: this one cannot start (its song is missing). */
const islands = new Map<string, (given: Given) => ReactNode>([
  [
    "player-bar",
    (given) =>
      withPlayer((store) => (
        <>
          <PlayerBar featuredSong={songOf(given, "featuredSongId") ?? null} />
          <MediaSession store={store} />
        </>
      )),
  ],
  [
    "card-play",
    (given) => {
      const song = songOf(given, "songId");
      return song ? withPlayer(() => <CardPlay song={song} priority={given.props.priority === true} />) : null;
    },
  ],
  [
    "song-play",
    (given) => {
      const song = songOf(given, "songId");
      return song ? withPlayer(() => <SongPlay song={song} />) : null;
    },
  ],
  [
    "like",
    (given) => {
      const song = songOf(given, "songId");
      return song ? <LikeButton song={song} className={text(given.props.className)} /> : null;
    },
  ],
  [
    "save",
    (given) => {
      const song = songOf(given, "songId");
      return song ? <SaveForLaterButton song={song} className={text(given.props.className)} /> : null;
    },
  ],
  ["theme", () => <ThemeToggle />],
  [
    "language",
    () => (
      <SwitchLanguageByReload>
        <LanguageSwitch />
      </SwitchLanguageByReload>
    ),
  ],
  ["menu", () => <MenuButton />],
  ["offline", () => <OfflineIndicator />],
  [
    "saved-offline",
    (given) => {
      const song = songOf(given, "songId");
      return song ? <SavedForOffline song={song} /> : null;
    },
  ],
  ["my-music", (given) => <MyMusicLink className={text(given.props.className) ?? ""} />],
  ["distribution-success", () => <DistributionSuccess />],
]);

/** Says, once hydrated, that the island answers its own taps (the page's first script stands down for it). */
function Live({ island, children }: { island: HTMLElement; children: ReactNode }) {
  useEffect(() => markIslandLive(island), [island]);
  return children;
}

function propsOf(island: HTMLElement): Record<string, unknown> {
  try {
    const props: unknown = JSON.parse(island.dataset.islandProps ?? "{}");
    return props && typeof props === "object" ? (props as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The page's songs, read once, by the first island that starts. */
let songs: Map<string, SongDto> | undefined;

/** Hydrates `island` (an element with `data-island`) as its own root, in `translator`'s language. */
export function hydrateIsland(island: HTMLElement, translator: Translator): void {
  const render = islands.get(island.dataset.island ?? "");
  const content = render?.({ props: propsOf(island), songs: (songs ??= pageSongs()) });
  if (!content) return;
  hydrateRoot(
    island,
    <StrictMode>
      <TranslatorContext value={translator}>
        <Live island={island}>{content}</Live>
      </TranslatorContext>
    </StrictMode>,
  );
}
