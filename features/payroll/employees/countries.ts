import { collator, countryName } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Country } from "./insurers";

/**
 * The payroll service's country list has its own keys (the DEÜV nationality keys, 0 =
 * Deutschland) and German names, no ISO codes. A country is recognised by its German name as
 * the platform's own German country names (Intl.DisplayNames) spell it, so the list can be shown
 * in the person's language; a name that matches none stays as the service wrote it.
 */
let byGermanName: Map<string, string> | undefined;

const normalise = (name: string) =>
  name
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Official spellings that Intl's German names do not use. */
const OFFICIAL: Record<string, string> = {
  "russische foderation": "RU",
  kongo: "CG",
  "kongo demokratische republik": "CD",
  "korea demokratische volksrepublik": "KP",
  "korea republik": "KR",
  "palastinensische gebiete": "PS",
};

/** "Moldau, Republik" is how lists spell "Republik Moldau". */
const variants = (name: string) => {
  const [head, tail] = name.split(/,\s*/, 2);
  return tail ? [name, `${tail} ${head}`] : [name];
};

export function regionCodeOfGermanName(name: string): string | undefined {
  if (!byGermanName) {
    byGermanName = new Map();
    const names = new Intl.DisplayNames("de-DE", { type: "region", fallback: "none" });
    for (let first = 65; first <= 90; first += 1) {
      for (let second = 65; second <= 90; second += 1) {
        // Old codes (DD, SU, YU) stand for today's (DE, RU, RS): the canonical one is kept.
        const code = Intl.getCanonicalLocales(`und-${String.fromCharCode(first, second)}`)[0]?.slice(4) ?? "";
        const german = code.length === 2 ? names.of(code) : undefined;
        if (german && !byGermanName.has(normalise(german))) byGermanName.set(normalise(german), code);
      }
    }
  }
  for (const variant of variants(name)) {
    const key = normalise(variant);
    const code = byGermanName.get(key) ?? OFFICIAL[key.normalize("NFD").replace(/\p{M}/gu, "")];
    if (code) return code;
  }
  return undefined;
}

export interface CountryChoice {
  id: number;
  label: string;
}

/**
 * The service's countries named in the person's language and sorted as that language sorts.
 * `ownNames` names the list's entries that are no country (stateless, unknown) by their key.
 */
export function countryChoices(
  countries: readonly Country[],
  locale: Locale,
  ownNames: Readonly<Record<number, string>> = {},
): CountryChoice[] {
  const compare = collator(locale);
  return countries
    .map((country) => {
      const code = regionCodeOfGermanName(country.name);
      return {
        id: country.id,
        label: ownNames[country.id] ?? (code ? countryName(locale, code, country.name) : country.name),
      };
    })
    .sort((a, b) => compare.compare(a.label, b.label) || a.id - b.id);
}
