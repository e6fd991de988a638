/**
 * Where the header's Library link goes: the listener's purchases (`/library`) on a tablet the provider
 * opened with a listener token, else Home's "learn more" section (docs/product.md, Screens). Read after
 * the first render, so a page the Worker rendered hydrates with the anonymous link first.
 */
import { useEffect, useState } from "react";
import { currentListenerToken } from "./listener-token";

export const ANONYMOUS_LIBRARY_LINK = "/#learn-more";
export const LIBRARY_PATH = "/library";

export function useLibraryLink(): string {
  const [link, setLink] = useState(ANONYMOUS_LIBRARY_LINK);
  useEffect(() => {
    if (currentListenerToken()) setLink(LIBRARY_PATH);
  }, []);
  return link;
}
