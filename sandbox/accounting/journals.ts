import { pick, pickInt, type Prng } from "../core/prng";
import { CORE } from "./chart";
import { formatDay } from "./days";
import type { JournalLine, LedgerAccount } from "./model";

export interface JournalPlan {
  firstDay: number;
  lastDay: number;
  /** Average journals per weekday. */
  journalsPerDay: number;
  taxRatePercent: number;
  /** Typical net amount of a sale or purchase, in cents. */
  typicalAmount: number;
}

function indexesOfType(accounts: LedgerAccount[], type: LedgerAccount["type"]): number[] {
  const out: number[] = [];
  accounts.forEach((account, index) => {
    if (account.type === type) out.push(index);
  });
  return out;
}

function indexNamed(accounts: LedgerAccount[], name: string, fallback: number): number {
  const index = accounts.findIndex((account) => account.name === name);
  return index < 0 ? fallback : index;
}

/**
 * A year of ordinary trading as balanced journals: an opening-balance journal the
 * day before `firstDay`, sales, purchases, receipts and payments on weekdays,
 * wages and depreciation at each month end.
 */
export function generateJournals(random: Prng, accounts: LedgerAccount[], plan: JournalPlan): JournalLine[] {
  const lines: JournalLine[] = [];
  const post = (day: number, entries: Array<[number, number, number]>) => {
    for (const [account, debit, credit] of entries) lines.push({ day, account, debit, credit });
  };
  const sales = indexesOfType(accounts, "sales");
  const costs = [...indexesOfType(accounts, "direct_expense"), ...indexesOfType(accounts, "overhead")];
  const wages = indexNamed(accounts, "Gross Wages", CORE.bank);
  const depreciation = indexNamed(accounts, "Depreciation", CORE.plant);
  const scale = plan.typicalAmount;

  const plant = scale * 60;
  const equipment = scale * 12;
  const stock = scale * 8;
  const bank = scale * 40;
  const capital = scale * 30;
  const loans = scale * 50;
  post(plan.firstDay - 1, [
    [CORE.plant, plant, 0],
    [CORE.officeEquipment, equipment, 0],
    [CORE.stock, stock, 0],
    [CORE.bank, bank, 0],
    [CORE.capital, 0, capital],
    [CORE.loans, 0, loans],
    [CORE.retainedEarnings, 0, plant + equipment + stock + bank - capital - loans],
  ]);

  let receivable = 0;
  let payable = 0;
  for (let day = plan.firstDay; day <= plan.lastDay; day++) {
    const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
    const perDay = weekday === 0 || weekday === 6 ? 0 : plan.journalsPerDay;
    const count = perDay === 0 ? 0 : pickInt(random, 0, perDay * 2);
    for (let j = 0; j < count; j++) {
      const roll = random();
      const net = pickInt(random, Math.ceil(scale / 5), scale * 2);
      const tax = Math.round((net * plan.taxRatePercent) / 100);
      if (roll < 0.35 && sales.length > 0) {
        post(day, [
          [CORE.debtors, net + tax, 0],
          [pick(random, sales), 0, net],
          ...(tax > 0 ? [[CORE.taxOnSales, 0, tax] as [number, number, number]] : []),
        ]);
        receivable += net + tax;
      } else if (roll < 0.7 && costs.length > 0) {
        // purchases run at about 60 % of sales so the business stays solvent
        const cost = Math.round((net * 3) / 5);
        const costTax = Math.round((cost * plan.taxRatePercent) / 100);
        post(day, [
          [pick(random, costs), cost, 0],
          ...(costTax > 0 ? [[CORE.taxOnPurchases, costTax, 0] as [number, number, number]] : []),
          [CORE.creditors, 0, cost + costTax],
        ]);
        payable += cost + costTax;
      } else if (roll < 0.85 && receivable > 0) {
        const amount = Math.min(receivable, pickInt(random, 1, scale * 3));
        post(day, [
          [CORE.bank, amount, 0],
          [CORE.debtors, 0, amount],
        ]);
        receivable -= amount;
      } else if (payable > 0) {
        const amount = Math.min(payable, pickInt(random, 1, scale * 3));
        post(day, [
          [CORE.creditors, amount, 0],
          [CORE.bank, 0, amount],
        ]);
        payable -= amount;
      }
    }
    const isMonthEnd = formatDay(day + 1).endsWith("-01");
    if (isMonthEnd) {
      const payroll = pickInt(random, scale * 4, scale * 6);
      post(day, [
        [wages, payroll, 0],
        [CORE.bank, 0, payroll],
      ]);
      const wear = Math.round(plant / 60);
      post(day, [
        [depreciation, wear, 0],
        [CORE.plant, 0, wear],
      ]);
    }
  }
  return lines;
}
