import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { encode } from "next-auth/jwt";
import { APP_URL } from "../playwright.config";
import { can, type Permission } from "../features/workspaces/permissions";
import type { WorkspaceRoleName } from "../features/workspaces/schemas";
import { signInAndConnectPayroll, withDatabase } from "./helpers";
import { test } from "./fixtures";

// The page matrix: every page of app/**/page.tsx, opened by a plain GET against the production
// server as a person of each of the 5 roles in workspace A or B (and as nobody), with the session
// cookie the app itself would set. The API has its own matrix (app/api/authorization-matrix.test.ts);
// this one asks what each person's browser is shown. Workspace A is Claudia's (Sabine's payroll key:
// companies 1001 and 1002); the client of A has 1001 as theirs, 1002 is not.
//
// A page answers 200 with a notice when it refuses (signed out, not your company, read only), so
// "opened" is told by what only an opened page of A shows: a marker (A's company name, A's
// workspace named in the page's own text, the page's heading with no "Sign in to continue").
// The pages are found on disk: one without an entry below fails the test.

const ROLES: WorkspaceRoleName[] = ["owner", "clerk", "approver", "viewer", "client"];
const COMPANY = { "1001": "Bäckerei Krüger GmbH", "1002": "Krüger Catering GmbH" } as const;
type CompanyId = keyof typeof COMPANY;
const CLIENT_COMPANY: CompanyId = "1001";
const OTHER_COMPANY: CompanyId = "1002";
/** What a page shows to someone signed out instead of itself (components/signed-out-notice.tsx). */
const SIGNED_OUT = "Sign in to continue";

interface Person {
  label: string;
  workspace: "A" | "B" | null;
  role: WorkspaceRoleName | null;
  cookie?: string;
}

interface World {
  workspaceName: string;
  /** Claudia's own accounting business: nobody else's list holds it. */
  business: { id: string; name: string };
}

type Outcome = "opened" | "refused" | "redirect";

/**
 * One page: the URL (a company page is asked for `companyId`), what only the opened page of A shows, and who opens it.
 * `company`: the URL names a company; everyone asks for the client of A's company, the clients for the other one too.
 */
interface PageEntry {
  url: (world: World, companyId: CompanyId) => string;
  company?: boolean;
  markers: (world: World, companyId: CompanyId) => string[];
  expect: (person: Person, companyId: CompanyId) => Outcome;
}

const signedIn = (person: Person) => person.role !== null;
const firmOfA = (permission: Permission) => (person: Person) =>
  person.workspace === "A" && person.role !== null && can([person.role], permission);
/** A member of the firm (any role but client) in either workspace: their own, personal pages. */
const firm = (person: Person) => person.role !== null && person.role !== "client";
const opensIf = (allowed: boolean): Outcome => (allowed ? "opened" : "refused");
/** The grid of a company: the firm's readers of A, and the client of A for their own company. */
const gridOfA = (person: Person, companyId: CompanyId) =>
  firmOfA("payroll.read")(person) ||
  (person.workspace === "A" && person.role === "client" && companyId === CLIENT_COMPANY);

const PAGES: Record<string, PageEntry> = {
  // Public: the landing page, signing in, links whose secret decides (a forged one is refused alike for everyone).
  "/": { url: () => "/", markers: () => ["The workbench for payroll clerks and accountants"], expect: () => "opened" },
  "/sign-in": { url: () => "/sign-in", markers: () => ["Sign in"], expect: () => "opened" },
  "/sign-in/link": { url: () => "/sign-in/link", markers: () => ["Sign in by e-mail link"], expect: () => "opened" },
  "/invitations/[token]": {
    url: () => `/invitations/${"x".repeat(43)}`,
    markers: () => ["Invitation"],
    expect: () => "opened",
  },
  "/unsubscribe/[token]": {
    url: () => "/unsubscribe/00000000-0000-4000-8000-000000000000.reminder.forged",
    markers: () => ["Unsubscribe"],
    expect: () => "opened",
  },
  // Where a sign-in lands: sent on to the person's landing page, or to / when signed out.
  "/signed-in": { url: () => "/signed-in", markers: () => [], expect: () => "redirect" },
  // Only for a member of a workspace that requires passkeys who has none: everyone else is sent to /.
  "/passkey-required": {
    url: () => "/passkey-required",
    markers: () => ["Add a passkey to continue"],
    expect: (person) => (signedIn(person) ? "redirect" : "refused"),
  },

  // The person's own pages, whatever their roles (a client too).
  "/settings": { url: () => "/settings", markers: () => ["Settings"], expect: (person) => opensIf(signedIn(person)) },
  "/settings/security": {
    url: () => "/settings/security",
    markers: () => ["Sign-in and security"],
    expect: (person) => opensIf(signedIn(person)),
  },
  // Confirming a link of the accounting account: only the person's own session's link (none waits here).
  "/settings/security/link": {
    url: () => "/settings/security/link",
    markers: () => ["No link is waiting to be confirmed in this session."],
    expect: (person) => opensIf(signedIn(person)),
  },
  "/settings/notifications": {
    url: () => "/settings/notifications",
    markers: () => ["Notifications"],
    expect: (person) => opensIf(signedIn(person)),
  },
  "/notifications": {
    url: () => "/notifications",
    markers: () => ["Notifications"],
    expect: (person) => opensIf(signedIn(person)),
  },

  // Accounting stays personal (the person's own accounting account): the firm's people, not a client.
  "/settings/connection": {
    url: () => "/settings/connection",
    markers: () => ["Accounting connection"],
    expect: (person) => opensIf(firm(person)),
  },
  "/businesses": { url: () => "/businesses", markers: () => ["Businesses"], expect: (person) => opensIf(firm(person)) },
  // The people here sign in without an accounting account: the page opens with its offer to link one
  // (features/accounting/components/link-accounting-notice.tsx) instead of the range form.
  "/trial-balance": {
    url: () => "/trial-balance",
    markers: () => ["Trial balance", "You sign in by e-mail, without an accounting account."],
    expect: (person) => opensIf(firm(person)),
  },
  "/user": { url: () => "/user", markers: () => ["Your details"], expect: (person) => opensIf(firm(person)) },
  "/businesses/[id]": {
    url: (world) => `/businesses/${world.business.id}`,
    markers: (world) => [world.business.name],
    expect: () => "refused",
  },

  // Workspace A's pages: A's workspace or companies named in what only the opened page shows.
  "/audit": {
    url: () => "/audit",
    markers: (world) => [`Every change in the workspace ${world.workspaceName}, newest first.`],
    expect: (person) => opensIf(firmOfA("workspace.read")(person)),
  },
  "/settings/workspace": {
    url: () => "/settings/workspace",
    markers: (world) => [`Workspace: ${world.workspaceName}`],
    expect: (person) => opensIf(firmOfA("workspace.read")(person)),
  },
  // Every role of the firm reads the retention (an owner edits it); a client never sees it.
  "/settings/records": {
    url: () => "/settings/records",
    markers: (world) => [`How long the workspace ${world.workspaceName} keeps each class of record`],
    expect: (person) => opensIf(firmOfA("workspace.read")(person)),
  },
  "/overview": {
    url: () => "/overview",
    markers: () => [COMPANY[CLIENT_COMPANY], COMPANY[OTHER_COMPANY]],
    expect: (person) => opensIf(firmOfA("payroll.read")(person)),
  },
  "/payroll": {
    url: () => "/payroll",
    markers: () => [COMPANY[CLIENT_COMPANY], COMPANY[OTHER_COMPANY]],
    expect: (person) => opensIf(firmOfA("payroll.read")(person)),
  },
  "/payroll/reference-lists": {
    url: () => "/payroll/reference-lists",
    markers: () => ["Reference lists", "BARMER"],
    expect: (person) => opensIf(firmOfA("payroll.read")(person)),
  },
  "/payroll/companies/[companyId]": {
    url: (_world, companyId) => `/payroll/companies/${companyId}`,
    company: true,
    markers: (_world, companyId) => [COMPANY[companyId]],
    expect: (person) => opensIf(firmOfA("payroll.read")(person)),
  },
  "/payroll/companies/[companyId]/hours": {
    url: (_world, companyId) => `/payroll/companies/${companyId}/hours`,
    company: true,
    markers: (_world, companyId) => [COMPANY[companyId], "Hours"],
    expect: (person, companyId) => opensIf(gridOfA(person, companyId)),
  },
  "/payroll/companies/[companyId]/payments": {
    url: (_world, companyId) => `/payroll/companies/${companyId}/payments`,
    company: true,
    markers: (_world, companyId) => [COMPANY[companyId], "Extra payments"],
    expect: (person, companyId) => opensIf(gridOfA(person, companyId)),
  },
  "/payroll/companies/[companyId]/hours/history": {
    url: (_world, companyId) => `/payroll/companies/${companyId}/hours/history`,
    company: true,
    markers: (_world, companyId) => [COMPANY[companyId], "Transfer history"],
    expect: (person) => opensIf(firmOfA("payroll.read")(person)),
  },
  "/payroll/companies/[companyId]/payments/history": {
    url: (_world, companyId) => `/payroll/companies/${companyId}/payments/history`,
    company: true,
    markers: (_world, companyId) => [COMPANY[companyId], "Transfer history"],
    expect: (person) => opensIf(firmOfA("payroll.read")(person)),
  },
  "/payroll/companies/[companyId]/review": {
    url: (_world, companyId) => `/payroll/companies/${companyId}/review`,
    company: true,
    markers: (_world, companyId) => [COMPANY[companyId], "Approver's summary"],
    expect: (person) => opensIf(firmOfA("payroll.read")(person)),
  },
  // Onboarding and importing employees change the company: read-only roles are told so instead.
  "/payroll/companies/[companyId]/onboard": {
    url: (_world, companyId) => `/payroll/companies/${companyId}/onboard`,
    company: true,
    markers: (_world, companyId) => [COMPANY[companyId], "Onboard an employee"],
    expect: (person) => opensIf(firmOfA("payroll.edit")(person)),
  },
  "/payroll/companies/[companyId]/import": {
    url: (_world, companyId) => `/payroll/companies/${companyId}/import`,
    company: true,
    markers: (_world, companyId) => [COMPANY[companyId], "Import employees"],
    expect: (person) => opensIf(firmOfA("payroll.edit")(person)),
  },
};

/** Every app/**\/page.tsx as its URL pattern ("/payroll/companies/[companyId]/hours"; route groups left out). */
function pagesOnDisk(): string[] {
  const root = path.resolve(import.meta.dirname, "../app");
  return (readdirSync(root, { recursive: true, encoding: "utf8" }) as string[])
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => {
      const segments = path
        .dirname(file)
        .split(path.sep)
        .filter((segment) => segment !== "." && !/^\(.*\)$/.test(segment));
      return `/${segments.join("/")}`;
    })
    .sort();
}

/** The page's HTML as text: React's `<!-- -->` between adjacent texts and the RSC payload's escapes undone. */
function readable(html: string): string {
  return html.replaceAll("<!-- -->", "").replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("\\u0026", "&");
}

async function open(person: Person, url: string): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(`${APP_URL}${url}`, {
    redirect: "manual",
    headers: { "accept-language": "en", ...(person.cookie ? { cookie: person.cookie } : {}) },
  });
  return { status: response.status, location: response.headers.get("location"), text: readable(await response.text()) };
}

/**
 * Whether the page shows this text: in an element's text, not only in the page's data for the browser (the messages
 * and props a client component is handed hold texts it may never show).
 */
function shows(html: string, text: string): boolean {
  const elements = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  return new RegExp(`>[^<>]*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^<>]*<`).test(elements);
}

function outcomeOf(answer: { status: number; text: string }, markers: string[]): Outcome | `${number}` {
  if (answer.status >= 300 && answer.status < 400) return "redirect";
  if (answer.status === 403 || answer.status === 404) return "refused";
  if (answer.status !== 200) return `${answer.status}`;
  const opened = markers.every((marker) => shows(answer.text, marker)) && !shows(answer.text, SIGNED_OUT);
  return opened ? "opened" : "refused";
}

test("2 workspaces × 5 roles (and nobody) × every page: who opens what", async ({ page }) => {
  test.setTimeout(600_000);
  // No workspace requiring passkeys (as e2e/passkeys.spec.ts leaves them): every page would send its members to /passkey-required.
  await withDatabase((client) => client.query("UPDATE workspaces SET require_passkey = false WHERE require_passkey"));
  // Workspace A: Claudia's, with Sabine's payroll key connected (companies 1001 and 1002).
  const claudia = await signInAndConnectPayroll(page);
  const run = randomUUID().slice(0, 8);
  const created: string[] = [];
  const people: Person[] = [{ label: "nobody", workspace: null, role: null }];
  const secret = process.env.E2E_NEXTAUTH_SECRET!;
  const world = await withDatabase(async (client) => {
    const a = await client.query<{
      id: string;
      name: string;
      connection: string;
      business_id: string;
      business_name: string;
    }>(
      `SELECT w.id, w.name, c.id AS connection,
              b.business_id, b.name AS business_name
         FROM users u
         JOIN workspaces w ON w.id = COALESCE(u.active_workspace_id, (SELECT p.id FROM workspaces p WHERE p.personal_user_id = u.id))
         JOIN payroll_connections c ON c.workspace_id = w.id AND c.api_key_encrypted IS NOT NULL AND c.username = 'Sabine Krüger'
         JOIN accounting_businesses b ON b.user_id = u.id
        WHERE u.accounting_user_id = $1`,
      [claudia.id],
    );
    // Claudia may hold several businesses: any one of hers serves.
    const workspaceA = a.rows[0]!;
    const workspaceB = (
      await client.query<{ id: string }>(
        "INSERT INTO workspaces (id, name) VALUES (gen_random_uuid(), $1) RETURNING id",
        [`Firm B ${run}`],
      )
    ).rows[0]!.id;
    created.push(workspaceB);
    for (const [workspace, workspaceId] of [
      ["A", workspaceA.id],
      ["B", workspaceB],
    ] as const) {
      for (const role of ROLES) {
        const label = `${role} of ${workspace}`;
        const user = (
          await client.query<{ id: string }>(
            `INSERT INTO users (id, display_name, active_workspace_id, updated_at) VALUES (gen_random_uuid(), $1, $2, now()) RETURNING id`,
            [`Page matrix ${run} ${label}`, workspaceId],
          )
        ).rows[0]!.id;
        await client.query(
          `INSERT INTO workspace_members (workspace_id, user_id, roles) VALUES ($1, $2, ARRAY[$3]::"WorkspaceRole"[])`,
          [workspaceId, user, role],
        );
        if (role === "client" && workspace === "A") {
          await client.query(
            "INSERT INTO workspace_member_companies (workspace_id, user_id, connection_id, company_id) VALUES ($1, $2, $3, $4)",
            [workspaceId, user, workspaceA.connection, Number(CLIENT_COMPANY)],
          );
        }
        const session = (
          await client.query<{ id: string }>(
            "INSERT INTO sessions (id, user_id, expires_at) VALUES (gen_random_uuid(), $1, now() + interval '1 day') RETURNING id",
            [user],
          )
        ).rows[0]!.id;
        // The cookie next-auth's jwt callback sets (lib/auth/server/session-cookie.ts): an encrypted JWT of the two ids.
        const value = await encode({ token: { uid: user, sid: session }, secret, maxAge: 86_400 });
        people.push({ label, workspace, role, cookie: `ledgerlane.session=${value}` });
      }
    }
    return { workspaceName: workspaceA.name, business: { id: workspaceA.business_id, name: workspaceA.business_name } };
  });

  try {
    const pages = pagesOnDisk();
    expect(
      pages.filter((pattern) => !(pattern in PAGES)),
      "pages without a matrix entry",
    ).toEqual([]);
    expect(
      Object.keys(PAGES).filter((pattern) => !pages.includes(pattern)),
      "entries of pages that are gone",
    ).toEqual([]);

    const wrong: string[] = [];
    const leaks: string[] = [];
    const table: string[] = [];
    for (const pattern of pages) {
      const entry = PAGES[pattern]!;
      const cells: string[] = [];
      for (const person of people) {
        const companies: CompanyId[] =
          entry.company && person.role === "client" ? [CLIENT_COMPANY, OTHER_COMPANY] : [CLIENT_COMPANY];
        for (const companyId of companies) {
          const answer = await open(person, entry.url(world, companyId));
          const outcome = outcomeOf(answer, entry.markers(world, companyId));
          const expected = entry.expect(person, companyId);
          const where = `${entry.url(world, companyId)} as ${person.label}`;
          cells.push(`${person.label}${companies.length > 1 ? ` ${companyId}` : ""}: ${outcome}`);
          if (outcome !== expected)
            wrong.push(
              `${where}: ${outcome} (${answer.status}${answer.location ? ` → ${answer.location}` : ""}), expected ${expected}`,
            );
          // Whoever is outside A never sees its companies; a client never sees a company that is not theirs.
          const hidden =
            person.workspace !== "A"
              ? Object.values(COMPANY)
              : person.role === "client"
                ? [COMPANY[OTHER_COMPANY]]
                : [];
          for (const name of hidden) if (answer.text.includes(name)) leaks.push(`${where} shows ${name}`);
        }
      }
      table.push(`${pattern}\n  ${cells.join("\n  ")}`);
    }
    if (process.env.PAGE_MATRIX_PRINT) console.log(table.join("\n"));
    expect({ wrong, leaks }).toEqual({ wrong: [], leaks: [] });
  } finally {
    await withDatabase(async (client) => {
      await client.query("DELETE FROM users WHERE display_name LIKE $1", [`Page matrix ${run} %`]);
      await client.query("DELETE FROM workspaces WHERE id = ANY($1::uuid[])", [created]);
    });
  }
});
