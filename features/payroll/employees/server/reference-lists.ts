import "server-only";
import { toIsoDate } from "@/lib/dates/calendar";
import { getDb } from "@/lib/db/client";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { parseCountriesCsv, parseHealthInsurancesCsv } from "../reference-csv";
import type { Country, HealthInsurance } from "../insurers";

/** The service recommends downloading the health insurance list once a month. */
export const REFRESH_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

const KINDS = { insurers: "health_insurances", countries: "countries" } as const;

function toDate(day: string | null): Date | null {
  return day === null ? null : new Date(`${day}T00:00:00Z`);
}

function fromDate(date: Date | null): string | null {
  return date === null ? null : toIsoDate(date);
}

/** Downloads both lists (`Accept: text/csv`), parses them and replaces the cache of that service. */
export async function refreshReferenceLists(client: PayrollClient): Promise<{ insurers: number; countries: number }> {
  const source = client.baseUrl;
  const [insurers, countries] = await Promise.all([
    client.healthInsurancesCsv().then(parseHealthInsurancesCsv),
    client.countriesCsv().then(parseCountriesCsv),
  ]);
  const db = getDb();
  const now = new Date();
  await db.$transaction([
    // One refresh of a service's lists at a time (per database, across processes): two concurrent
    // ones would otherwise both delete, then both insert, and the second fail on duplicate keys.
    // The lock ends with the transaction; a waiting refresh then replaces the lists once more.
    db.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext(${`payroll-reference-lists:${source}`}))`,
    db.payrollHealthInsurance.deleteMany({ where: { source } }),
    db.payrollHealthInsurance.createMany({
      data: insurers.map((insurer) => ({
        source,
        ...insurer,
        availableFrom: toDate(insurer.availableFrom),
        availableTo: toDate(insurer.availableTo),
      })),
    }),
    db.payrollCountry.deleteMany({ where: { source } }),
    db.payrollCountry.createMany({
      data: countries.map((country) => ({
        source,
        countryId: country.id,
        name: country.name,
        nationality: country.nationality,
      })),
    }),
    ...[
      { kind: KINDS.insurers, count: insurers.length },
      { kind: KINDS.countries, count: countries.length },
    ].map(({ kind, count }) =>
      db.payrollReferenceSync.upsert({
        where: { source_kind: { source, kind } },
        create: { source, kind, count, fetchedAt: now },
        update: { count, fetchedAt: now },
      }),
    ),
  ]);
  return { insurers: insurers.length, countries: countries.length };
}

export async function referenceListsFetchedAt(source: string): Promise<Date | null> {
  const syncs = await getDb().payrollReferenceSync.findMany({ where: { source } });
  if (syncs.length < 2) return null;
  return new Date(Math.min(...syncs.map((sync) => sync.fetchedAt.getTime())));
}

/** Downloads the lists when they are missing or older than a month. */
export async function ensureReferenceLists(client: PayrollClient): Promise<void> {
  const fetchedAt = await referenceListsFetchedAt(client.baseUrl);
  if (!fetchedAt || Date.now() - fetchedAt.getTime() > REFRESH_AFTER_MS) await refreshReferenceLists(client);
}

export async function healthInsurances(source: string): Promise<HealthInsurance[]> {
  const rows = await getDb().payrollHealthInsurance.findMany({ where: { source }, orderBy: { name: "asc" } });
  return rows.map((row) => ({
    number: row.number,
    name: row.name,
    availableFrom: fromDate(row.availableFrom),
    availableTo: fromDate(row.availableTo),
    replacement: row.replacement,
  }));
}

export async function countries(source: string): Promise<Country[]> {
  const rows = await getDb().payrollCountry.findMany({ where: { source }, orderBy: { name: "asc" } });
  return rows.map((row) => ({ id: row.countryId, name: row.name, nationality: row.nationality }));
}

/** Every service whose lists are cached, with a connection to download them with. */
export async function referenceSourcesToRefresh(now = new Date()): Promise<string[]> {
  const connections = await getDb().payrollConnection.findMany({
    where: { apiKeyEncrypted: { not: null } },
    distinct: ["baseUrl"],
    select: { id: true, baseUrl: true },
  });
  const due: string[] = [];
  for (const connection of connections) {
    const fetchedAt = await referenceListsFetchedAt(connection.baseUrl);
    if (!fetchedAt || now.getTime() - fetchedAt.getTime() > REFRESH_AFTER_MS) due.push(connection.id);
  }
  return due;
}
