import { redirect } from "next/navigation";
import { getSessionUser } from "@/lib/auth/server/session";
import { landingPath } from "@/features/sign-in/server/landing";

export const dynamic = "force-dynamic";

/** Where sign-in comes back to (the sign-in buttons' callbackUrl): sends the person on to their landing page. */
export default async function SignedInPage() {
  const user = await getSessionUser();
  redirect(user ? await landingPath(user) : "/");
}
