"use server";

import "server-only";
import { actingUser } from "@/lib/auth/server/acting-user";
import { getSessionUser } from "@/lib/auth/server/session";
import { chooseWorkspace } from "./members";
import { chooseWorkspaceSchema, type ChooseWorkspaceInput } from "../schemas";

/** The header switcher: only a workspace the person is a member of is stored. */
export async function chooseWorkspaceAction(input: ChooseWorkspaceInput): Promise<{ ok: boolean }> {
  const parsed = chooseWorkspaceSchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  const user = actingUser(await getSessionUser());
  if (!user) return { ok: false };
  return { ok: await chooseWorkspace(user.id, parsed.data.workspaceId) };
}
