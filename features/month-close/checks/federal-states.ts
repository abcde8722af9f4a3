import * as z from "zod/mini";

/** The 16 Länder by their ISO 3166-2:DE codes (without `DE-`), as date-holidays names them too. */
export const FEDERAL_STATES = [
  "BW",
  "BY",
  "BE",
  "BB",
  "HB",
  "HH",
  "HE",
  "MV",
  "NI",
  "NW",
  "RP",
  "SL",
  "SN",
  "ST",
  "SH",
  "TH",
] as const;
export type FederalState = (typeof FEDERAL_STATES)[number];
export const federalStateSchema = z.enum(FEDERAL_STATES);

/**
 * Postal code ranges to Länder: each row's state holds from its first code up to the next row's.
 * Postal areas follow the old post office districts, not state borders, so some areas cross one:
 * the table goes by the first three digits and splits finer only where a whole town or district
 * lies across the border (Bremerhaven, Hessian Viernheim, Bavarian Neu-Ulm and Lindau, the
 * Palatinate around Zweibrücken and Kusel, …). Where a split is smaller than that, the area goes
 * to the state most of its codes belong to; known cases left that way: 01996 (SN in BB's area),
 * 07919/07952/07985 (SN in TH's), 17326/17337 (BB in MV's), 19273 Amt Neuhaus (NI in MV's),
 * 37697 Lauenförde (NI in NW's), 65582–65629 around Diez (RP in HE's), 69239/69434/69483–69518
 * (HE in BW's Odenwald area). It is a proposal: the company's state is a setting people confirm.
 */
const POSTAL_RANGES: readonly (readonly [string, FederalState])[] = [
  ["01000", "SN"],
  ["01940", "BB"],
  ["02000", "SN"],
  ["03000", "BB"],
  ["04000", "SN"],
  ["04600", "TH"],
  ["04640", "SN"],
  ["04890", "BB"],
  ["06000", "ST"],
  ["06550", "TH"],
  ["06580", "ST"],
  ["07000", "TH"],
  ["08000", "SN"],
  ["10000", "BE"],
  ["14400", "BB"],
  ["17000", "MV"],
  ["17260", "BB"],
  ["17300", "MV"],
  ["19307", "BB"],
  ["19360", "MV"],
  ["20000", "HH"],
  ["21200", "NI"],
  ["21450", "SH"],
  ["21600", "NI"],
  ["22000", "HH"],
  ["22800", "SH"],
  ["23920", "MV"],
  ["24000", "SH"],
  ["26000", "NI"],
  ["27498", "SH"],
  ["27499", "NI"],
  ["27500", "HB"],
  ["27581", "NI"],
  ["28000", "HB"],
  ["28780", "NI"],
  ["29400", "ST"],
  ["29430", "NI"],
  ["32000", "NW"],
  ["34000", "HE"],
  ["34400", "NW"],
  ["34440", "HE"],
  ["36400", "TH"],
  ["37000", "NI"],
  ["37200", "HE"],
  ["37300", "TH"],
  ["37400", "NI"],
  ["37650", "NW"],
  ["38000", "NI"],
  ["38480", "ST"],
  ["38500", "NI"],
  ["38800", "ST"],
  ["40000", "NW"],
  ["48450", "NI"],
  ["48540", "NW"],
  ["49000", "NI"],
  ["49470", "NW"],
  ["49560", "NI"],
  ["50000", "NW"],
  ["53400", "RP"],
  ["53600", "NW"],
  ["54000", "RP"],
  ["57000", "NW"],
  ["57500", "RP"],
  ["58000", "NW"],
  ["60000", "HE"],
  ["63700", "BY"],
  ["64000", "HE"],
  ["66000", "SL"],
  ["66470", "RP"],
  ["66530", "SL"],
  ["66840", "RP"],
  ["68000", "BW"],
  ["68510", "HE"],
  ["68520", "BW"],
  ["68600", "HE"],
  ["68700", "BW"],
  ["80000", "BY"],
  ["88000", "BW"],
  ["88100", "BY"],
  ["88180", "BW"],
  ["89000", "BW"],
  ["89200", "BY"],
  ["89500", "BW"],
  ["90000", "BY"],
  ["96500", "TH"],
  ["97000", "BY"],
  ["97870", "BW"],
  ["97890", "BY"],
  ["97895", "BW"],
  ["98000", "TH"],
];

/** The Land a German postal code most likely lies in; null when it is not five digits (or below 01000). */
export function proposeFederalState(postalCode: string): FederalState | null {
  const code = postalCode.trim();
  if (!/^\d{5}$/.test(code)) return null;
  let low = 0;
  let high = POSTAL_RANGES.length - 1;
  let found: FederalState | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const row = POSTAL_RANGES[middle];
    if (!row) break;
    if (row[0] <= code) {
      found = row[1];
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
