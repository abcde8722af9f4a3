import { z } from "zod";
import { parseEncryptionKeys } from "../crypto/key-ring";
import { withoutEmptyValues } from "./empty-values";
import { logSettingsSchema } from "./log-settings";
import { telemetrySettingsSchema } from "./telemetry-settings";

// The server's configuration, parsed once (lib/env/server.ts). Pure: scripts
// that start the app validate with it too. Every variable is in .env.example. Server code (it
// parses the key ring): the browser's few variables are in ./client.ts.

const url = z.url({ protocol: /^https?$/ });
const optionalUrl = url.optional();
/** A comma-separated list; unset or empty, no items. */
const commaList = z
  .string()
  .default("")
  .transform((raw) =>
    raw
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );

/**
 * The reverse proxies in front of the app (comma-separated addresses or CIDRs): only from them is
 * X-Forwarded-For believed (lib/http/server/client-address.ts), and X-Request-Id
 * (lib/http/server/request-id-stamp.ts); unset, the connection's address is the client's.
 * Exported alone for server.ts, which reads no other variable.
 */
export const trustedProxiesSetting = commaList.pipe(
  z.array(
    z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
      error: "TRUSTED_PROXIES must list addresses or CIDRs, e.g. 10.0.0.0/8,::1",
    }),
  ),
);

export const serverEnvSchema = z.preprocess(
  withoutEmptyValues,
  z
    .object({
      NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
      PORT: z.coerce.number().int().min(1).max(65535).default(3000),
      /** The address `npm start` has the app listen on: this machine only unless set (0.0.0.0 or :: is every interface). */
      HOST: z
        .string()
        .regex(
          /^(\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*|[A-Za-z0-9.-]+)$/,
          "HOST must be an address or host name, e.g. 127.0.0.1 or 0.0.0.0",
        )
        .default("127.0.0.1"),
      /** The app's role: reads and writes rows, owns nothing (docs/configuration.md, "Database roles"). */
      DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "DATABASE_URL must be a postgresql:// URL" }),
      /** The role that runs the migrations and owns the tables; unset, DATABASE_URL's role migrates (with a warning). */
      MIGRATION_DATABASE_URL: z
        .url({ protocol: /^postgres(ql)?$/, error: "MIGRATION_DATABASE_URL must be a postgresql:// URL" })
        .optional(),
      NEXTAUTH_URL: optionalUrl,
      NEXTAUTH_SECRET: z.string().min(32, "NEXTAUTH_SECRET must be at least 32 characters"),
      TOKEN_ENCRYPTION_KEYS: z.string().transform((raw, ctx) => {
        try {
          return parseEncryptionKeys(raw);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),

      ACCOUNTING_AUTH_URL: url,
      ACCOUNTING_TOKEN_URL: url,
      ACCOUNTING_REVOKE_URL: url,
      ACCOUNTING_BASE_URL: url,
      ACCOUNTING_CLIENT_ID: z.string().min(1),
      ACCOUNTING_CLIENT_SECRET: z.string().min(1),
      /** Connections not renewed for this many days are renewed by the keep-alive job (refresh tokens last 31). */
      ACCOUNTING_KEEPALIVE_DAYS: z.coerce.number().int().min(1).max(30).default(7),
      /** Per-request timeout towards the accounting service. */
      ACCOUNTING_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
      /** Background jobs (every pg-boss worker and schedule of lib/composition/jobs.ts) in this process: on unless set to false. */
      JOBS_ENABLED: z
        .enum(["true", "false"])
        .default("true")
        .transform((value) => value === "true"),
      /**
       * The process's operations port (liveness, readiness, metrics: lib/server/ops-server.ts), never
       * the app's own; unset, none (the worker then serves none either). On METRICS_HOST, this
       * machine only unless set: the metrics are the firm's figures, not for the internet.
       */
      METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
      METRICS_HOST: z.string().min(1).default("127.0.0.1"),

      /**
       * Readiness of a process that runs jobs (`GET /api/ready`, lib/health): a mail outbox message or
       * webhook delivery due for more than READY_BACKLOG_MINUTES is late; more than READY_BACKLOG_ROWS
       * late ones of either make the process not ready.
       */
      READY_BACKLOG_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
      READY_BACKLOG_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(10),

      /**
       * Tests only, never in production: lets a test move the app's clock to the sandbox's and run a
       * scheduled job at once (`POST /api/test/clock`, `POST /api/test/jobs/<name>`; lib/clock).
       */
      TEST_CONTROLS: z
        .enum(["true", "false"])
        .default("false")
        .transform((value) => value === "true"),

      /**
       * Development and tests only: webhooks may go to private, loopback and link-local addresses,
       * and over plain http (features/webhooks/server/address-guard.ts). Off: only public https endpoints.
       */
      WEBHOOKS_ALLOW_PRIVATE: z
        .enum(["true", "false"])
        .default("false")
        .transform((value) => value === "true"),

      /**
       * Benchmarks only, never in production: serves `GET /api/noop`, the empty route the proxy
       * bench measures the accounting proxy against (features/accounting/server/proxy.bench.ts); else a 404.
       */
      BENCH_ROUTES: z
        .enum(["true", "false"])
        .default("false")
        .transform((value) => value === "true"),

      LEGACY_AUTH_URL: optionalUrl,
      LEGACY_OAUTH_NA_URL: optionalUrl,
      LEGACY_OAUTH_EU_URL: optionalUrl,
      LEGACY_OAUTH_GB_URL: optionalUrl,
      LEGACY_CLIENT_ID: z.string().min(1).optional(),
      LEGACY_CLIENT_SECRET: z.string().min(1).optional(),

      PAYROLL_BASE_URL: url,
      /** The header the payroll service takes the API key in: `Name: template` with `{api_key}`. */
      PAYROLL_AUTH_HEADER: z
        .string()
        .regex(
          /^[A-Za-z0-9-]+:\s*[^\r\n]*\{api_key\}[^\r\n]*$/,
          "PAYROLL_AUTH_HEADER must look like `Authorization: Bearer {api_key}`",
        )
        .default("Authorization: Bearer {api_key}"),
      /** Per-request timeout towards the payroll service. */
      PAYROLL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
      /** Further payroll base addresses a person may connect to (comma-separated), besides PAYROLL_BASE_URL. */
      PAYROLL_EXTRA_BASE_URLS: commaList.pipe(z.array(url)),
      /** Outgoing mail (invitation links): `smtp://user:pass@host:587` or `smtps://…`; unset, links are only copied. */
      SMTP_URL: z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// URL" }).optional(),
      /** Where the outbox notes each message the SMTP server accepted until its row is marked sent (features/mail/server/sent-journal.ts); a local folder that outlives the process. */
      MAIL_SENT_JOURNAL_DIR: z.string().min(1).default(".data/mail-sent"),
      /** Rate limits (lib/rate-limit/limits.ts): invitation e-mails per workspace and hour, per address and day; invitation links per person and minute. */
      RATE_LIMIT_INVITATION_MAILS_PER_WORKSPACE_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
      RATE_LIMIT_INVITATION_MAILS_PER_ADDRESS_DAY: z.coerce.number().int().min(1).max(100_000).default(5),
      RATE_LIMIT_INVITATION_TOKENS_PER_PERSON_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
      /**
       * The shared request budget towards the services (lib/http/server/upstream-budget.ts), per
       * wall-clock minute and credential: per payroll API key, per accounting connection. Background
       * jobs may use it up to the reserve (a share kept for people); a request in the last
       * UPSTREAM_BUDGET_EDGE_MS of a minute counts in the next one too (it may arrive there).
       */
      UPSTREAM_BUDGET_PAYROLL_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
      UPSTREAM_BUDGET_ACCOUNTING_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(150),
      UPSTREAM_BUDGET_RESERVE_PERCENT: z.coerce.number().int().min(0).max(90).default(20),
      /** Percent of each budget a person's exports (trial balance packs) leave to their sign-in and page loads. */
      UPSTREAM_BUDGET_EXPORT_RESERVE_PERCENT: z.coerce.number().int().min(0).max(90).default(20),
      UPSTREAM_BUDGET_EDGE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
      /**
       * Rate limits of e-mail sign-in links (lib/rate-limit/limits.ts), each in 15 minutes: per address
       * and asker (browser, IP address), per address from everyone, per IP address and per browser.
       */
      RATE_LIMIT_EMAIL_LINKS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(5),
      RATE_LIMIT_EMAIL_LINKS_PER_ADDRESS_ALL: z.coerce.number().int().min(1).max(100_000).default(30),
      RATE_LIMIT_EMAIL_LINKS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
      RATE_LIMIT_EMAIL_LINKS_PER_BROWSER: z.coerce.number().int().min(1).max(100_000).default(10),
      RATE_LIMIT_EMAIL_VERIFICATIONS_PER_PERSON: z.coerce.number().int().min(1).max(100_000).default(5),
      TRUSTED_PROXIES: trustedProxiesSetting,
      /** Idle sessions end after this many hours without a request (lib/auth/server/session-store.ts); the 7-day limit holds besides. */
      SESSION_IDLE_TIMEOUT_HOURS: z.coerce.number().min(1).max(168).default(12),
      /** Set when the upstreams are the bundled sandbox (the browser tests' clock follows it). */
      SANDBOX_URL: optionalUrl,
    })
    .extend(logSettingsSchema.shape)
    .extend(telemetrySettingsSchema.shape)
    .transform((env) => ({ ...env, NEXTAUTH_URL: env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}` })),
);

export type ServerEnv = z.infer<typeof serverEnvSchema>;

/** One line per problem, naming the variable: what start-up prints before it stops. */
export function describeEnvError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const name = issue.path.join(".") || "env";
      return `  ${issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`}`;
    })
    .join("\n");
}
