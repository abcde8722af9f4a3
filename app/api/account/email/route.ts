export { postAddSignInEmail as POST } from "@/lib/account-linking/server/handlers";

export const dynamic = "force-dynamic";
