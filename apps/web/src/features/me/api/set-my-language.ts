/** `PUT /api/me/language`: the session's artist's texts and statements are written in `language` from now on. */
import type { Language } from "@jplay/schema/language";
import type { MyLanguageRequest } from "@jplay/schema/me";
import { apiRequest } from "@/lib/api-client";

export const setMyLanguage = (language: Language) => apiRequest<MyLanguageRequest>("PUT", "/api/me/language", { language } satisfies MyLanguageRequest);
