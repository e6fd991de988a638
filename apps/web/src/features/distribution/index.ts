/** What other features use of distribution: the credits editor and the names of the release metadata's values. */
export { CreditsField } from "./release-details/credits-field";
export { CREDIT_ROLE_LABELS, GENRE_LABELS, LYRICS_LANGUAGE_LABELS } from "./release-details/labels";
