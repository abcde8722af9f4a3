import { handleAuthGet, handleAuthPost } from "@/features/sign-in/server/route-handler";
import { withRoute } from "@/lib/http/server/route";

export const dynamic = "force-dynamic";

// next-auth answers its own routes; withRoute only maps what it throws (never an empty 500).
type NextAuthContext = Parameters<typeof handleAuthGet>[1];
export const GET = withRoute({ auth: false }, ({ request, routeContext }) =>
  handleAuthGet(request, routeContext as NextAuthContext),
);
export const POST = withRoute({ auth: false }, ({ request, routeContext }) =>
  handleAuthPost(request, routeContext as NextAuthContext),
);
