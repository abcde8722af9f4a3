import { defineConfig } from "prisma/config";

// The CLI needs no URL to generate; `npm run db:migrate` (scripts/db/migrate.ts)
// migrates through the WebAssembly schema engine and the pg adapter instead.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
