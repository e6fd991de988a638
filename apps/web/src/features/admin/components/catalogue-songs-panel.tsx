/**
 * The Catalogue tab's songs: the featured song (chosen among the live songs, or none), the live songs
 * with Take down, and the taken-down songs with their reason and Restore. One search narrows both
 * lists (the server's, so it reaches every song however many there are).
 */
import { useDeferredValue, useState, type FormEvent, type ReactNode } from "react";
import type { AdminCatalogueResponse, AdminLiveSong } from "@jplay/schema/catalogue-control";
import { Button } from "@/components/ui/button";
import { DataTable, tableCell } from "@/components/ui/data-table";
import { inputClass } from "@/components/ui/field";
import { SearchIcon } from "@/components/ui/icons";
import { apiErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useAdminCatalogue, useRestoreSong, useSetFeaturedSong } from "../api/catalogue";
import { isrcWords, upcWords } from "./labels";
import { TakeDownSongDialog } from "./take-down-song-dialog";
import type { SongDecided } from "./reason-dialog";
import { Moment } from "./moment";

const cell = tableCell("panel");
const NO_FEATURED = "";
const when = (iso: string | null) => (iso ? <Moment iso={iso} className="whitespace-nowrap" /> : "—");
const explicitWords = (explicit: boolean | null) => (explicit === null ? "Not answered" : explicit ? "Explicit" : "Clean");
const songLabel = (song: AdminLiveSong) => `${song.title} — ${song.artistName}`;

function FeaturedSongForm({ catalogue }: { catalogue: AdminCatalogueResponse }) {
  const setFeatured = useSetFeaturedSong();
  const current = catalogue.featured;
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? current?.id ?? NO_FEATURED;
  // The featured song is offered even when the search leaves it out.
  const options = current && !catalogue.live.some((song) => song.id === current.id) ? [current, ...catalogue.live] : catalogue.live;
  const selectedSong = options.find((song) => song.id === selected) ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const songId = selected === NO_FEATURED ? null : selected;
    setFeatured.mutate(songId, {
      onSuccess: () => {
        toast.success("Featured song saved", selectedSong ? `“${selectedSong.title}” is the featured song.` : "No song is featured.");
        setChosen(null);
      },
      onError: (error) => toast.error("Featured song not saved", apiErrorMessage(error, "Please try again.")),
    });
  }

  return (
    <form onSubmit={submit} aria-labelledby="featured-heading" className="space-y-2 rounded-2xl border border-line bg-surface p-4">
      <h3 id="featured-heading" className="font-bold">
        Featured song
      </h3>
      <p className="text-sm text-muted">Now: {current ? songLabel(current) : "none"}. Home's player bar shows it until a listener picks a song.</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="min-w-64 flex-1 space-y-1 text-sm">
          <span className="block font-semibold">Choose the featured song</span>
          <select value={selected} onChange={(event) => setChosen(event.currentTarget.value)} className={inputClass(false)}>
            <option value={NO_FEATURED}>None</option>
            {options.map((song) => (
              <option key={song.id} value={song.id}>
                {songLabel(song)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={setFeatured.isPending || selected === (current?.id ?? NO_FEATURED)} aria-busy={setFeatured.isPending}>
          Save featured song
        </Button>
      </div>
      {selectedSong && selectedSong.explicit !== false && (
        <p className="text-sm">Clean-only facilities show no featured song while this {selectedSong.explicit ? "explicit" : "unanswered"} one is featured.</p>
      )}
    </form>
  );
}

/** A table of songs: title, artist, the list's own columns, and one action per song. */
function SongsTable<Song extends { id: string; title: string; artistName: string }>({
  caption,
  columns,
  songs,
  cells,
  action,
}: {
  caption: string;
  columns: string[];
  songs: Song[];
  cells: (song: Song) => ReactNode[];
  action: (song: Song) => ReactNode;
}) {
  return (
    <DataTable caption={caption} headings={["Title", "Artist", ...columns, <span className="sr-only">Actions</span>]} size="panel">
      {songs.map((song) => (
        <tr key={song.id}>
          {[song.title, song.artistName, ...cells(song)].map((content, index) => (
            <td key={index} className={cell}>
              {content}
            </td>
          ))}
          <td className={cell}>{action(song)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function LiveSongsTable({ catalogue, onTakeDown }: { catalogue: AdminCatalogueResponse; onTakeDown: (song: SongDecided) => void }) {
  if (catalogue.live.length === 0) return <p className="py-4 text-muted">No live songs match.</p>;
  return (
    <SongsTable
      caption="Live songs, newest first"
      columns={["Content", "Live since", "ISRC", "UPC"]}
      songs={catalogue.live}
      cells={(song) => [explicitWords(song.explicit), when(song.distributedAt), isrcWords(song.isrc), upcWords(song.upc)]}
      action={(song) => (
        <Button variant="secondary" size="sm" aria-label={`Take down ${song.title}`} onClick={() => onTakeDown(song)}>
          Take down
        </Button>
      )}
    />
  );
}

function TakenDownTable({ catalogue }: { catalogue: AdminCatalogueResponse }) {
  const restore = useRestoreSong();
  if (catalogue.takenDown.length === 0) return <p className="py-4 text-muted">No songs are taken down.</p>;
  return (
    <SongsTable
      caption="Taken-down songs, most recent first"
      columns={["Reason", "Taken down"]}
      songs={catalogue.takenDown}
      cells={(song) => [song.reason, when(song.takenDownAt)]}
      action={(song) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Restore ${song.title}`}
          disabled={restore.isPending && restore.variables === song.id}
          onClick={() =>
            restore.mutate(song.id, {
              onSuccess: () => toast.success("Song restored", `“${song.title}” is back in the catalogue; the artist is texted.`),
              onError: (error) => toast.error("Song not restored", apiErrorMessage(error, "Please try again.")),
            })
          }
        >
          Restore
        </Button>
      )}
    />
  );
}

export function CatalogueSongsPanel() {
  const [search, setSearch] = useState("");
  const query = useDeferredValue(search.trim());
  const catalogue = useAdminCatalogue(query);
  const [takingDown, setTakingDown] = useState<SongDecided | null>(null);

  return (
    <section aria-labelledby="catalogue-songs-heading" className="space-y-4">
      <h2 id="catalogue-songs-heading" className="text-lg font-bold">
        Songs in the catalogue
      </h2>
      <div className="relative max-w-xl">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
        <input
          type="search"
          aria-label="Search songs in the catalogue"
          placeholder="Search by title or artist"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          className={inputClass(false, "pl-10")}
        />
      </div>
      {catalogue.isPending ? (
        <p role="status" className="py-4 text-muted">
          Loading the catalogue...
        </p>
      ) : catalogue.isError ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {apiErrorMessage(catalogue.error, "The catalogue could not be loaded. Please try again.")}
        </p>
      ) : (
        <>
          <FeaturedSongForm catalogue={catalogue.data} />
          <h3 className="font-bold">Live songs</h3>
          <p className="text-sm text-muted" aria-live="polite">
            Showing {catalogue.data.live.length.toLocaleString()} of {catalogue.data.liveMatching.toLocaleString()} live songs
            {query ? ` matching “${query}”` : ""}
          </p>
          <LiveSongsTable catalogue={catalogue.data} onTakeDown={setTakingDown} />
          <h3 className="font-bold">Taken down</h3>
          <TakenDownTable catalogue={catalogue.data} />
        </>
      )}
      <TakeDownSongDialog song={takingDown} onClose={() => setTakingDown(null)} />
    </section>
  );
}
