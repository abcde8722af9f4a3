import { onTestFinished } from "vitest";
import { setLogTarget } from "../logger";

export interface CapturedLog {
  /** Every line written since the capture began, as written. */
  text(): string;
  /** Every line as its parsed JSON object. */
  records(): Record<string, unknown>[];
  /** Standard output again. */
  restore(): void;
}

/**
 * The process's log lines from now on, captured instead of written (tests assert on what was
 * logged), until the test ends.
 */
export function captureLog(): CapturedLog {
  const lines: string[] = [];
  setLogTarget((text) => lines.push(text));
  onTestFinished(() => setLogTarget(undefined));
  return {
    text: () => lines.join(""),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    restore: () => setLogTarget(undefined),
  };
}
