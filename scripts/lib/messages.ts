import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

// Each feature's texts live beside its code (features/<name>/messages/{en,de}.json); the shared
// ones (layout, navigation, API error codes) in lib/i18n/messages/{en,de}.json. next-intl reads one
// catalogue per language, so this merges them into lib/i18n/messages/generated/<locale>.json, which
// is not committed: `npm run check`, `npm run build`, `npm start` and the unit tests' global setup
// write it first (docs/adr/0245-messages-per-feature.md).

const ROOT = path.resolve(import.meta.dirname, "../..");
export const MESSAGE_LOCALES = ["en", "de"] as const;
type MessageLocale = (typeof MESSAGE_LOCALES)[number];
type Catalogue = Record<string, unknown>;

/** One owner's messages: the shared folder or a feature's `messages/`, with its top-level namespaces per language. */
export interface MessageSource {
  owner: string;
  dir: string;
  messages: Record<MessageLocale, Catalogue>;
}

function readCatalogue(file: string): Catalogue {
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new Error(`${file}: not an object of namespaces`);
  return parsed as Catalogue;
}

/** The shared messages first, then every feature's that has a `messages/` folder, in name order. */
export function readMessageSources(root: string = ROOT): MessageSource[] {
  const dirs: [string, string][] = [["lib/i18n", path.join(root, "lib/i18n/messages")]];
  const features = path.join(root, "features");
  for (const name of readdirSync(features).sort()) {
    const dir = path.join(features, name, "messages");
    if (existsSync(dir)) dirs.push([`features/${name}`, dir]);
  }
  return dirs.map(([owner, dir]) => {
    const messages = {} as Record<MessageLocale, Catalogue>;
    for (const locale of MESSAGE_LOCALES) {
      const file = path.join(dir, `${locale}.json`);
      if (!existsSync(file))
        throw new Error(`${path.relative(root, dir)} has no ${locale}.json: every language needs one`);
      messages[locale] = readCatalogue(file);
    }
    return { owner, dir, messages };
  });
}

/** One catalogue per language; a namespace owned twice (in either language) fails, naming both owners. */
export function mergeMessages(sources: readonly MessageSource[]): Record<MessageLocale, Catalogue> {
  const merged = Object.fromEntries(MESSAGE_LOCALES.map((locale) => [locale, {}])) as Record<MessageLocale, Catalogue>;
  for (const locale of MESSAGE_LOCALES) {
    const ownerOf = new Map<string, string>();
    for (const source of sources) {
      for (const [namespace, value] of Object.entries(source.messages[locale])) {
        const first = ownerOf.get(namespace);
        if (first)
          throw new Error(`The message namespace "${namespace}" (${locale}) is in both ${first} and ${source.owner}`);
        ownerOf.set(namespace, source.owner);
        merged[locale][namespace] = value;
      }
    }
  }
  return merged;
}

export const GENERATED_MESSAGES_DIR = path.join(ROOT, "lib/i18n/messages/generated");

/** Writes the merged catalogues, each only when its text changed (so a build's fingerprint and file watchers stay still). */
export function ensureMessages(root: string = ROOT, outDir: string = GENERATED_MESSAGES_DIR): void {
  const merged = mergeMessages(readMessageSources(root));
  mkdirSync(outDir, { recursive: true });
  for (const locale of MESSAGE_LOCALES) {
    const file = path.join(outDir, `${locale}.json`);
    const text = `${JSON.stringify(merged[locale], null, 2)}\n`;
    if (!existsSync(file) || readFileSync(file, "utf8") !== text) writeFileSync(file, text);
  }
}
