// The normalisation's rule on its own: the step closest to −14 LUFS, never one that takes the true
// peak over −1 dBTP, and the gain applied to every granule alike (and reversibly).
import { describe, expect, it } from "vitest";
import { toneMp3 } from "../../test/mp3-files";
import { GAIN_STEP_DB, globalGains, layer3Frames } from "../platform/mp3-side-info";
import { applyGainSteps, deliveredLoudness, normalisationSteps } from "./normalise-loudness";

describe("normalisationSteps", () => {
  it("takes the step closest to −14 LUFS", () => {
    expect(normalisationSteps({ integratedLufs: -14, truePeakDbtp: -5 })).toBe(0);
    expect(normalisationSteps({ integratedLufs: -6, truePeakDbtp: -6 })).toBe(-5); // −13.53, not −15.03
    expect(normalisationSteps({ integratedLufs: -17.1, truePeakDbtp: -8 })).toBe(2);
  });

  it("turns a quiet song with loud peaks up only as far as −1 dBTP", () => {
    // 10 LU short of the target, but 4.5 dB of peak room: three steps (4.52 dB) would pass −1 dBTP.
    const steps = normalisationSteps({ integratedLufs: -24, truePeakDbtp: -5.5 });
    expect(steps).toBe(2);
    expect(deliveredLoudness({ integratedLufs: -24, truePeakDbtp: -5.5 }, steps).truePeakDbtp).toBeLessThanOrEqual(-1);
  });

  it("turns down a master whose true peak is already over −1 dBTP even when its loudness is on target", () => {
    expect(normalisationSteps({ integratedLufs: -14, truePeakDbtp: 0.3 })).toBe(-1);
  });

  it("gives ReplayGain 2.0's track gain to −18 LUFS and the copy's linear peak", () => {
    const delivered = deliveredLoudness({ integratedLufs: -8, truePeakDbtp: -2 }, -4);
    expect(delivered.appliedGainDb).toBeCloseTo(-4 * GAIN_STEP_DB, 10);
    expect(delivered.replayGainTrackGainDb).toBeCloseTo(-18 - (-8 - 4 * GAIN_STEP_DB), 10);
    expect(delivered.replayGainTrackPeak).toBeCloseTo(10 ** ((-2 - 4 * GAIN_STEP_DB) / 20), 10);
  });
});

describe("applyGainSteps", () => {
  it("moves every granule's global_gain by the same steps and nothing else, reversibly", () => {
    const audio = toneMp3(2);
    const { audio: louder, steps } = applyGainSteps(audio, 3);
    expect(steps).toBe(3);
    const before = layer3Frames(audio, 0).flatMap((frame) => globalGains(audio, frame));
    const after = layer3Frames(louder, 0).flatMap((frame) => globalGains(louder, frame));
    expect(after).toEqual(before.map((gain) => gain + 3));
    expect(applyGainSteps(louder, -3).audio).toEqual(audio);
  });

  it("holds the steps to what every global_gain has room for", () => {
    const audio = toneMp3(1);
    const highest = Math.max(...layer3Frames(audio, 0).flatMap((frame) => globalGains(audio, frame)));
    expect(applyGainSteps(audio, 300).steps).toBe(255 - highest);
  });
});
