import "server-only";
import { getDb } from "@/lib/db/client";

/**
 * Another workspace of this person whose payroll connection reaches the company, for a company
 * page opened in the wrong workspace. Only workspaces the person is a member of are looked at,
 * so nobody learns of a workspace (or a company in it) they do not belong to.
 */
export async function memberWorkspaceWithCompany(
  userId: string,
  exceptWorkspaceId: string | null,
  companyId: string,
): Promise<{ id: string; name: string; companyName: string } | null> {
  if (!/^\d{1,9}$/.test(companyId)) return null;
  const company = await getDb().payrollCompany.findFirst({
    where: {
      companyId: Number(companyId),
      connection: {
        disconnectedAt: null,
        workspace: { members: { some: { userId } }, ...(exceptWorkspaceId ? { id: { not: exceptWorkspaceId } } : {}) },
      },
    },
    select: { name1: true, connection: { select: { workspace: { select: { id: true, name: true } } } } },
    orderBy: { syncedAt: "desc" },
  });
  return company ? { ...company.connection.workspace, companyName: company.name1 } : null;
}
