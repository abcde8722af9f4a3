import type { SandboxResponse } from "../types";
import { createPayrollModule, type PayrollModule } from "./index";

/** A fixed clock: 15 June 2025, so the seeded current month is 2025-06. */
export const TEST_NOW = new Date("2025-06-15T10:00:00Z");

export interface Envelope {
  success: boolean;
  state: string | null;
  error: {
    code: string;
    message: string;
    issues: { index?: number; field?: string; code: string; message: string }[];
  } | null;
  data: unknown;
}

export interface Harness {
  module: PayrollModule;
  /** API key of the first customer (companies 1001 and 1002). */
  key: string;
  /** API key of the second customer (companies 2001 and 2002). */
  otherKey: string;
  request(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; headers?: Record<string, string>; key?: string | null },
  ): Promise<SandboxResponse>;
  control(method: string, path: string, body?: unknown): Promise<SandboxResponse>;
}

export function createHarness(): Harness {
  const payroll = createPayrollModule({ now: () => TEST_NOW });
  const customers = payroll.fixtures().customers;
  const key = customers[0]?.api_key ?? "";
  const otherKey = customers[1]?.api_key ?? "";
  return {
    module: payroll,
    key,
    otherKey,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = {};
      const usedKey = options.key === undefined ? key : options.key;
      if (usedKey !== null) headers.authorization = `Bearer ${usedKey}`;
      const hasBody = options.body !== undefined || options.rawBody !== undefined;
      if (hasBody) headers["content-type"] = "application/json";
      Object.assign(headers, options.headers);
      const text = options.rawBody ?? (options.body === undefined ? "" : JSON.stringify(options.body));
      return payroll.handle({ method, path, query: new URLSearchParams(), headers, body: Buffer.from(text) });
    },
    async control(method, path, body) {
      const text = body === undefined ? "" : JSON.stringify(body);
      return payroll.control({ method, path, query: new URLSearchParams(), headers: {}, body: Buffer.from(text) });
    },
  };
}

export function envelopeOf(response: SandboxResponse): Envelope {
  return JSON.parse(String(response.body)) as Envelope;
}

export function jsonOf<T>(response: SandboxResponse): T {
  return JSON.parse(String(response.body)) as T;
}

/** A valid NewEmployee for company 1001 (health insurance filled in by the caller's list). */
export function newEmployee(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    company_id: 1001,
    id: 50,
    first_name: "Jonas",
    last_name: "Weber",
    address: { street_address: "Hauptstraße 5", postal_code: "04109", location: "Leipzig" },
    sex: 0,
    entry: "2025-06-01",
    email: "jonas.weber@example.com",
    health_insurance: "86535397",
    insurance_number: "65170839J003",
    birth_name: "Weber",
    birth_place: "Leipzig",
    birth_date: "1990-03-17",
    country: 0,
    ...overrides,
  };
}
