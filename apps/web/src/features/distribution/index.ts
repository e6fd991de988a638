/** What other features use of distribution: the credits editor, its role picker and the names of the release metadata's values. */
export { CreditsField } from "./release-details/credits-field";
export { CreditRoleSelect } from "./release-details/credit-role-select";
export { CREDIT_ROLE_LABELS, GENRE_LABELS, LYRICS_LANGUAGE_LABELS } from "./release-details/labels";
