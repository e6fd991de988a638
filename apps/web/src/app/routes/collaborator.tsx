/** `/collaborator`: the page a collaborator's texted link lands on, its token kept in a cookie (docs/splits.md, Accepting). */
import { ARTIST_LINK_FROM_COOKIE } from "@jplay/schema/artist";
import { CollaboratorShares } from "@/features/collaborator/components/collaborator-shares";
import { QueryScreen } from "@/lib/query";

export function Component() {
  return (
    <QueryScreen>
      <CollaboratorShares token={ARTIST_LINK_FROM_COOKIE} />
    </QueryScreen>
  );
}
