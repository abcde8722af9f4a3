import { existsSync } from "node:fs";
import path from "node:path";

export const LOCAL_ENV_FILE = path.resolve(import.meta.dirname, "../../.env.local");

/** Loads the git-ignored `.env.local` (generated secrets) without overriding the real environment. */
export function loadLocalEnv(): void {
  if (!existsSync(LOCAL_ENV_FILE)) return;
  const before = { ...process.env };
  process.loadEnvFile(LOCAL_ENV_FILE);
  Object.assign(process.env, before);
}
