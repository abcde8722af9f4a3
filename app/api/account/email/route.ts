export { postAddSignInEmail as POST } from "@/features/account-linking/server/handlers";

export const dynamic = "force-dynamic";
