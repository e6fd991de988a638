/**
 * The ResourceList of a single: the sound recording (A1) and, when the song has one, its front cover
 * image (A2). A release message gives each file's signed, expiring link as its URI; a takedown names
 * the same resources without links, since their files are no longer served. The recording's
 * technical details also describe its preview clip (ClipDetails, ClipType Preview: where in the song it
 * starts, how long it is, and its own link; docs/audio-checks.md, "Previews").
 */
import { ERN_PARENTAL_WARNING, isoDuration } from "./ern-values";
import type { ReleaseParties } from "./parties";
import type { ReleaseFacts, RightsLine } from "./release-facts";
import { element, textElement, type XmlElement } from "./xml";

export const SOUND_RECORDING_REFERENCE = "A1";
export const COVER_IMAGE_REFERENCE = "A2";

/** Where to fetch the files; null: name the resources without links (a takedown). */
export interface MediaLinks {
  audioUrl: string;
  coverUrl: string | null;
  /** Null when the song has no preview clip. */
  previewUrl: string | null;
}

/** `<ProprietaryId Namespace="DPID:…">`: an id JPlay gives, under JPlay's own DDEX Party ID. */
export const proprietaryId = (senderPartyId: string, id: string) => textElement("ProprietaryId", id, { Namespace: `DPID:${senderPartyId}` });

export const rightsLine = (kind: "PLine" | "CLine", line: RightsLine | null) =>
  line &&
  element(
    kind,
    {},
    textElement("Year", String(line.year)),
    textElement(`${kind}Company`, line.holder),
    textElement(`${kind}Text`, `${kind === "PLine" ? "℗" : "©"} ${line.year} ${line.holder}`),
  );

export const displayTitle = (title: string) => [textElement("DisplayTitleText", title), element("DisplayTitle", {}, textElement("TitleText", title))];

function soundRecording(facts: ReleaseFacts, parties: ReleaseParties, senderPartyId: string, links: MediaLinks | null): XmlElement {
  const technicalDetails =
    links &&
    element(
      "TechnicalDetails",
      {},
      textElement("TechnicalResourceDetailsReference", "T1"),
      element(
        "DeliveryFile",
        {},
        textElement("Type", "AudioFile"),
        textElement("AudioCodecType", "MP3"),
        element("File", {}, textElement("URI", links.audioUrl)),
      ),
      textElement("IsClip", false),
      facts.preview && links.previewUrl ? previewClip(facts.preview, links.previewUrl) : null,
    );
  return element(
    "SoundRecording",
    {},
    textElement("ResourceReference", SOUND_RECORDING_REFERENCE),
    textElement("Type", "MusicalWorkSoundRecording"),
    element(
      "SoundRecordingEdition",
      {},
      element("ResourceId", {}, facts.isrc ? textElement("ISRC", facts.isrc) : null, proprietaryId(senderPartyId, facts.songId)),
      rightsLine("PLine", facts.pLine),
      technicalDetails,
    ),
    displayTitle(facts.title),
    textElement("DisplayArtistName", facts.artist),
    parties.displayArtists,
    parties.contributors,
    textElement("Duration", isoDuration(facts.durationMs)),
    textElement("ParentalWarningType", ERN_PARENTAL_WARNING[facts.parentalWarning]),
    textElement("IsInstrumental", facts.instrumental),
    textElement("LanguageOfPerformance", facts.lyricsLanguage),
  );
}

/** The preview clip as ERN 4.3 describes one (SoundRecordingClipDetails): StartPoint in seconds. */
function previewClip(preview: { startMs: number; durationMs: number }, url: string): XmlElement {
  return element(
    "ClipDetails",
    {},
    textElement("TechnicalResourceDetailsReference", "T3"),
    textElement("ClipType", "Preview"),
    element("Timing", {}, textElement("StartPoint", (preview.startMs / 1000).toFixed(3)), textElement("DurationUsed", isoDuration(preview.durationMs))),
    textElement("ExpressionType", "Informative"),
    element("DeliveryFile", {}, textElement("Type", "AudioFile"), textElement("AudioCodecType", "MP3"), element("File", {}, textElement("URI", url))),
  );
}

function coverImage(facts: ReleaseFacts, senderPartyId: string, coverUrl: string | null): XmlElement {
  return element(
    "Image",
    {},
    textElement("ResourceReference", COVER_IMAGE_REFERENCE),
    textElement("Type", "FrontCoverImage"),
    element("ResourceId", {}, proprietaryId(senderPartyId, `${facts.songId}/cover`)),
    coverUrl
      ? element("TechnicalDetails", {}, textElement("TechnicalResourceDetailsReference", "T2"), element("File", {}, textElement("URI", coverUrl)))
      : null,
  );
}

export function resourceList(facts: ReleaseFacts, parties: ReleaseParties, senderPartyId: string, links: MediaLinks | null): XmlElement {
  return element(
    "ResourceList",
    {},
    soundRecording(facts, parties, senderPartyId, links),
    facts.hasCover && coverImage(facts, senderPartyId, links?.coverUrl ?? null),
  );
}
