import { proxyAccountingRequest } from "@/features/accounting/server/proxy";
import { withRoute } from "@/lib/http/server/route";

// Serves /api/accounting/<path>: proxy.ts rewrites those URLs here (see features/accounting/proxy-path.ts).
// The proxy reads the session itself (a read may use the recent one) and answers in its envelope.
export const dynamic = "force-dynamic";

const handle = withRoute({ auth: false }, ({ request }) => proxyAccountingRequest(request));

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
