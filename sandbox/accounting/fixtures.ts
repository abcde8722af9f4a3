import { createPrng, hexString, uuid } from "../core/prng";
import { generateChart } from "./chart";
import { parseDay } from "./days";
import { generateJournals } from "./journals";
import type { ApiCountry, BusinessRecord, LedgerFixture, Tier, UserRecord } from "./model";

/** The seeded journals cover these twelve months (fixed, so figures are reproducible). */
export const JOURNALS_FROM = "2025-11-01";
export const JOURNALS_TO = "2026-10-31";

interface BusinessSeed {
  key: string;
  name: string;
  country: ApiCountry;
  tier: Tier;
  address: [string, string, string, string, string];
  telephone: string;
  mobile: string;
  website: string;
  currency: string;
  accounts: number;
  journalsPerDay: number;
  taxRatePercent: number;
  typicalAmount: number;
}

const MAIN_BUSINESSES: BusinessSeed[] = [
  {
    key: "hartley",
    name: "Hartley Joinery Ltd",
    country: "GB",
    tier: "standard",
    address: ["Unit 4, Mill Lane Industrial Estate", "Armley", "Leeds", "West Yorkshire", "LS12 6AB"],
    telephone: "0113 496 0321",
    mobile: "07700 900321",
    website: "https://hartley-joinery.example.co.uk",
    currency: "GBP",
    accounts: 320,
    journalsPerDay: 12,
    taxRatePercent: 20,
    typicalAmount: 45_000,
  },
  {
    key: "byrne",
    name: "Byrne & Hartley Design Ltd",
    country: "IE",
    tier: "plus",
    address: ["14 Fitzwilliam Street Upper", "", "Dublin 2", "Dublin", "D02 XK62"],
    telephone: "+353 1 555 0142",
    mobile: "+353 85 555 0142",
    website: "https://byrne-hartley.example.ie",
    currency: "EUR",
    accounts: 60,
    journalsPerDay: 5,
    taxRatePercent: 23,
    typicalAmount: 60_000,
  },
  {
    key: "print",
    name: "Byrne Print Studio",
    country: "IE",
    tier: "standard",
    address: ["3 Oliver Plunkett Street", "", "Cork", "Cork", "T12 K2XR"],
    telephone: "+353 21 555 0190",
    mobile: "+353 87 555 0190",
    website: "https://byrne-print.example.ie",
    currency: "EUR",
    accounts: 40,
    journalsPerDay: 3,
    taxRatePercent: 23,
    typicalAmount: 15_000,
  },
  {
    key: "mueller",
    name: "Müller Feinkost GmbH",
    country: "DE",
    tier: "start",
    address: ["Hauptstraße 27", "", "Heidelberg", "Baden-Württemberg", "69117"],
    telephone: "+49 6221 555012",
    mobile: "+49 151 5550123",
    website: "https://mueller-feinkost.example.de",
    currency: "EUR",
    accounts: 80,
    journalsPerDay: 8,
    taxRatePercent: 19,
    typicalAmount: 12_000,
  },
  {
    key: "redwood",
    name: "Redwood Trail Outfitters Inc.",
    country: "US",
    tier: "plus",
    address: ["1450 SW Pine Street", "Suite 300", "Portland", "OR", "97205"],
    telephone: "+1 503 555 0176",
    mobile: "+1 503 555 0177",
    website: "https://redwood-trail.example.com",
    currency: "USD",
    accounts: 5000,
    journalsPerDay: 80,
    taxRatePercent: 0,
    typicalAmount: 30_000,
  },
  {
    key: "shah",
    name: "Shah Bookkeeping Services Ltd",
    country: "GB",
    tier: "plus",
    address: ["2nd Floor, 40 Princess Street", "", "Manchester", "Greater Manchester", "M1 6DE"],
    telephone: "0161 496 0188",
    mobile: "07700 900188",
    website: "https://shah-bookkeeping.example.co.uk",
    currency: "GBP",
    accounts: 30,
    journalsPerDay: 2,
    taxRatePercent: 20,
    typicalAmount: 20_000,
  },
];

const CLIENT_NAMES = [
  "Ashworth Plumbing Ltd",
  "Bramble & Thorn Florists",
  "Calder Valley Cycles",
  "Dunmore Dental Care",
  "Elmfield Pet Grooming",
  "Foxglove Tea Rooms",
  "Greystone Roofing Ltd",
  "Harbour Lights Photography",
  "Ironbridge Electrical",
  "Juniper Yoga Studio",
  "Kestrel Courier Services",
  "Larkspur Interiors",
  "Moorland Brewing Co.",
  "Northgate Opticians",
  "Oakhurst Landscaping",
  "Pennine Print Works",
  "Quayside Fish Bar",
  "Riverside Physiotherapy",
  "Saltmarsh Sailing School",
  "Thistle Hair Salon",
  "Upland Veterinary Clinic",
  "Wrenfield Bakery",
];

const CLIENT_COUNTRIES: ApiCountry[] = ["GB", "GB", "GB", "IE", "GB", "US", "GB", "DE"];
const CLIENT_TIERS: Tier[] = ["start", "standard", "plus"];

interface UserSeed {
  key: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  locale: string;
  lead: string;
  owns: string[];
  reaches: string[];
}

const USERS: UserSeed[] = [
  {
    key: "alice",
    first_name: "Alice",
    last_name: "Hartley",
    email: "alice.hartley@example.co.uk",
    password: "sandbox-alice",
    locale: "en-GB",
    lead: "hartley",
    owns: ["hartley"],
    reaches: ["byrne"],
  },
  {
    key: "dara",
    first_name: "Dara",
    last_name: "Byrne",
    email: "dara.byrne@example.ie",
    password: "sandbox-dara",
    locale: "en-IE",
    lead: "byrne",
    owns: ["byrne", "print"],
    reaches: ["hartley"],
  },
  {
    key: "claudia",
    first_name: "Claudia",
    last_name: "Müller",
    email: "claudia.mueller@example.de",
    password: "sandbox-claudia",
    locale: "de-DE",
    lead: "mueller",
    owns: ["mueller"],
    reaches: [],
  },
  {
    key: "ben",
    first_name: "Ben",
    last_name: "Carter",
    email: "ben.carter@example.com",
    password: "sandbox-ben",
    locale: "en-US",
    lead: "redwood",
    owns: ["redwood"],
    reaches: [],
  },
  {
    key: "priya",
    first_name: "Priya",
    last_name: "Shah",
    email: "priya.shah@example.co.uk",
    password: "sandbox-priya",
    locale: "en-GB",
    lead: "shah",
    owns: ["shah"],
    reaches: ["hartley", ...CLIENT_NAMES.map((_, i) => `client${i}`)],
  },
];

export interface AccountingFixtures {
  businesses: BusinessRecord[];
  users: UserRecord[];
  ledgers: Map<string, LedgerFixture>;
  /** Business id by the seed key ("hartley", "redwood", ...), for tests and docs. */
  businessIdByKey: Map<string, string>;
  userIdByKey: Map<string, string>;
}

function clientSeeds(): BusinessSeed[] {
  return CLIENT_NAMES.map((name, i) => {
    const country = CLIENT_COUNTRIES[i % CLIENT_COUNTRIES.length] ?? "GB";
    const tier = country === "GB" || country === "IE" ? (CLIENT_TIERS[i % 3] ?? "start") : i % 2 ? "plus" : "start";
    const currency = country === "GB" ? "GBP" : country === "US" ? "USD" : "EUR";
    const slug = name
      .toLowerCase()
      .replace(/[^a-z]+/g, "-")
      .replace(/-+$/, "");
    return {
      key: `client${i}`,
      name,
      country,
      tier,
      address: [`${10 + i} High Street`, "", "Harrogate", "North Yorkshire", `HG1 ${i + 1}AA`],
      telephone: `01423 496 0${String(100 + i)}`,
      mobile: `07700 900${String(400 + i)}`,
      website: `https://${slug}.example.com`,
      currency,
      accounts: 24,
      journalsPerDay: 2,
      taxRatePercent: country === "US" ? 0 : 20,
      typicalAmount: 8_000,
    };
  });
}

function generate(): AccountingFixtures {
  const random = createPrng(3);
  const firstDay = parseDay(JOURNALS_FROM) ?? 0;
  const lastDay = parseDay(JOURNALS_TO) ?? 0;
  const seeds = [...MAIN_BUSINESSES, ...clientSeeds()];
  const businessIdByKey = new Map(seeds.map((seed) => [seed.key, hexString(random, 32)]));
  const userIdByKey = new Map(USERS.map((user) => [user.key, uuid(random)]));
  const ownerKeyOf = new Map<string, string>();
  for (const user of USERS) for (const key of user.owns) ownerKeyOf.set(key, user.key);

  const businesses: BusinessRecord[] = [];
  const ledgers = new Map<string, LedgerFixture>();
  seeds.forEach((seed, index) => {
    const id = businessIdByKey.get(seed.key) ?? "";
    const ownerKey = ownerKeyOf.get(seed.key);
    const ownerId = (ownerKey && userIdByKey.get(ownerKey)) || uuid(random);
    const createdAt = new Date(Date.UTC(2019 + (index % 5), index % 12, 1 + (index % 27), 9, 30)).toISOString();
    const [address_line_1, address_line_2, city, region, postal_code] = seed.address;
    businesses.push({
      id,
      name: seed.name,
      address_line_1,
      address_line_2,
      city,
      region,
      postal_code,
      country: seed.country,
      telephone: seed.telephone,
      mobile: seed.mobile,
      website: seed.website,
      tier: seed.tier,
      currency: seed.currency,
      owner_id: ownerId,
      created_at: createdAt,
      updated_at: createdAt,
    });
    const ledgerRandom = createPrng(1000 + index);
    const accounts = generateChart(ledgerRandom, seed.accounts, seed.country);
    const lines = generateJournals(ledgerRandom, accounts, {
      firstDay,
      lastDay,
      journalsPerDay: seed.journalsPerDay,
      taxRatePercent: seed.taxRatePercent,
      typicalAmount: seed.typicalAmount,
    });
    ledgers.set(id, { accounts, lines });
  });

  const users: UserRecord[] = USERS.map((seed, index) => {
    const createdAt = new Date(Date.UTC(2020, index * 2, 10, 8, 0)).toISOString();
    const ids = [seed.lead, ...seed.owns, ...seed.reaches].map((key) => businessIdByKey.get(key) ?? "");
    return {
      id: userIdByKey.get(seed.key) ?? "",
      email: seed.email,
      password: seed.password,
      first_name: seed.first_name,
      last_name: seed.last_name,
      locale: seed.locale,
      lead_business_id: businessIdByKey.get(seed.lead) ?? "",
      business_ids: [...new Set(ids)],
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  return { businesses, users, ledgers, businessIdByKey, userIdByKey };
}

let cached: AccountingFixtures | undefined;

/** The seeded accounting data. Generated once per process; treat it as read-only. */
export function accountingFixtures(): AccountingFixtures {
  cached ??= generate();
  return cached;
}
