import type { LedgerAccountInfo } from "./model";

/**
 * Ledger accounts as one string for the page's payload (fields split by tabs, accounts by line
 * breaks), as packAccounts does for the figures: 5,000 accounts are one value, not 25,000.
 */
function clean(text: string | null): string {
  return text === null ? "" : text.replace(/[\t\n\r]+/g, " ");
}

export function packLedgerAccounts(accounts: readonly LedgerAccountInfo[]): string {
  return accounts
    .map((account) =>
      [account.id, account.nominalCode, account.name, account.typeId, account.typeName].map(clean).join("\t"),
    )
    .join("\n");
}

export function unpackLedgerAccounts(packed: string): LedgerAccountInfo[] {
  if (packed === "") return [];
  return packed.split("\n").map((line) => {
    const [id = "", nominalCode = "", name = "", typeId = "", typeName = ""] = line.split("\t");
    return { id, nominalCode: nominalCode || null, name, typeId: typeId || null, typeName: typeName || null };
  });
}
