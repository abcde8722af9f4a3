const MS_PER_DAY = 86_400_000;

/** Parses a strict `YYYY-MM-DD` calendar date into days since 1970-01-01, or undefined. */
export function parseDay(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms)) return undefined;
  // Date.parse rolls 2025-02-30 over to March; a round trip catches that.
  if (new Date(ms).toISOString().slice(0, 10) !== value) return undefined;
  return ms / MS_PER_DAY;
}

export function formatDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}
