import pino, { type Logger } from "pino";
import { tracing } from "@/lib/telemetry/hooks";
import { logContext } from "./context";
import { REDACT_PATHS, REDACTED } from "./redact";
import { logSettings, type LogSettings } from "./settings";

// The app's one logger (docs/adr/0250-structured-logs.md): pino, one JSON object a line, or readable
// lines under LOG_FORMAT=pretty (`npm start`). Every line carries its request's or job's context
// (./context.ts) and never a secret (./redact.ts). The process's logger lives on globalThis, like
// the context: server.ts and Next's chunks each bundle their own copy of this module.
// No `server-only`: server.ts, bundled for plain `node`, imports it; the boundary rule keeps it out
// of the browser (scripts/eslint/server-client-boundary.mjs).

type Write = (text: string) => void;

/** A logger at `settings`, writing each line (a string ending in a newline) to `write`. */
export function buildLogger(settings: LogSettings, write: Write): Logger {
  return pino(
    {
      level: settings.LOG_LEVEL,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // The active span's trace_id and span_id while tracing is on (lib/telemetry/hooks.ts); nothing when off.
      mixin: () => ({ ...logContext(), ...tracing().logFields() }),
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      // Name, message and stack only: an error's other fields (a driver's `detail`, a client's
      // request) may hold what no line may.
      serializers: { err: (error: unknown) => errorForLog(error) },
    },
    { write: settings.LOG_FORMAT === "pretty" ? prettyWriter(write) : write },
  );
}

function errorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  return { type: error.name, message: error.message, stack: error.stack };
}

type Formatter = (line: string) => string;
let prettyFactory: Promise<Formatter> | undefined;

/**
 * pino-pretty, loaded by the first pretty logger only: a JSON process (`npm run serve`, the worker)
 * never holds it (docs/adr/0230-app-memory.md). Formatted in this thread, without pino's transport
 * worker: one line at a time is all a developer's terminal needs.
 */
export function loadPrettyFormatter(): Promise<Formatter> {
  prettyFactory ??= import("pino-pretty").then((loaded) =>
    // A CommonJS package: its named export, or the same on its default one, as the importer gives it.
    (loaded.prettyFactory ?? loaded.default.prettyFactory)({
      colorize: Boolean(process.stdout.isTTY),
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "pid,hostname",
    }),
  );
  return prettyFactory;
}

/** Writes each line formatted; the lines logged before pino-pretty has loaded follow in order once it has. */
function prettyWriter(write: Write): Write {
  let format: Formatter | undefined;
  const pending: string[] = [];
  loadPrettyFormatter().then(
    (loaded) => {
      for (const line of pending.splice(0)) write(loaded(line));
      format = loaded;
    },
    (error: unknown) => {
      // Unformatted rather than lost (a production install without pino-pretty, say).
      write(`${JSON.stringify({ level: "warn", msg: `LOG_FORMAT=pretty: ${(error as Error).message}` })}\n`);
      for (const line of pending.splice(0)) write(line);
      format = (line) => line;
    },
  );
  // A process that exits first (a failed start) still says why, unformatted.
  process.once("exit", () => {
    for (const line of pending.splice(0)) write(line);
  });
  return (line) => {
    if (format) write(format(line));
    else pending.push(line);
  };
}

const holder = globalThis as { __ledgerlaneLog?: { logger: Logger; target: Write } };

function processLogger(): { logger: Logger; target: Write } {
  if (!holder.__ledgerlaneLog) {
    const state = { target: (text: string) => void process.stdout.write(text) } as { logger: Logger; target: Write };
    state.logger = buildLogger(logSettings(), (text) => state.target(text));
    holder.__ledgerlaneLog = state;
  }
  return holder.__ledgerlaneLog;
}

/** The process's logger (LOG_LEVEL, LOG_FORMAT), to standard output. */
export const log: Logger = processLogger().logger;

/** Where the process's lines go: standard output unless a test captures them (./testing/capture.ts). */
export function setLogTarget(target: Write | undefined): void {
  processLogger().target = target ?? ((text) => void process.stdout.write(text));
}
