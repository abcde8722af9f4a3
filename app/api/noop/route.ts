import { getNoop } from "@/lib/http/noop";

export const dynamic = "force-dynamic";

// Benchmarks only (404 unless BENCH_ROUTES=true): the proxy bench's baseline (lib/http/noop.ts).
export const GET = getNoop;
