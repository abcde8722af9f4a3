import "server-only";
import { createHash } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { serverEnv } from "@/lib/env/server";

/**
 * The outbox's note of what the SMTP server accepted, kept on local disk until the row's `sent_at`
 * is committed. SMTP has no idempotent handoff, and the database cannot record a 250 when it is
 * down or when the process dies before the update: this note, written and fsynced right after the
 * 250, is what survives both. A sender checks it before sending a row again (./worker.ts), and a
 * drain first marks sent every row noted here. One file per message (named by a hash of the
 * database and idempotency key), so processes on one machine share it without locking; a file is removed once
 * the database holds the mark. docs/adr/0120-mail-sent-journal.md says why and where it falls short.
 */

export interface SentNote {
  idempotencyKey: string;
  messageId: string;
  acceptedAt: string;
}

/** The database a note belongs to (host, port and name of DATABASE_URL): a folder shared by checkouts or test runs on other databases ignores the others' notes. */
function databaseName(): string {
  const url = new URL(serverEnv().DATABASE_URL);
  return `${url.host}${url.pathname}`;
}

function journalDir(): string {
  return path.resolve(serverEnv().MAIL_SENT_JOURNAL_DIR);
}

function fileFor(idempotencyKey: string): string {
  const hash = createHash("sha256").update(`${databaseName()}\n${idempotencyKey}`).digest("hex");
  return path.join(journalDir(), `${hash}.json`);
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Notes durably (fsync of the file and its folder) that the server accepted the message. */
export async function noteAccepted(note: SentNote): Promise<void> {
  const dir = journalDir();
  await mkdir(dir, { recursive: true });
  const target = fileFor(note.idempotencyKey);
  const temporary = `${target}.${process.pid}.tmp`;
  const handle = await open(temporary, "w");
  try {
    await handle.writeFile(JSON.stringify({ ...note, database: databaseName() }));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, target);
  await syncDir(dir);
}

function parse(raw: string): SentNote | null {
  try {
    const note = JSON.parse(raw) as Partial<SentNote> & { database?: string };
    if (note.database !== databaseName()) return null;
    if (
      typeof note.idempotencyKey !== "string" ||
      typeof note.acceptedAt !== "string" ||
      typeof note.messageId !== "string"
    )
      return null;
    return note as SentNote;
  } catch {
    return null;
  }
}

/** The note of a message the server accepted, or null. */
export async function acceptedNote(idempotencyKey: string): Promise<SentNote | null> {
  try {
    return parse(await readFile(fileFor(idempotencyKey), "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Every note still waiting for its database mark. */
export async function pendingNotes(): Promise<SentNote[]> {
  let names: string[];
  try {
    names = await readdir(journalDir());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const notes: SentNote[] = [];
  for (const name of names.filter((item) => item.endsWith(".json"))) {
    const note = parse(await readFile(path.join(journalDir(), name), "utf8").catch(() => ""));
    if (note) notes.push(note);
  }
  return notes;
}

/** Forgets a note once the database holds the row's mark. */
export async function forgetNote(idempotencyKey: string): Promise<void> {
  await rm(fileFor(idempotencyKey), { force: true });
}
