import { test as base } from "@playwright/test";
import { control, deleteEntryDrafts, fixtureUser, withDatabase } from "./helpers";
import { startMailbox, type Mailbox } from "./mailbox";
import { syncClock } from "./time-controls";

// What the specs on `npm start`'s app set up before each test, once. The sandbox is reset for
// every test; the app's database outlives that reset, so a spec names what of it the test starts
// without (and leaves without): `test.use({ payrollCompany: 1001, ownWorkspacesOnly: ["dara"] })`.

interface Options {
  /** A payroll company whose drafts, month closes and transfers every test starts and ends without. */
  payrollCompany: number | undefined;
  /** Sandbox users (e-mail prefixes, as fixtureUser) who start and end every test in their own workspace only. */
  ownWorkspacesOnly: string[];
}

interface Fixtures {
  /** Automatic: the sandbox back to its seed, and the app's clock back to the sandbox's (real time), before each test. */
  freshSandbox: void;
  /** Automatic: the app's database cleared of what the options name, before and after each test. */
  cleanDatabase: void;
  /**
   * Only for a test that names it: a real SMTP server on the app's SMTP_URL port for the test's
   * length, keeping what the app mails (./mailbox.ts).
   */
  mailbox: Mailbox;
}

export const test = base.extend<Options & Fixtures>({
  payrollCompany: [undefined, { option: true }],
  ownWorkspacesOnly: [[], { option: true }],
  mailbox: [
    async ({}, use) => {
      const mailbox = await startMailbox();
      await use(mailbox);
      await mailbox.close();
    },
    { auto: false },
  ],
  freshSandbox: [
    async ({}, use) => {
      await control("POST", "/reset");
      await syncClock();
      await use();
    },
    { auto: true },
  ],
  cleanDatabase: [
    async ({ payrollCompany, ownWorkspacesOnly, freshSandbox }, use) => {
      void freshSandbox;
      const clean = async () => {
        if (payrollCompany !== undefined) await clearPayrollCompany(payrollCompany);
        if (ownWorkspacesOnly.length) await backToOwnWorkspaces(ownWorkspacesOnly);
      };
      await clean();
      await use();
      await clean();
    },
    { auto: true },
  ],
});

/** No drafts, month closes or transfers of the company (another spec, or the fuzz test, may have left some). */
async function clearPayrollCompany(companyId: number): Promise<void> {
  await deleteEntryDrafts(companyId);
  await withDatabase((client) =>
    client.query("DELETE FROM payroll_entry_transfers WHERE company_id = $1", [companyId]),
  );
}

/** The people in their own workspace only: no membership of another, none active. */
async function backToOwnWorkspaces(emailPrefixes: string[]): Promise<void> {
  const ids = await Promise.all(emailPrefixes.map(async (prefix) => (await fixtureUser(prefix)).id));
  await withDatabase(async (client) => {
    await client.query(
      `DELETE FROM workspace_members m USING users u WHERE m.user_id = u.id AND u.accounting_user_id = ANY($1)
         AND m.workspace_id NOT IN (SELECT id FROM workspaces WHERE personal_user_id = u.id)`,
      [ids],
    );
    await client.query("UPDATE users SET active_workspace_id = NULL WHERE accounting_user_id = ANY($1)", [ids]);
  });
}
