import type { Issue } from "../envelope";
import type { Company, HealthInsurance } from "../model";

/** What the validators need to know about the target company and the world. */
export interface ValidationContext {
  company: Company;
  /** Ids of the company's employees. */
  employeeIds: ReadonlySet<number>;
  insurers: ReadonlyMap<string, HealthInsurance>;
  /** Today in Germany, YYYY-MM-DD. */
  today: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };
