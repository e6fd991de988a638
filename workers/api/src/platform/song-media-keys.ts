/**
 * Where a song's derived media live in R2, beside its upload (`songs/<id>/audio.mp3`): named once
 * here because the module that writes them (releases/) and those that serve them (catalogue/,
 * provider/) sit apart (docs/architecture.md, Layers).
 */

/** The preview clip listeners hear before they buy (docs/audio-checks.md, "Previews"). */
export const previewAudioKey = (songId: string) => `songs/${songId}/preview.mp3`;

/** The low-bitrate copy the tablet's player streams (docs/audio-checks.md, "Stream copy"). */
export const streamAudioKey = (songId: string) => `songs/${songId}/stream.mp3`;
