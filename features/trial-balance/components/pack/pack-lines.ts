import type { GroupKey } from "@/features/trial-balance/pack/account-groups";
import type { Pack, PackAccount, PackGroup } from "@/features/trial-balance/pack/model";

/** The table's rows in order: per group its heading (a fold button), its accounts unless folded, its subtotal. */
export type PackLine =
  | { kind: "group"; group: PackGroup; folded: boolean }
  | { kind: "account"; account: PackAccount }
  | { kind: "subtotal"; group: PackGroup };

export function packLines(pack: Pack, folded: ReadonlySet<GroupKey>): PackLine[] {
  if (!pack.grouped) return (pack.groups[0]?.accounts ?? []).map((account) => ({ kind: "account", account }));
  const lines: PackLine[] = [];
  for (const group of pack.groups) {
    const isFolded = folded.has(group.key);
    lines.push({ kind: "group", group, folded: isFolded });
    if (!isFolded) for (const account of group.accounts) lines.push({ kind: "account", account });
    lines.push({ kind: "subtotal", group });
  }
  return lines;
}

export function lineKey(line: PackLine): string {
  return line.kind === "account" ? `a:${line.account.id}` : `${line.kind}:${line.group.key}`;
}
