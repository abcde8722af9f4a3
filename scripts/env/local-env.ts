import { existsSync } from "node:fs";
import path from "node:path";

export const LOCAL_ENV_FILE = path.resolve(import.meta.dirname, "../../.env.local");

/**
 * Loads the git-ignored `.env.local` (generated secrets, or a copy of `.env.example`) without
 * overriding the real environment. An empty value (`NAME=`) means unset, so `.env.example`'s
 * blank lines leave the defaults in place instead of setting empty strings.
 */
export function loadLocalEnv(file: string = LOCAL_ENV_FILE): void {
  if (!existsSync(file)) return;
  const before = { ...process.env };
  process.loadEnvFile(file);
  for (const [name, value] of Object.entries(process.env)) {
    if (value === "" && !(name in before)) delete process.env[name];
  }
  Object.assign(process.env, before);
}
