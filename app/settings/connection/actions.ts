"use server";

import { revalidatePath } from "next/cache";
import { getSessionUser } from "@/lib/auth/session";
import { disconnectAccounting } from "@/lib/auth/sign-out";

export async function disconnectAction(): Promise<{ outcome: "revoked" | "pending" | "none" | "signed_out" }> {
  const user = await getSessionUser();
  if (!user) return { outcome: "signed_out" };
  const outcome = await disconnectAccounting(user.id);
  revalidatePath("/", "layout");
  return { outcome };
}
