import { Landing } from "@/components/landing/landing";
import { getSessionUser } from "@/lib/auth/server/session";

export default async function LandingPage() {
  const user = await getSessionUser().catch(() => null);
  return <Landing signedIn={user !== null} />;
}
