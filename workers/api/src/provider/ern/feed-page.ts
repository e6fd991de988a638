/**
 * One page of the ERN feed from one page of the delivery feed's changes: the same cursors, kinds,
 * song ids and times as the JSON feed, each change carrying one complete ERN 4.3 message (ERN has one
 * message per document, so a page cannot be one XML document). Pure: the route reads the changes and
 * signs the links; tests build pages from plain data.
 */
import type { CatalogueChangeKind } from "@jplay/schema/tables";
import type { ErnFeedPage, MediaKind } from "@jplay/schema/provider-feed";
import type { MessageContext, MessagingParty } from "./message-header";
import { buildNewReleaseMessage } from "./new-release-message";
import type { ReleaseFacts } from "./release-facts";
import { buildTakedownMessage } from "./takedown-message";

/** One change of the catalogue log with the song as it is now. */
export interface FeedEntry {
  cursor: string;
  kind: CatalogueChangeKind;
  songId: string;
  /** ISO 8601. */
  at: string;
  song: ReleaseFacts;
}

export interface FeedEntries {
  entries: FeedEntry[];
  nextCursor: string;
  hasMore: boolean;
}

export interface ErnPageSettings {
  sender: MessagingParty;
  recipient: MessagingParty;
  control: MessageContext["control"];
}

export type SignMediaLink = (songId: string, kind: MediaKind) => Promise<string>;

/** The message id of a change: the same change always gets the same one. */
export const ernMessageId = (cursor: string) => `JPLAY-CHANGE-${cursor}`;

export async function buildErnFeedPage(
  { entries, nextCursor, hasMore }: FeedEntries,
  settings: ErnPageSettings,
  signLink: SignMediaLink,
): Promise<ErnFeedPage> {
  const changes = await Promise.all(
    entries.map(async ({ cursor, kind, songId, at, song }) => {
      const context: MessageContext = { ...settings, messageId: ernMessageId(cursor), threadId: songId, createdAt: at };
      const ern =
        kind === "takedown"
          ? buildTakedownMessage(song, at, context)
          : buildNewReleaseMessage(
              song,
              {
                audioUrl: await signLink(songId, "audio"),
                coverUrl: song.hasCover ? await signLink(songId, "cover") : null,
                previewUrl: song.preview ? await signLink(songId, "preview") : null,
              },
              context,
            );
      return { cursor, kind, songId, at, ern };
    }),
  );
  return { changes, nextCursor, hasMore };
}
