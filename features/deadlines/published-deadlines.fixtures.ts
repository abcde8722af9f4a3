import type { Land } from "./deadlines";

/**
 * Published deadlines to test deadlines.ts against: per year, per month the contribution
 * statement (0:00 deadline), the contributions due and the wage tax return, as German dates, and
 * the months whose dates differ in some Länder. Each year says where its dates were published.
 */
export interface PublishedYear {
  year: number;
  /** Where the social insurance dates were published (or that they were computed, and how checked). */
  source: string;
  /** Where the wage tax dates come from. */
  wageTaxSource: string;
  /** [month, statement, due, wage tax return] for every Land not in an exception. */
  months: readonly (readonly [string, string, string, string])[];
  exceptions: readonly { month: string; lands: readonly Land[]; statement: string; due: string; why: string }[];
}

/** Länder where Reformation Day (31.10.) is a public holiday (from 2018 on). */
export const REFORMATION_DAY_LANDS: readonly Land[] = ["BB", "HB", "HH", "MV", "NI", "SN", "ST", "SH", "TH"];
/** Länder where Corpus Christi (Fronleichnam) is a public holiday in the whole Land. */
export const CORPUS_CHRISTI_LANDS: readonly Land[] = ["BW", "BY", "HE", "NW", "RP", "SL"];

export const PUBLISHED_YEARS: readonly PublishedYear[] = [
  {
    year: 2025,
    source:
      "AOK Niedersachsen, 'Fälligkeitstermine 2025' (https://aok.de/fk/niedersachsen/aktuelles/faelligkeitstermine-2025): " +
      "statement and due dates per month, October with both sets (24.10./28.10. where 31.10. is a holiday, else 27.10./29.10.); " +
      "the same statement dates in BKK vida, 'Perspektive Arbeitswelt 01/2025', p. 8 " +
      "(https://firmenkunden.vividabkk.de/fileadmin/user_upload/Firmenkunden/Service___Leistungen/E-Magazin/Perspektive_Arbeitswelt_01_2025/8), " +
      "whose footnote names the Länder rule: 24.10. for insurers seated where 31.10. is a statutory holiday",
    wageTaxSource:
      "computed: the 10th of the next month, moved by § 108 (3) AO (10.05.2025 Saturday → 12.05., 10.08.2025 Sunday → 11.08., " +
      "10.01.2026 Saturday → 12.01.2026, as Sonntag & Partner's 'Steuertermine 2026' lists it: " +
      "https://www.sonntag-partner.de/en/tax-tuesday-sonderausgabe-steuertermine-2026-im-ueberblick)",
    months: [
      ["01", "27.01.2025", "29.01.2025", "10.02.2025"],
      ["02", "24.02.2025", "26.02.2025", "10.03.2025"],
      ["03", "25.03.2025", "27.03.2025", "10.04.2025"],
      ["04", "24.04.2025", "28.04.2025", "12.05.2025"],
      ["05", "23.05.2025", "27.05.2025", "10.06.2025"],
      ["06", "24.06.2025", "26.06.2025", "10.07.2025"],
      ["07", "25.07.2025", "29.07.2025", "11.08.2025"],
      ["08", "25.08.2025", "27.08.2025", "10.09.2025"],
      ["09", "24.09.2025", "26.09.2025", "10.10.2025"],
      ["10", "27.10.2025", "29.10.2025", "10.11.2025"],
      ["11", "24.11.2025", "26.11.2025", "10.12.2025"],
      ["12", "19.12.2025", "23.12.2025", "12.01.2026"],
    ],
    exceptions: [
      {
        month: "10",
        lands: REFORMATION_DAY_LANDS,
        statement: "24.10.2025",
        due: "28.10.2025",
        why: "Reformation Day, Friday 31.10.2025",
      },
    ],
  },
  {
    year: 2026,
    source:
      "Merck BKK on informationsportal.de, 'Sozialversicherungsbeiträge 2026: Fälligkeit und Zahlungstermine' " +
      "(https://www.informationsportal.de/merck-bkk/sozialversicherungsbeitraege-2026-faelligkeit-und-zahlungstermine): " +
      "due dates and statement dates (0:00) per month; the same dates in a.b.s. Rechenzentrum's 'Fälligkeiten der " +
      "Sozialversicherungsbeiträge 2026' (https://www.abs-rz.de/faq/739868673) and iww VVP 'Steuern und Sozialabgaben: Termine 2026'. " +
      "No Land differs in 2026: 31.10.2026 is a Saturday, Corpus Christi (04.06.) lies outside June's last bank working days",
    wageTaxSource:
      "Sonntag & Partner, 'Steuertermine 2026 im Überblick' " +
      "(https://www.sonntag-partner.de/en/tax-tuesday-sonderausgabe-steuertermine-2026-im-ueberblick) for January and February; " +
      "the other months computed by § 108 (3) AO (10.05.2026 Sunday → 11.05., 10.10.2026 Saturday → 12.10., 10.01.2027 Sunday → 11.01.2027)",
    months: [
      ["01", "26.01.2026", "28.01.2026", "10.02.2026"],
      ["02", "23.02.2026", "25.02.2026", "10.03.2026"],
      ["03", "25.03.2026", "27.03.2026", "10.04.2026"],
      ["04", "24.04.2026", "28.04.2026", "11.05.2026"],
      ["05", "22.05.2026", "27.05.2026", "10.06.2026"],
      ["06", "24.06.2026", "26.06.2026", "10.07.2026"],
      ["07", "27.07.2026", "29.07.2026", "10.08.2026"],
      ["08", "25.08.2026", "27.08.2026", "10.09.2026"],
      ["09", "24.09.2026", "28.09.2026", "12.10.2026"],
      ["10", "26.10.2026", "28.10.2026", "10.11.2026"],
      ["11", "24.11.2026", "26.11.2026", "10.12.2026"],
      ["12", "22.12.2026", "28.12.2026", "11.01.2027"],
    ],
    exceptions: [],
  },
  {
    year: 2027,
    source:
      "NO published table found (searched for insurers' and GKV-Spitzenverband's 'Fälligkeitstermine 2027' on 26.11.2026). " +
      "The dates below are computed from § 23 (1) SGB IV (third-last bank working day; 24.12. and 31.12. are no bank working days) and " +
      "§ 28f (3) SGB IV (statement at 0:00 two bank working days before), with the Länder's holiday laws, not copied from a publication: Corpus Christi " +
      "(27.05.2027) is a holiday in BW, BY, HE, NW, RP and SL, so May differs there; 31.10.2027 is a Sunday",
    wageTaxSource:
      "computed by § 108 (3) AO (10.04.2027 Saturday → 12.04., 10.07.2027 Saturday → 12.07., 10.10.2027 Sunday → 11.10.)",
    months: [
      ["01", "25.01.2027", "27.01.2027", "10.02.2027"],
      ["02", "22.02.2027", "24.02.2027", "10.03.2027"],
      ["03", "23.03.2027", "25.03.2027", "12.04.2027"],
      ["04", "26.04.2027", "28.04.2027", "10.05.2027"],
      ["05", "25.05.2027", "27.05.2027", "10.06.2027"],
      ["06", "24.06.2027", "28.06.2027", "12.07.2027"],
      ["07", "26.07.2027", "28.07.2027", "10.08.2027"],
      ["08", "25.08.2027", "27.08.2027", "10.09.2027"],
      ["09", "24.09.2027", "28.09.2027", "11.10.2027"],
      ["10", "25.10.2027", "27.10.2027", "10.11.2027"],
      ["11", "24.11.2027", "26.11.2027", "10.12.2027"],
      ["12", "23.12.2027", "28.12.2027", "10.01.2028"],
    ],
    exceptions: [
      {
        month: "05",
        lands: CORPUS_CHRISTI_LANDS,
        statement: "24.05.2027",
        due: "26.05.2027",
        why: "Corpus Christi, Thursday 27.05.2027",
      },
    ],
  },
];
