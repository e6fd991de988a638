/**
 * A stand-in for the Workers AI binding (`env.AI`), which has no local mode: as strict as Workers AI
 * about the Whisper models' input (docs/decisions/075-speech-to-text-screening.md). `@cf/openai/whisper`
 * takes `audio` as an array of byte values; `@cf/openai/whisper-large-v3-turbo` takes base64 `audio`
 * (and optional `task`, `language`, …) and answers `text`, `word_count`, `segments`,
 * `transcription_info` and `vtt`. Bad input, an unknown model or a request over the size limit throws
 * as `env.AI.run` does (an error whose message starts with Workers AI's code). It records every call,
 * answers what the test says the audio contains, and fails the next calls when told to.
 */

const TURBO = "@cf/openai/whisper-large-v3-turbo";
const WHISPER = "@cf/openai/whisper";
const TURBO_FIELDS = new Set([
  "audio",
  "task",
  "language",
  "vad_filter",
  "initial_prompt",
  "prefix",
  "beam_size",
  "condition_on_previous_text",
  "no_speech_threshold",
  "compression_ratio_threshold",
  "log_prob_threshold",
  "hallucination_silence_threshold",
]);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The error `env.AI.run` throws: Workers AI's internal code, then its description. */
export class InferenceUpstreamError extends Error {
  override name = "InferenceUpstreamError";
  constructor(
    readonly code: number,
    description: string,
  ) {
    super(`${code}: ${description}`);
  }
}

/** Workers AI's errors a transcription can meet (its documented table). */
export const AI_ERRORS = {
  tooLarge: () => new InferenceUpstreamError(3006, "Request is too large"),
  timeout: () => new InferenceUpstreamError(3007, "Request timeout"),
  outOfCapacity: () => new InferenceUpstreamError(3040, "No more data centers to forward the request to"),
  noSuchModel: (model: string) => new InferenceUpstreamError(5007, `No such model ${model} or task`),
  invalidBase64: (type: string) => new InferenceUpstreamError(5004, `Invalid data type for base64 input: ${type}`),
  badInput: (detail: string) => new InferenceUpstreamError(5006, `Error: ${detail}`),
};

export interface AiCall {
  model: string;
  inputs: Record<string, unknown>;
  /** The audio bytes the call carried. */
  audio: Uint8Array;
}

export class WorkersAiDouble {
  readonly calls: AiCall[] = [];
  /** Errors the next calls throw, in order (after validation, as the service would). */
  failures: Error[] = [];

  constructor(
    /** The words the model hears in an audio file. */
    private readonly hear: (audio: Uint8Array) => string,
    private readonly maxAudioBytes = 25 * 1024 * 1024,
  ) {}

  get binding(): Ai {
    return { run: (model: string, inputs: unknown) => this.run(model, inputs) } as unknown as Ai;
  }

  async run(model: string, inputs: unknown): Promise<unknown> {
    if (model !== TURBO && model !== WHISPER) throw AI_ERRORS.noSuchModel(model);
    if (typeof inputs !== "object" || inputs === null || !("audio" in inputs)) throw AI_ERRORS.badInput("required properties at '/' are 'audio'");
    const given = inputs as Record<string, unknown>;
    const audio = model === TURBO ? turboAudio(given) : whisperAudio(given);
    if (audio.byteLength > this.maxAudioBytes) throw AI_ERRORS.tooLarge();
    this.calls.push({ model, inputs: given, audio });
    const failure = this.failures.shift();
    if (failure) throw failure;
    const text = this.hear(audio);
    const words = text.split(/\s+/).filter(Boolean);
    if (model === WHISPER) return { text, word_count: words.length, words: words.map((word, i) => ({ word, start: i, end: i + 1 })), vtt: `WEBVTT\n\n${text}` };
    return {
      text,
      word_count: words.length,
      segments: [
        {
          start: 0,
          end: words.length,
          text,
          temperature: 0,
          avg_logprob: -0.2,
          compression_ratio: 1.2,
          no_speech_prob: 0.01,
          words: words.map((word, i) => ({ word, start: i, end: i + 1 })),
        },
      ],
      transcription_info: {
        language: typeof given.language === "string" ? given.language : "en",
        language_probability: 0.97,
        duration: words.length,
        duration_after_vad: words.length,
      },
      vtt: `WEBVTT\n\n${text}`,
    };
  }
}

function turboAudio(inputs: Record<string, unknown>): Uint8Array {
  for (const key of Object.keys(inputs)) if (!TURBO_FIELDS.has(key)) throw AI_ERRORS.badInput(`additional property '${key}' is not allowed`);
  const { audio, task, language } = inputs;
  if (typeof audio !== "string") throw AI_ERRORS.invalidBase64(Array.isArray(audio) ? "array" : typeof audio);
  if (!BASE64.test(audio)) throw AI_ERRORS.invalidBase64("string");
  if (task !== undefined && task !== "transcribe" && task !== "translate") throw AI_ERRORS.badInput("'/task' must be 'transcribe' or 'translate'");
  if (language !== undefined && (typeof language !== "string" || !/^[a-z]{2}$/.test(language)))
    throw AI_ERRORS.badInput("'/language' must be an ISO 639-1 code");
  return Uint8Array.from(atob(audio), (c) => c.charCodeAt(0));
}

function whisperAudio(inputs: Record<string, unknown>): Uint8Array {
  const { audio } = inputs;
  if (!Array.isArray(audio) || audio.some((b) => !Number.isInteger(b) || b < 0 || b > 255))
    throw AI_ERRORS.badInput("'/audio' must be an array of integers from 0 to 255");
  return Uint8Array.from(audio as number[]);
}
