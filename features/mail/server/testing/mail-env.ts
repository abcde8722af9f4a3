import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The app's configuration for the mail tests (set before serverEnv() is first read): their own
 * database, SMTP server and sent-journal folder (test files run side by side); the services'
 * addresses are never called.
 */
export function useMailTestEnv(databaseUrl: string, smtpPort: number): string {
  const journalDir = mkdtempSync(path.join(tmpdir(), "ledgerlane-mail-sent-"));
  Object.assign(process.env, {
    MAIL_SENT_JOURNAL_DIR: journalDir,
    DATABASE_URL: databaseUrl,
    NEXTAUTH_URL: "http://localhost:3999",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ACCOUNTING_AUTH_URL: "http://127.0.0.1:9/auth",
    ACCOUNTING_TOKEN_URL: "http://127.0.0.1:9/token",
    ACCOUNTING_REVOKE_URL: "http://127.0.0.1:9/revoke",
    ACCOUNTING_BASE_URL: "http://127.0.0.1:9/v3.1",
    ACCOUNTING_CLIENT_ID: "test",
    ACCOUNTING_CLIENT_SECRET: "test",
    PAYROLL_BASE_URL: "http://127.0.0.1:9/payroll",
  });
  return journalDir;
}
