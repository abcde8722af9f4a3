import pg from "pg";
import { migrateDatabase } from "./migrate";
import { ensureDatabaseRoles, grantAppRole, roleOf, type DatabaseUrls } from "./roles";

// Test databases are cloned from one migrated once per run: migrating runs every migration and
// pg-boss's schema through the schema engine (seconds), `CREATE DATABASE … TEMPLATE` copies the
// result (a fraction of one). A clone keeps the two roles of roles.ts: roles of its own, named
// after it, the owner role owning every object and the app's role granted its share, as if the
// clone had been migrated by them. Every function here connects as `adminUrl`'s role, a superuser
// (CI's DATABASE_URL, or the embedded server's).

const ident = (name: string) => pg.escapeIdentifier(name);

/** `serverUrl` with its database replaced by `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: "ledgerlane-test-databases" });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The database `name` on `adminUrl`'s server, made afresh (one an earlier, interrupted run left is
 * dropped first) and migrated as production's is: by its owner role, its app's role granted its
 * share. Nothing stays connected to it, so it can be cloned at once.
 */
export async function createMigratedTemplate(adminUrl: string, name: string): Promise<DatabaseUrls> {
  await asAdmin(adminUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${ident(name)}`);
  });
  const roles = await ensureDatabaseRoles(databaseUrl(adminUrl, name));
  await migrateDatabase(roles.migrationUrl, { appRole: roleOf(roles.appUrl) });
  return roles;
}

/**
 * `name`, a copy of `template` (see createMigratedTemplate) with roles of its own: the template's
 * owner role's objects become the clone's owner role's, and the template's roles keep no grant in
 * it (so either database and its roles can be dropped without the other).
 */
export async function cloneDatabase(
  adminUrl: string,
  template: { name: string; roles: DatabaseUrls },
  name: string,
): Promise<DatabaseUrls> {
  await asAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${ident(name)} TEMPLATE ${ident(template.name)}`));
  const roles = await ensureDatabaseRoles(databaseUrl(adminUrl, name));
  const [templateOwner, templateApp] = [roleOf(template.roles.migrationUrl), roleOf(template.roles.appUrl)];
  await asAdmin(databaseUrl(adminUrl, name), async (admin) => {
    // ensureDatabaseRoles handed the app's schemas to the new owner; this takes whatever else the template's owner had.
    await admin.query(`REASSIGN OWNED BY ${ident(templateOwner)} TO ${ident(roleOf(roles.migrationUrl))}`);
    // Owning nothing here now, the template's roles lose their grants and default privileges in the clone only.
    // One role at a time: a default privilege of the owner's for the app's role is found under both.
    await admin.query(`DROP OWNED BY ${ident(templateOwner)}`);
    await admin.query(`DROP OWNED BY ${ident(templateApp)}`);
  });
  await grantAppRole(roles.migrationUrl, roleOf(roles.appUrl));
  return roles;
}

/** Drops the database `name` (whoever is connected) and then its roles, which belong to the whole server. */
export async function dropDatabase(adminUrl: string, name: string, roles?: DatabaseUrls): Promise<void> {
  await asAdmin(adminUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
    for (const role of roles ? [roleOf(roles.appUrl), roleOf(roles.migrationUrl)] : [])
      await admin.query(`DROP ROLE IF EXISTS ${ident(role)}`);
  });
}
