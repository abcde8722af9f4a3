import { getNoop } from "@/lib/http/server/noop";

export const dynamic = "force-dynamic";

// Benchmarks only (404 unless BENCH_ROUTES=true): the proxy bench's baseline (lib/http/server/noop.ts).
export const GET = getNoop;
