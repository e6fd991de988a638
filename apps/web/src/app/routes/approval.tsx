import { NotOpenYet } from "@/components/page-shell";

export function Component() {
  return <NotOpenYet title="Complete Your Distribution" />;
}
