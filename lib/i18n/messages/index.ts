import de from "./de.json";
import en from "./en.json";

/**
 * The catalogue: ICU messages in one JSON file per language, one top-level namespace per page or
 * feature (`common` for the layout and header; `errors` for every API error code). The next-intl
 * plugin precompiles these files at build time (next.config.mjs), so the browser gets no ICU parser.
 * English is the reference: German must have the same shape (checked here by `tsc`).
 */
export type Messages = typeof en;

/** One catalogue per language; ../locales.ts checks that every language it lists has one here. */
export const MESSAGES: { readonly en: Messages; readonly de: Messages } = { en, de };
