/**
 * The cursor of a list paged by keyset (newest first on a creation time, ties by id): the last row's
 * time and id, opaque to the browser (base64url of "createdAt.id"). The next page starts strictly
 * after it, `(created_at, id) < (cursor)`, which SQLite seeks to in a (created_at, id) index, so a page
 * deep in a long list costs what the first does (no OFFSET).
 */
import { badRequest } from "./errors";

/** The row a page starts after. */
export interface PageAfter {
  createdAt: number;
  id: string;
}

export function pageCursor(row: PageAfter): string {
  return btoa(`${row.createdAt}.${row.id}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The row a cursor names; 400 for one no list gave. */
export function readPageCursor(cursor: string): PageAfter {
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw badRequest("This page cursor is not one the list gave.");
  }
  const match = /^(\d{1,16})\.(.{1,200})$/s.exec(text);
  if (!match) throw badRequest("This page cursor is not one the list gave.");
  return { createdAt: Number(match[1]), id: match[2]! };
}
