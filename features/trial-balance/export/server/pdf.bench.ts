import { ledgerAccountPageSchema } from "@/features/accounting/schemas";
import { MESSAGES } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";
import { fixtureUsers, startTestSandbox, userByEmail, v31Tokens } from "../../../../sandbox/test-support";
import { buildPack, type LedgerAccountInfo, type PeriodAnswer } from "../../pack/model";
import { packPeriods } from "../../periods";
import { compactTrialBalance } from "../../response";
import { packDocument } from "../from-pack";
import { renderTrialBalancePdf } from "./pdf";

/**
 * `npm run bench` (trial balance PDF): prints
 *   tb_pdf_5000_ms  server time to write the PDF of the sandbox's 5,000-account business (Ben
 *                   Carter's Redwood Trail Outfitters): twelve monthly columns and the total,
 *                   closing balances (the pack's default figures), grouped by the ledger accounts.
 *                   From the pack in hand to the PDF's last byte (the export document and PDFKit);
 *                   the upstream reads are the loader's, not counted. Median of 5, after one warm-up.
 * Wall-clock: on a busy machine it grows with the load (the _cpu_ line is the process's CPU time).
 */

const RUNS = 5;

/**
 * The English messages with their `{name}` values filled in: next-intl's translator needs React's
 * client build, which the bench's react-server condition leaves out, and the pack's texts used
 * here have no plural or select.
 */
const translate = Object.assign(
  (key: string, values: Record<string, unknown> = {}) => {
    const text = key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], MESSAGES.en);
    if (typeof text !== "string") throw new Error(`no message ${key}`);
    return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
  },
  { has: () => true },
) as unknown as Translate;
const RANGE = { from: "2025-11-01", to: "2026-10-31" };

async function main() {
  const t = await startTestSandbox();
  try {
    const ben = userByEmail(await fixtureUsers(t), "ben");
    const { access_token } = await v31Tokens(t, ben);
    const get = async (path: string): Promise<unknown> => {
      const response = await fetch(`${t.urls.accounting.base_url}${path}`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return response.json();
    };
    const periods = packPeriods(RANGE, "months");
    const answers: PeriodAnswer[] = await Promise.all(
      periods.map(async (period) => {
        const compact = compactTrialBalance(
          await get(`/trial_balance?${new URLSearchParams({ from_date: period.from, to_date: period.to })}`),
        );
        if (!compact) throw new Error("not a trial balance");
        return { kind: "ok", accounts: compact.accounts };
      }),
    );
    const ledgerAccounts: LedgerAccountInfo[] = [];
    for (let page = 1; ; page += 1) {
      const body = ledgerAccountPageSchema.parse(
        await get(
          `/ledger_accounts?${new URLSearchParams({ page: String(page), items_per_page: "200", attributes: "name,nominal_code,ledger_account_type" })}`,
        ),
      );
      for (const account of body.$items) {
        ledgerAccounts.push({
          id: account.id,
          nominalCode: account.nominal_code ?? null,
          name: account.name ?? account.displayed_as ?? account.id,
          typeId: account.ledger_account_type?.id ?? null,
          typeName: account.ledger_account_type?.displayed_as ?? null,
        });
      }
      if (!body.$next) break;
    }
    const pack = buildPack({ periods, answers, prior: null, ledgerAccounts, basis: "closing" });
    const accounts = pack.groups.reduce((sum, group) => sum + group.accounts.length, 0);
    if (accounts < 5000) throw new Error(`expected the 5,000-account business, got ${accounts} accounts`);

    const business = ben.businesses.find((candidate) => candidate.lead);
    const write = () =>
      renderTrialBalancePdf(
        packDocument(pack, {
          locale: "en",
          t: translate,
          business: { name: business?.name ?? null, currency: "USD" },
          query: { ...RANGE, compare: "none", basis: "closing", columns: "months" },
          fyStartMonth: 1,
          generatedAt: new Date(),
          failureText: (code) => code,
        }),
      );
    await write();
    const times: number[] = [];
    const cpuStart = process.cpuUsage();
    let bytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      bytes = (await write()).length;
      times.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuStart);
    times.sort((a, b) => a - b);
    console.log(`tb_pdf_5000_ms: ${Math.round(times[Math.floor(RUNS / 2)]!)} ms`);
    console.log(`tb_pdf_5000_cpu_ms: ${Math.round((cpu.user + cpu.system) / 1000 / RUNS)} ms`);
    console.log(`tb_pdf_5000_kb: ${Math.round(bytes / 1024)} kB`);
  } finally {
    await t.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
