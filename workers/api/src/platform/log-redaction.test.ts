import { describe, expect, it } from "vitest";
import { loggablePath } from "./log-redaction";

describe("paths in log lines", () => {
  it("never hold an artist page token, in the page or its API", () => {
    expect(loggablePath("/artist/3q2-Xy_9zAbC")).toBe("/artist/[token]");
    expect(loggablePath("/api/artist/3q2-Xy_9zAbC/card/setup-intent")).toBe("/api/artist/[token]/card/setup-intent");
    expect(loggablePath("/api/artist/3q2-Xy_9zAbC?month=2026-10")).toBe("/api/artist/[token]?month=2026-10");
  });

  it("never hold a collaborator page token, in the page or its API", () => {
    expect(loggablePath("/collaborator/3q2-Xy_9zAbC")).toBe("/collaborator/[token]");
    expect(loggablePath("/api/collaborator/3q2-Xy_9zAbC/accept")).toBe("/api/collaborator/[token]/accept");
  });

  it("leave every other path as it is", () => {
    for (const path of ["/", "/distribute", "/api/songs/popular", "/api/admin/artists/a1b2", "/api/distribute/song-1/complete", "/artists"]) {
      expect(loggablePath(path)).toBe(path);
    }
  });
});
