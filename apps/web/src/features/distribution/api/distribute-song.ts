/**
 * `POST /api/distribute` (multipart): uploads the song and answers its id. Sent with XMLHttpRequest
 * because fetch cannot report upload progress; errors follow the api client's rule (ApiError with
 * "<status>: <body>"; an answer not of DistributeResponseSchema's shape is an UnexpectedAnswerError), and cancelling rejects with an AbortError like fetch would. Like the api client, it tells
 * the network detector (lib/network-status.ts) whether the server was reached.
 */
import { useCallback, useRef, useState } from "react";
import { DistributeResponseSchema, type DistributeResponse } from "@jplay/schema/payments";
import { ApiError, checkedAnswer, parseJson } from "@/lib/api-client";
import { networkStatus } from "@/lib/network-status";
import { useMutation } from "@tanstack/react-query";

export interface UploadProgress {
  loaded: number;
  /** 0 until the browser knows the request's size. */
  total: number;
}

export interface DistributeOptions {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

export function distributeSong(body: FormData, { signal, onProgress }: DistributeOptions = {}): Promise<DistributeResponse> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    if (signal?.aborted) return aborted();

    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/distribute");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      networkStatus().requestReached();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`));
        return;
      }
      try {
        resolve(checkedAnswer("POST", "/api/distribute", DistributeResponseSchema, parseJson(xhr.responseText)));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      networkStatus().requestFailed();
      reject(new TypeError("Network error while uploading."));
    };
    xhr.onabort = aborted;
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The upload as a write, with its progress and a cancel that aborts the request. */
export function useDistributeSong() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const write = useMutation({
    mutationFn: (body: FormData) => {
      controller.current = new AbortController();
      setProgress({ loaded: 0, total: 0 });
      return distributeSong(body, { signal: controller.current.signal, onProgress: setProgress });
    },
    onSettled: () => {
      controller.current = null;
      setProgress(null);
    },
  });
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...write, progress, cancel };
}
