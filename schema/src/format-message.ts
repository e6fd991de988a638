/**
 * English at run time: the source message itself with its `{name}` placeholders filled. This is all
 * English needs, so an English visit carries no i18n library and no catalogue, and the Worker's
 * messages are written in English the same way (docs/decisions/035-i18n-library.md); Spanish goes
 * through Lingui. Messages use placeholders only: no ICU plurals or selects, and no apostrophe
 * quoting. The web app's and the Worker's translation tests check every message in their catalogues
 * against Lingui's own compiled English, so a message this cannot write the way Lingui would fails there.
 */
export type MessageValues = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

export function formatSourceMessage(message: string, values: MessageValues = {}): string {
  return message.replace(PLACEHOLDER, (_whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : ""));
}
