/**
 * What a log line may say about a request's address. An artist page token is the artist's only
 * credential (`/artist/{token}` and the API under `/api/artist/{token}/…`): a path holding one is
 * logged without it, as is a collaborator's (`/collaborator/{token}`, docs/splits.md), so logs, and whoever reads or ships them, never hold a way into an artist's page.
 */
const ARTIST_TOKEN_SEGMENT = /(\/(?:artist|collaborator)\/)[^/?#]+/g;

export const loggablePath = (path: string): string => path.replace(ARTIST_TOKEN_SEGMENT, "$1[token]");
