import { inject, describe, expect, it } from "vitest";
import { diffDatabaseToSchema } from "./schema-drift";

describe("migrations", () => {
  it("bring the database exactly to prisma/schema.prisma (run `npm run db:diff -- <name>` when this fails)", async () => {
    expect(await diffDatabaseToSchema(inject("databaseUrl"))).toBe("");
  });
});
