/**
 * The speech-to-text setting and the one call it makes (docs/decisions/075-speech-to-text-screening.md):
 * Workers AI's `@cf/openai/whisper-large-v3-turbo`, reached through the `AI` binding a deployment
 * declares, named by SPEECH_TO_TEXT_MODEL. Both or nothing: without them no audio is transcribed and
 * nothing is sent anywhere. The model takes the MP3 as base64 and answers `text` (with `segments`,
 * `transcription_info`, …); a call that errors, is refused as too large or takes longer than
 * TRANSCRIPTION_TIMEOUT_MS throws, and the job retries like any other.
 */
import { Buffer } from "node:buffer";

/** The one model JPlay speaks to: multilingual (English and Spanish lyrics alike) and given the MP3 as it is stored. */
export const SPEECH_TO_TEXT_MODEL = "@cf/openai/whisper-large-v3-turbo";

/**
 * The most audio bytes sent in one call. Workers AI refuses a request that is too large (error 3006,
 * HTTP 413) without saying a size for this model; 25 MiB is Whisper's own limit and well above the
 * largest MP3 an artist may upload (15 MB), so a song over it is refused here, before anything is sent.
 */
export const SPEECH_TO_TEXT_MAX_AUDIO_BYTES = 25 * 1024 * 1024;

/** How long one transcription may take before the job gives up on this attempt (and retries). */
export const TRANSCRIPTION_TIMEOUT_MS = 120_000;

export type SpeechToTextSetting =
  | { state: "off" }
  | { state: "on"; ai: Ai; model: typeof SPEECH_TO_TEXT_MODEL }
  /** Half configured or naming another model: songs are marked failed with this reason, never passed silently. */
  | { state: "misconfigured"; model: string; reason: string };

export function speechToTextSetting(env: Env): SpeechToTextSetting {
  const model = env.SPEECH_TO_TEXT_MODEL?.trim() ?? "";
  // The binding alone turns nothing on: the model must be named too.
  if (model === "") return { state: "off" };
  if (model !== SPEECH_TO_TEXT_MODEL)
    return { state: "misconfigured", model, reason: `SPEECH_TO_TEXT_MODEL names ${model}; JPlay transcribes with ${SPEECH_TO_TEXT_MODEL} only.` };
  if (!env.AI) return { state: "misconfigured", model, reason: "SPEECH_TO_TEXT_MODEL is set but the deployment declares no Workers AI binding (AI)." };
  return { state: "on", ai: env.AI, model };
}

export interface Transcript {
  text: string;
  /** ISO 639-1, when the model said. */
  language: string | null;
}

/**
 * Base64 of bytes, by the runtime's own encoder (nodejs_compat's Buffer, as Workers AI's own example
 * does): a 15 MB MP3 and its JSON body in about a third of a second, holding the body alone, where
 * a binary string for `btoa` took ten times as long and held three times the audio
 * (bench/speech-to-text-request.ts).
 */
export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");

/** Transcribes an MP3; throws on any error, refusal, timeout or an answer without text. `language` is the artist's declared lyrics language, a hint. */
export async function transcribe(ai: Ai, audio: Uint8Array, language: string | null): Promise<Transcript> {
  if (audio.byteLength > SPEECH_TO_TEXT_MAX_AUDIO_BYTES) {
    throw new Error(`The audio is ${audio.byteLength} bytes, over the ${SPEECH_TO_TEXT_MAX_AUDIO_BYTES} bytes speech-to-text accepts.`);
  }
  const input: Ai_Cf_Openai_Whisper_Large_V3_Turbo_Input = { audio: toBase64(audio), task: "transcribe", ...(language ? { language } : {}) };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Speech-to-text did not answer within ${TRANSCRIPTION_TIMEOUT_MS / 1000} s.`)), TRANSCRIPTION_TIMEOUT_MS);
  });
  try {
    const output = await Promise.race([ai.run(SPEECH_TO_TEXT_MODEL, input), timeout]);
    if (typeof output?.text !== "string") throw new Error("Speech-to-text answered without a transcript.");
    return { text: output.text.trim(), language: output.transcription_info?.language ?? null };
  } finally {
    clearTimeout(timer);
  }
}
