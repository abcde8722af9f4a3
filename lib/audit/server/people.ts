import "server-only";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";

/**
 * The staff an entry names by id (its actor, a member it concerns), read when the entry is shown
 * (docs/adr/0298-staff-by-reference.md): the name `users` holds now, or that the person was erased
 * (`erased_people`: their users row is gone). Someone neither (a row deleted otherwise) is unknown.
 */
export interface AuditPerson {
  name: string | null;
  erased: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each known person of `ids` (ids that are no uuid are skipped). */
export async function auditPeopleByIds(ids: Iterable<unknown>): Promise<Map<string, AuditPerson>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === "string" && UUID.test(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await getDb().$queryRaw<{ id: string; name: string | null; erased: boolean }[]>`
    SELECT u.id::text, COALESCE(u.display_name, u.email) AS name, false AS erased FROM users u
     WHERE u.id = ANY(${wanted}::uuid[])
    UNION ALL
    SELECT x.user_id::text, NULL, true FROM erased_people x WHERE x.user_id = ANY(${wanted}::uuid[])`;
  const people = new Map<string, AuditPerson>();
  // An erased person's row wins (a users row of the same id cannot exist after the erasure).
  for (const row of rows) if (!people.get(row.id)?.erased) people.set(row.id, { name: row.name, erased: row.erased });
  return people;
}

/**
 * The actor as an entry shows them: an erased person by no name (`erased`); else the name the entry
 * itself holds (written before names were kept out, or the system's), else the one known now.
 */
export function actorOf(
  entry: { actorId: string | null; actorName: string | null },
  people: ReadonlyMap<string, AuditPerson>,
): { actorName: string | null; actorErased: boolean } {
  const person = entry.actorId ? people.get(entry.actorId) : undefined;
  if (person?.erased) return { actorName: null, actorErased: true };
  return { actorName: entry.actorName ?? person?.name ?? null, actorErased: false };
}

/** What an erased staff member reads as where no language is chosen (the exports), German and English. */
export const ERASED_STAFF_LABEL = { de: "Gelöschtes Teammitglied", en: "Erased staff member" } as const;

/**
 * For raw readers over `e` (audit_entries) joined with ACTOR_JOINS: the actor's name as `actorOf`
 * answers it, and `label` for an erased person.
 */
export function actorNameSql(label: string): Prisma.Sql {
  return Prisma.sql`CASE WHEN x.user_id IS NOT NULL THEN ${label}::text ELSE COALESCE(e.actor_name, u.display_name, u.email) END`;
}
export const ACTOR_JOINS = Prisma.sql`LEFT JOIN users u ON u.id = e.actor_id LEFT JOIN erased_people x ON x.user_id = e.actor_id`;
