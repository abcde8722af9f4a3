import { randomUUID } from "node:crypto";
import type { createPrismaClient } from "@/lib/db/client";
import type { MonthCloseState } from "@/lib/db/generated/client";

type Db = ReturnType<typeof createPrismaClient>;

export interface ReminderWorld {
  workspaceId: string;
  connectionId: string;
  clerks: string[];
  approver: string;
  companyIds: number[];
}

/**
 * A workspace with `clerks` clerks, an approver, and a connected payroll customer with `companies`
 * companies (ids from 1001, current month `period`); `states` gives some companies' month-close
 * state for `period` (no row: not started, which reminders treat as Open); `assignedEach` assigns
 * so many clerks to each company, in turn. For the reminder tests and the bench; rows are inserted in bulk.
 */
export async function seedReminderWorld(
  db: Db,
  options: {
    clerks: number;
    companies: number;
    period: string;
    states?: Record<number, MonthCloseState>;
    assignedEach?: number;
  },
): Promise<ReminderWorld> {
  const tag = randomUUID().slice(0, 8);
  const workspace = await db.workspace.create({ data: { name: `Kanzlei ${tag}` } });
  const people = Array.from({ length: options.clerks + 1 }, (_, i) => ({
    id: randomUUID(),
    accountingUserId: `reminders:${tag}:${i}`,
    displayName: i === options.clerks ? `Approver ${tag}` : `Clerk ${i + 1} ${tag}`,
    email: `person${i}.${tag}@example.com`,
  }));
  await db.user.createMany({ data: people });
  await db.workspaceMember.createMany({
    data: people.map((person, i) => ({
      workspaceId: workspace.id,
      userId: person.id,
      roles: i === options.clerks ? ["approver" as const] : ["clerk" as const],
    })),
  });
  const connection = await db.payrollConnection.create({
    data: {
      workspaceId: workspace.id,
      baseUrl: "http://127.0.0.1:9/payroll",
      username: `user-${tag}`,
      apiKeyEncrypted: "sealed",
    },
  });
  const companyIds = Array.from({ length: options.companies }, (_, i) => 1001 + i);
  await db.payrollCompany.createMany({
    data: companyIds.map((companyId) => ({
      connectionId: connection.id,
      companyId,
      name1: `Firma ${companyId}`,
      name2: "",
      address: {},
      currentMonth: options.period,
    })),
  });
  const states = Object.entries(options.states ?? {});
  if (states.length)
    await db.monthClose.createMany({
      data: states.map(([companyId, state]) => ({
        connectionId: connection.id,
        companyId: Number(companyId),
        period: options.period,
        state,
      })),
    });
  const clerkIds = people.slice(0, options.clerks).map((person) => person.id);
  const each = options.assignedEach ?? 0;
  if (each)
    await db.payrollCompanyAssignee.createMany({
      data: companyIds.flatMap((companyId, i) =>
        Array.from({ length: each }, (_, k) => ({
          connectionId: connection.id,
          companyId,
          userId: clerkIds[(i * each + k) % clerkIds.length]!,
        })),
      ),
    });
  return {
    workspaceId: workspace.id,
    connectionId: connection.id,
    clerks: clerkIds,
    approver: people[options.clerks]!.id,
    companyIds,
  };
}
