/**
 * The account groups of a month-end pack, and which group each of the accounting service's ledger
 * account types belongs to. Pure and browser-safe.
 */

/** The groups in the order accountants read a trial balance. */
export const GROUPS = ["assets", "liabilities", "equity", "income", "expenses", "other"] as const;
export type GroupKey = (typeof GROUPS)[number];

const TYPE_GROUPS: Record<string, GroupKey> = {};
for (const [group, types] of Object.entries({
  assets: [
    "FIXED_ASSET",
    "FIXED_ASSETS",
    "CURRENT_ASSET",
    "CURRENT_ASSETS",
    "BANK",
    "CASH",
    "STOCK",
    "INVENTORY",
    "ASSET",
  ],
  liabilities: [
    "CURRENT_LIABILITY",
    "CURRENT_LIABILITIES",
    "FUTURE_LIABILITY",
    "FUTURE_LIABILITIES",
    "LONG_TERM_LIABILITY",
    "LONG_TERM_LIABILITIES",
    "LINE_OF_CREDIT",
    "CREDIT_CARD",
    "LIABILITY",
  ],
  equity: ["EQUITY", "CAPITAL", "RETAINED_EARNINGS"],
  income: ["SALES", "OTHER_INCOME", "INCOME", "REVENUE"],
  expenses: [
    "DIRECT_EXPENSE",
    "DIRECT_EXPENSES",
    "OVERHEAD",
    "OVERHEADS",
    "DEPRECIATION",
    "EXPENSE",
    "EXPENSES",
    "COST_OF_SALES",
  ],
} satisfies Record<Exclude<GroupKey, "other">, string[]>)) {
  for (const type of types) TYPE_GROUPS[type] = group as GroupKey;
}

/** The group of a ledger account type (`ledger_account_type.id`); unknown or missing types are `other`. */
export function groupOfType(typeId: string | null | undefined): GroupKey {
  if (!typeId) return "other";
  return (
    TYPE_GROUPS[
      typeId
        .trim()
        .toUpperCase()
        .replace(/[\s-]+/g, "_")
    ] ?? "other"
  );
}
