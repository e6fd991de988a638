/**
 * A translated sentence with elements inside it (a song title in bold, a link), kept whole so a
 * translator can move the elements where the language puts them:
 *
 *   withElements(i18n._("{title} by {artist} is on its way to listeners.", slots("title", "artist")), {
 *     title: <span className="font-semibold">{title}</span>,
 *     artist,
 *   })
 *
 * `slots` fills each placeholder with a marker no text holds; `withElements` cuts the translated text
 * at the markers and puts each element in its place.
 */
import { Fragment, type ReactNode } from "react";

const MARK = "\u0001";
const SLOT = new RegExp(`${MARK}(\\w+)${MARK}`);

/** Values for `i18n._` that mark where each named element goes. */
export const slots = (...names: string[]): Record<string, string> => Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`]));

export function withElements(text: string, elements: Record<string, ReactNode>): ReactNode {
  // split with a capture group: text, name, text, name, … text
  const parts = text.split(SLOT);
  return parts.map((part, index) => <Fragment key={index}>{index % 2 === 1 ? elements[part] : part}</Fragment>);
}
