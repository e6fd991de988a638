import { describe, expect, it } from "vitest";
import { MESSAGES, SONG_FILE_MESSAGES } from "@jplay/schema/distribution";
import { english } from "@/lib/i18n";
import { coverJpeg, coverPng } from "../../../../../workers/api/test/cover-files";
import { coverFileCheck, detailProblem, fieldOfServerMessage, problemText, songFileCheck } from "./song-form-checks";

const FORM_MESSAGES = [
  MESSAGES.artistName,
  "Artist name must be at most 100 characters",
  MESSAGES.songTitle,
  "Song title must be at most 150 characters",
  MESSAGES.explicit,
  MESSAGES.price,
  ...SONG_FILE_MESSAGES,
  MESSAGES.coverType,
  MESSAGES.coverSize,
];

describe("song form checks in English", () => {
  it("shows every shared rule's message exactly as the rule words it", () => {
    for (const message of FORM_MESSAGES) expect(problemText(message, english)).toBe(message);
  });

  it("answers the shared rules' messages", async () => {
    expect(detailProblem("artistName", "A", english)).toBe("Artist name must be at least 2 characters");
    expect(detailProblem("artistName", "A".repeat(101), english)).toBe("Artist name must be at most 100 characters");
    expect(detailProblem("songTitle", " ", english)).toBe("Song title is required");
    expect(detailProblem("explicit", "", english)).toBe("Please say whether the song has explicit content");
    expect(detailProblem("price", "5", english)).toBe("Price must be between $0.70 and $1.99");
    expect(detailProblem("price", "1.99", english)).toBeNull();
    expect(await songFileCheck(null, english)).toBe("Please upload an MP3 file");
    expect(await songFileCheck(new File(["x"], "song.wav", { type: "audio/wav" }), english)).toBe("Please select an MP3 file");
    expect(await songFileCheck(new File(["not an mp3"], "song.mp3", { type: "audio/mpeg" }), english)).toBe("Please select an MP3 file");
    expect(await coverFileCheck(null, english)).toBeNull();
    expect(await coverFileCheck(new File(["not a png"], "cover.png", { type: "image/png" }), english)).toBe("Please select a JPG or PNG image for the cover");
    // The server's cover rule, on the same bytes before anything is sent.
    const cover = (bytes: Uint8Array<ArrayBuffer>, name = "cover.png") => new File([bytes], name, { type: name.endsWith(".png") ? "image/png" : "image/jpeg" });
    expect(await coverFileCheck(cover(coverPng(1000)), english)).toBe("The cover must be at least 1400 × 1400 pixels. Please export a larger image.");
    expect(await coverFileCheck(cover(coverJpeg(1400, 1600), "cover.jpg"), english)).toBe("The cover must be square: the same width and height.");
    expect(await coverFileCheck(cover(coverJpeg(1400, 1400, 4), "cover.jpg"), english)).toBe(
      "The cover must be in RGB colour, not greyscale or CMYK. Please export it as RGB.",
    );
    expect(await coverFileCheck(cover(coverPng(1400)), english)).toBeNull();
  });

  it("finds the field a server refusal is about", () => {
    expect(fieldOfServerMessage(MESSAGES.songCutShort, english)).toBe("songFile");
    expect(fieldOfServerMessage(MESSAGES.explicit, english)).toBe("explicit");
    expect(fieldOfServerMessage("Something else", english)).toBeNull();
  });
});
