import { csvDocument, quote } from "./csv";
import { addMonths, firstDayOf, lastDayOf } from "./dates";
import type { HealthInsurance } from "./model";

/**
 * Statutory health insurers in the format of the real list. Names are modelled on
 * the German insurers; company numbers, dates and successions are invented for the
 * sandbox. Lines: name|available from|available to|successor name.
 */
const INSURER_TABLE = `
AOK Baden-Württemberg|||
AOK Bayern - Die Gesundheitskasse|||
AOK Bremen/Bremerhaven|||
AOK Hessen - Die Gesundheitskasse|||
AOK Niedersachsen - Die Gesundheitskasse|||
AOK Nordost - Die Gesundheitskasse|||
AOK NordWest - Die Gesundheitskasse|||
AOK PLUS - Die Gesundheitskasse für Sachsen und Thüringen|||
AOK Rheinland-Pfalz/Saarland - Die Gesundheitskasse|||
AOK Rheinland/Hamburg - Die Gesundheitskasse|||
AOK Sachsen-Anhalt - Die Gesundheitskasse|||
Techniker Krankenkasse (TK)|||
BARMER|2017-01-01||
DAK-Gesundheit|||
KKH Kaufmännische Krankenkasse|||
hkk - Handelskrankenkasse|||
HEK - Hanseatische Krankenkasse|||
IKK classic|||
IKK gesund plus|||
IKK Südwest|||
IKK - Die Innovationskasse|2019-10-01||
BIG direkt gesund|||
KNAPPSCHAFT|||
Landwirtschaftliche Krankenkasse (SVLFG)|||
Audi BKK|||
BAHN-BKK|||
BERGISCHE Krankenkasse|||
Bertelsmann BKK|||
BKK24|||
BKK Akzo Nobel Bayern|||
BKK Diakonie|||
BKK DürkoppAdler|||
BKK EUREGIO|||
BKK exklusiv|||
BKK Faber-Castell & Partner|||
BKK firmus|||
BKK Freudenberg|||
BKK GILDEMEISTER SEIDENSTICKER|||
BKK HENSCHEL Plus|||
BKK Herkules|||
BKK Linde|||
bkk melitta hmr|||
BKK MAHLE|||
BKK Pfalz|||
BKK ProVita|||
BKK Public|||
BKK Rieker.Ricosta.Weisser|||
BKK Salzgitter|||
BKK Scheufelen|||
BKK Technoform|||
BKK Textilgruppe Hof|||
BKK VDN|||
BKK Werra-Meissner|||
BKK Wirtschaft & Finanzen|||
BKK ZF & Partner|||
BKK B. Braun Aesculap|||
BKK Groz-Beckert|||
BKK Achenbach Buschhütten|||
BKK evm|||
BKK Stadt Augsburg|||
BKK Würth|||
BKK Voralb Heller Leuze Traub|||
BKK Miele|||
BKK Merck|||
Bosch BKK|||
Continentale Betriebskrankenkasse|||
Debeka BKK|||
energie-BKK|||
Heimat Krankenkasse|2018-01-01||
Krones BKK|||
Mercedes-Benz BKK|||
mhplus Krankenkasse|||
Mobil Krankenkasse|2021-01-01||
Novitas BKK|||
pronova BKK|||
R+V Betriebskrankenkasse|||
Salus BKK|||
SBK|||
SECURVITA BKK|||
SKD BKK|||
Südzucker BKK|||
TUI BKK|||
VIACTIV Krankenkasse|||
vivida bkk|2021-01-01||
WMF BKK|||
mkk - meine krankenkasse|2018-04-01||
BKK Deutsche Bank AG|||
BKK PFAFF|||
BKK MTU|||
Koenig & Bauer BKK|||
BARMER GEK||2016-12-31|BARMER
Deutsche BKK||2016-12-31|BARMER
BKK Vital||2016-12-31|Novitas BKK
BKK Braun-Gillette||2017-12-31|BKK Linde
BKK Verbund Plus||2018-12-31|mkk - meine krankenkasse
BKK VBU||2018-03-31|mkk - meine krankenkasse
Metzinger BKK||2017-06-30|BKK Scheufelen
BKK Schwarzwald-Baar-Heuberg||2020-12-31|vivida bkk
Mobil Oil BKK||2020-12-31|Mobil Krankenkasse
BKK advita||2019-12-31|BKK Pfalz
BKK family||2016-03-31|BKK Vital
Schwenninger Krankenkasse||2020-12-31|vivida bkk
BKK Beiersdorf AG||2015-06-30|BKK24
IKK Nord||2019-09-30|IKK - Die Innovationskasse
IKK Brandenburg und Berlin||2015-12-31|IKK gesund plus
BKK Kassana Nord||2022-06-30|Heimat Krankenkasse
BKK Essanelle||2016-09-30|BKK Wirtschaft & Finanzen
Atlas BKK ahlmann||2018-12-31|BKK firmus
BKK Gildemeister||2015-09-30|BKK GILDEMEISTER SEIDENSTICKER
Gemeinsame BKK Nordhessen||2019-06-30|
BKK Kassel-Süd||2023-12-31|
`;

/** The insurer whose last day is the end of the seeded current month, and its successor. */
export const ENDING_INSURER_NAME = "BKK Mittelrhein Partner";
export const SUCCESSOR_OF_ENDING_INSURER_NAME = "Südwest Partner BKK";

/** A stable 8-digit company number per name (FNV-1a), so numbers never depend on list order. */
function companyNumberOf(name: string): string {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return String(10000000 + (hash % 90000000));
}

function toDate(cell: string): string | undefined {
  return cell === "" ? undefined : cell;
}

/** The list as of a seeded current month ("YYYY-MM"). */
export function buildHealthInsurances(currentMonth: string): HealthInsurance[] {
  const rows = INSURER_TABLE.trim()
    .split("\n")
    .map((line) => line.split("|"));
  rows.push(
    [ENDING_INSURER_NAME, "", lastDayOf(currentMonth), SUCCESSOR_OF_ENDING_INSURER_NAME],
    [SUCCESSOR_OF_ENDING_INSURER_NAME, firstDayOf(addMonths(currentMonth, 1)), "", ""],
  );
  const insurers = rows.map(([name = "", from = "", to = "", successor = ""]) => ({
    companyNumber: companyNumberOf(name),
    companyName: name,
    availableFrom: toDate(from),
    availableTo: toDate(to),
    replacement: successor === "" ? undefined : companyNumberOf(successor),
  }));
  if (new Set(insurers.map((insurer) => insurer.companyNumber)).size !== insurers.length) {
    throw new Error("health insurance company numbers collide");
  }
  return insurers.map(withoutUndefined);
}

function withoutUndefined(insurer: HealthInsurance): HealthInsurance {
  return Object.fromEntries(
    Object.entries(insurer).filter(([, value]) => value !== undefined),
  ) as unknown as HealthInsurance;
}

export function insurerByName(insurers: readonly HealthInsurance[], name: string): HealthInsurance {
  const insurer = insurers.find((candidate) => candidate.companyName === name);
  if (!insurer) throw new Error(`no health insurance named ${name}`);
  return insurer;
}

/** Whether the insurer operates on the given day. */
export function isOperatingOn(insurer: HealthInsurance, date: string): boolean {
  return (insurer.availableFrom ?? "0000-00-00") <= date && date <= (insurer.availableTo ?? "9999-12-31");
}

export const HEALTH_INSURANCE_CSV_HEADER = [
  "CompanyNumber",
  "CompanyName",
  "AvailableFrom",
  "AvailableTo",
  "Replacement",
] as const;

const LIST_START = "2015-01-01";

export function healthInsurancesCsv(insurers: readonly HealthInsurance[]): string {
  const dateTime = (date: string | undefined): string => (date === undefined ? "" : `${date}T00:00:00`);
  return csvDocument(
    HEALTH_INSURANCE_CSV_HEADER,
    insurers.map((insurer) => [
      insurer.companyNumber,
      quote(insurer.companyName),
      insurer.availableFrom !== undefined && insurer.availableFrom > LIST_START ? dateTime(insurer.availableFrom) : "",
      dateTime(insurer.availableTo),
      insurer.replacement ?? "",
    ]),
  );
}
