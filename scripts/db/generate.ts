import { ensurePrismaClient } from "../lib/prisma-generate";

await ensurePrismaClient();
