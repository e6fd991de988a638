import { NotOpenYet } from "@/components/page-shell";

export function Component() {
  return <NotOpenYet title="Admin Portal" subtitle="Manage payment methods, artists, and distribution status" />;
}
