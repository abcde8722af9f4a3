import { withRoute } from "@/lib/http/route";

// The benchmark's baseline: a route of this app that does nothing (see lib/accounting/proxy.bench.ts).
export const dynamic = "force-dynamic";

export const GET = withRoute({ auth: false }, () => Response.json({ ok: true }, { headers: { "cache-control": "no-store" } }));
