import { addDays, firstDayOf } from "../dates";
import { isOperatingOn } from "../health-insurances";
import type { Address, Employee, HealthInsurance } from "../model";
import type { Random } from "../prng";
import { buildRvnr } from "../rvnr";
import { FOREIGN_ORIGINS, GERMAN_ORIGIN, PENSION_AREAS, PLACES, STREETS, transliterate, type Origin } from "./people";

/** Insurers most employees belong to, by name prefix. */
const LARGE_INSURERS = ["Techniker", "BARMER", "DAK", "AOK", "IKK classic", "KKH"];

export interface EmployeeSeedOptions {
  companyId: number;
  id: number;
  currentMonth: string;
  today: string;
  /** Force this insurer (it must still operate on the entry date chosen). */
  insurer?: HealthInsurance;
}

export function randomAddress(random: Random): Address {
  const place = random.pick(PLACES);
  return {
    street_address: `${random.pick(STREETS)} ${random.int(1, 120)}${random.chance(0.1) ? random.pick(["a", "b", "c"]) : ""}`,
    postal_code: place.postalCode,
    location: place.location,
  };
}

function randomDateBetween(random: Random, from: string, to: string): string {
  const span = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000));
  return addDays(from, random.int(0, span));
}

function chooseInsurer(random: Random, insurers: readonly HealthInsurance[], entry: string): HealthInsurance {
  const open = insurers.filter((insurer) => insurer.availableTo === undefined && isOperatingOn(insurer, entry));
  const large = open.filter((insurer) => LARGE_INSURERS.some((prefix) => insurer.companyName.startsWith(prefix)));
  return random.pick(random.chance(0.7) && large.length > 0 ? large : open);
}

export function seedEmployee(
  random: Random,
  insurers: readonly HealthInsurance[],
  options: EmployeeSeedOptions,
): Employee {
  const origin: Origin = random.chance(0.82) ? GERMAN_ORIGIN : random.pick(FOREIGN_ORIGINS);
  const sex: -1 | 0 = random.chance(0.5) ? 0 : -1;
  const first_name = random.pick(sex === 0 ? origin.maleFirstNames : origin.femaleFirstNames);
  const birth_name = random.pick(origin.lastNames);
  const married = sex === -1 && random.chance(0.3);
  const last_name = married ? random.pick(GERMAN_ORIGIN.lastNames) : birth_name;
  const todayYear = Number(options.today.slice(0, 4));
  const insurerEndYear = Number((options.insurer?.availableTo ?? "9999").slice(0, 4));
  const latestBirthYear = Math.min(todayYear - 18, insurerEndYear - 19);
  const birth_date = randomDateBetween(random, `${todayYear - 64}-01-01`, `${latestBirthYear}-12-31`);
  const adult = `${Number(birth_date.slice(0, 4)) + 18}${birth_date.slice(4)}`;
  const earliestEntry = adult > "2002-01-01" ? adult : "2002-01-01";
  const latestEntry = options.insurer?.availableTo ?? firstDayOf(options.currentMonth);
  const entry = randomDateBetween(random, earliestEntry < latestEntry ? earliestEntry : latestEntry, latestEntry);
  const insurer = options.insurer ?? chooseInsurer(random, insurers, entry);
  // Recent hires from abroad often have no pension insurance number yet.
  const hasPensionNumber = origin === GERMAN_ORIGIN || random.chance(0.75);
  const initial = transliterate(birth_name).charAt(0).toUpperCase();
  const insurance_number = hasPensionNumber
    ? buildRvnr(random.pick(PENSION_AREAS), birth_date, initial, (sex === 0 ? 0 : 50) + random.int(0, 49))
    : "";
  const emailLocal = `${transliterate(first_name)}.${transliterate(last_name)}`.toLowerCase().replace(/[^a-z.-]/g, "");
  const email = random.chance(0.6)
    ? `${emailLocal}@${random.pick(["example.com", "example.org", "example.net"])}`
    : undefined;
  return {
    company_id: options.companyId,
    id: options.id,
    first_name,
    last_name,
    address: randomAddress(random),
    sex,
    entry,
    ...(email === undefined ? {} : { email }),
    health_insurance: insurer.companyNumber,
    insurance_number,
    birth_name,
    birth_place: random.pick(origin.birthPlaces),
    birth_date,
    country: origin.country,
  };
}
