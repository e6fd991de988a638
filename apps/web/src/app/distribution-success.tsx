/**
 * Home's slot for the "{title} is being distributed" banner (features/catalogue/components/success-banner.tsx).
 * The banner shows only right after a distribution, so its code (and the song lookup it makes) comes
 * in its own chunk, fetched once the tablet says a song was just distributed: a plain visit to Home
 * never downloads it. The first render is the server's (nothing), so hydration changes nothing.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { readDistributedSongId } from "@/lib/kept-after-payment";

const DistributionSuccessBanner = lazy(() =>
  import("@/features/catalogue/components/success-banner").then((banner) => ({ default: banner.DistributionSuccessBanner })),
);

export function DistributionSuccess() {
  const [distributed, setDistributed] = useState(false);
  useEffect(() => setDistributed(readDistributedSongId() !== null), []);
  if (!distributed) return null;
  return (
    <Suspense fallback={null}>
      <DistributionSuccessBanner />
    </Suspense>
  );
}
