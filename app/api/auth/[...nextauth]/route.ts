import { handleAuthGet, handleAuthPost } from "@/lib/auth/route-handler";

export const dynamic = "force-dynamic";

export { handleAuthGet as GET, handleAuthPost as POST };
