/**
 * The preview clip (docs/audio-checks.md, "Previews"): PREVIEW_SECONDS of an MP3's frames from a given
 * start, cut on frame boundaries without re-encoding, so it sounds exactly like the song there. A frame
 * whose audio begins in the bit reservoir of frames left before the cut (`main_data_begin` reaching
 * further back than the clip holds) is made silent rather than left to decode as noise or an error: at
 * most the clip's first few frames, tens of milliseconds. Pure: bytes in, bytes out.
 */
import { layer3Frames, mainDataBegin, silenceFrame, type Layer3Frame } from "../platform/mp3-side-info";

export interface PreviewClip {
  clip: Uint8Array;
  startMs: number;
  durationMs: number;
}

/** `seconds` of `audio` (frames only, no leading tag) from about `startSeconds`, held inside the song. */
export function cutPreview(audio: Uint8Array, startSeconds: number, seconds: number): PreviewClip {
  const frames = layer3Frames(audio, 0).filter((frame) => !frame.vbrHeader);
  const [first] = frames;
  if (!first) throw new Error("No MP3 frames to cut a preview from");
  const frameSeconds = first.header.samples / first.header.sampleRate;
  const count = Math.min(frames.length, Math.round(seconds / frameSeconds));
  const from = Math.max(0, Math.min(frames.length - count, Math.round(startSeconds / frameSeconds)));
  const chosen = frames.slice(from, from + count);
  const start = chosen[0]!.at;
  const last = chosen.at(-1)!;
  const clip = audio.slice(start, last.at + last.header.length);
  let reservoir = 0;
  for (const frame of chosen) {
    const moved: Layer3Frame = { ...frame, at: frame.at - start, sideInfoAt: frame.sideInfoAt - start };
    if (mainDataBegin(clip, moved) > reservoir) silenceFrame(clip, moved);
    reservoir += moved.mainDataBytes;
  }
  return { clip, startMs: Math.round(from * frameSeconds * 1000), durationMs: Math.round(count * frameSeconds * 1000) };
}
