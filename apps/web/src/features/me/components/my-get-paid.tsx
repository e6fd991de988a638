/** "Get paid" for this browser's artist, from `GET /api/me` (the success banner, the confirmation screens). */
import { startGetPaid } from "../api/start-get-paid";
import { useMe } from "../api/get-me";
import { GetPaid } from "./get-paid";

export function MyGetPaid() {
  const artist = useMe().data?.artist;
  if (!artist) return null;
  return <GetPaid status={artist.payouts.status} heldCents={artist.payouts.heldCents} start={startGetPaid} />;
}
