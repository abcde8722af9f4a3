import { describe, expect, it } from "vitest";
import { withLogContext } from "./context";
import { buildLogger, loadPrettyFormatter } from "./logger";
import { pathForLog } from "./redact";
import { logSettings } from "./settings";

/** A logger at `settings` whose lines are kept (pino's destination, captured). */
function captured(settings: Parameters<typeof buildLogger>[0]) {
  const lines: string[] = [];
  return { logger: buildLogger(settings, (line) => lines.push(line)), lines };
}

describe("LOG_LEVEL and LOG_FORMAT", () => {
  it("default to info and json; an empty value is unset", () => {
    expect(logSettings({})).toEqual({ LOG_LEVEL: "info", LOG_FORMAT: "json" });
    expect(logSettings({ LOG_LEVEL: "", LOG_FORMAT: "" })).toEqual({ LOG_LEVEL: "info", LOG_FORMAT: "json" });
    expect(logSettings({ LOG_LEVEL: "debug", LOG_FORMAT: "pretty" })).toEqual({
      LOG_LEVEL: "debug",
      LOG_FORMAT: "pretty",
    });
  });

  it("refuse a wrong value with the variable's name", () => {
    expect(() => logSettings({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => logSettings({ LOG_FORMAT: "text" })).toThrow(/LOG_FORMAT must be json or pretty/);
  });

  it("LOG_LEVEL leaves out the lines below it", () => {
    const { logger, lines } = captured({ LOG_LEVEL: "warn", LOG_FORMAT: "json" });
    logger.debug("debug");
    logger.info("info");
    logger.warn("warn");
    logger.error("error");
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(["warn", "error"]);
    const silent = captured({ LOG_LEVEL: "silent", LOG_FORMAT: "json" });
    silent.logger.fatal("nothing");
    expect(silent.lines).toEqual([]);
  });

  it("json writes one JSON object a line: time, level by name, message and fields", () => {
    const { logger, lines } = captured({ LOG_LEVEL: "info", LOG_FORMAT: "json" });
    logger.info({ companyId: 1001 }, "checked");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      msg: "checked",
      companyId: 1001,
      pid: process.pid,
    });
  });

  it("pretty writes readable lines, the first ones too (before pino-pretty has loaded)", async () => {
    const { logger, lines } = captured({ LOG_LEVEL: "info", LOG_FORMAT: "pretty" });
    logger.info({ companyId: 1001 }, "checked");
    await loadPrettyFormatter();
    logger.warn("later");
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(() => JSON.parse(line)).toThrow();
    expect(lines[0]).toMatch(/INFO.*checked/);
    expect(lines[0]).toContain("companyId: 1001");
    expect(lines[1]).toMatch(/WARN.*later/);
  });
});

describe("a line's context", () => {
  it("is the request's or the job's, on every line logged within it, and nothing outside", () => {
    const { logger, lines } = captured({ LOG_LEVEL: "info", LOG_FORMAT: "json" });
    withLogContext({ requestId: "r-1", userId: "u-1", workspaceId: "w-1" }, () => logger.info("in a request"));
    withLogContext({ queue: "overview-refresh", jobId: "j-1", attempt: 2 }, () => logger.child({}).warn("in a job"));
    logger.info("outside");
    const [request, job, outside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(request).toMatchObject({ msg: "in a request", requestId: "r-1", userId: "u-1", workspaceId: "w-1" });
    expect(job).toMatchObject({ msg: "in a job", queue: "overview-refresh", jobId: "j-1", attempt: 2 });
    expect(outside).not.toHaveProperty("requestId");
    expect(outside).not.toHaveProperty("queue");
  });
});

describe("a request's path in a line", () => {
  it("loses its query and the tokens in its segments", () => {
    expect(pathForLog("/sign-in/link?token=abc")).toBe("/sign-in/link");
    expect(pathForLog("/invitations/Jx8sK2pQvW9mT4rLz7YbN3c")).toBe("/invitations/Jx8s…");
    expect(pathForLog("/payroll/companies/1001/hours")).toBe("/payroll/companies/1001/hours");
  });
});
