import { inject } from "vitest";
import { createPrismaClient } from "@/lib/db/client";

/** A Prisma client on the suite's migrated database (see global-setup.ts). */
export function testDb() {
  return createPrismaClient(inject("databaseUrl"));
}
