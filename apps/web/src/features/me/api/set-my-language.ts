/** `PUT /api/me/language`: the session's artist's texts and statements are written in `language` from now on. */
import type { Language } from "@jplay/schema/language";
import { type MyLanguageRequest, MyLanguageSchema } from "@jplay/schema/me";
import { apiRequest } from "@/lib/api-client";

export const setMyLanguage = (language: Language) => apiRequest("PUT", "/api/me/language", MyLanguageSchema, { language } satisfies MyLanguageRequest);
