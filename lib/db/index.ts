export { getDb } from "./client";
export type { PrismaClient } from "./generated/client";
