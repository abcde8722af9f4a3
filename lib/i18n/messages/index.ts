import de from "./generated/de.json";
import en from "./generated/en.json";

/**
 * The catalogue: ICU messages, one top-level namespace per page or feature (`common` for the layout
 * and header; `errors` for every API error code). Each feature keeps its namespaces beside its code
 * (`features/<name>/messages/{en,de}.json`), the shared ones are here (`en.json`, `de.json`);
 * `npm run messages:generate` (run by check, build, start and the unit tests) merges them into
 * `generated/<locale>.json` (scripts/lib/messages.ts), which this imports. The next-intl plugin
 * precompiles those files at build time (next.config.mjs), so the browser gets no ICU parser.
 * English is the reference: German must have the same shape (checked here by `tsc`).
 */
export type Messages = typeof en;

/** One catalogue per language; ../locales.ts checks that every language it lists has one here. */
export const MESSAGES: { readonly en: Messages; readonly de: Messages } = { en, de };
