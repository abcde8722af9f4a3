import type { SandboxHandler } from "../types";
import { createControlHandler } from "./control";
import { berlinDate } from "./dates";
import type { PayrollFixtures } from "./model";
import { seedPayroll } from "./seed/seed";
import { createServiceHandler } from "./service";
import type { PayrollState } from "./state";

export type { PayrollFixtures } from "./model";

export interface PayrollModule {
  /** The service API, mounted at the payroll base_url; req.path like "/v1/companies". */
  handle: SandboxHandler;
  /** Control routes below the sandbox's control_url + "/payroll"; req.path like "/companies/1/pay_run". */
  control: SandboxHandler;
  /** Back to the seeded state (seeded for the clock's current day). */
  reset(): void;
  /** The seeded payroll data in CONTRACT's shape: { customers: [{ api_key, username, companies: [{ id, name1, current_month, employee_ids }] }] }. */
  fixtures(): PayrollFixtures;
}

export function createPayrollModule(opts?: { now?: () => Date }): PayrollModule {
  const now = opts?.now ?? (() => new Date());
  let seeded = seedPayroll(berlinDate(now()));
  let state: PayrollState = seeded.state;
  const getState = (): PayrollState => state;
  const fixtures = (): PayrollFixtures => structuredClone(seeded.fixtures);
  return {
    handle: createServiceHandler(getState, now),
    control: createControlHandler(getState, fixtures, () => berlinDate(now())),
    reset() {
      seeded = seedPayroll(berlinDate(now()));
      state = seeded.state;
    },
    fixtures,
  };
}
