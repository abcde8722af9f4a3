import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: {
      "server-only": path.join(root, "scripts/test/server-only-stub.ts"),
      "@": root,
    },
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    // .next*: every build folder (the benches build into .next-bench, whose node_modules link the packages).
    exclude: ["node_modules/**", "e2e/**", ".next*/**", ".data/**"],
    globalSetup: ["scripts/test/global-setup.ts"],
    // Each file's process wired as the app's is (the event consumers, the audit presenters).
    setupFiles: ["scripts/test/wire-features.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: {
      NODE_ENV: "test",
      NEXTAUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      TOKEN_ENCRYPTION_KEYS: `test:${Buffer.alloc(32, 7).toString("base64")}`,
    },
  },
});
