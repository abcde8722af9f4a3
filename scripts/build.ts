import { ensureNextBuild } from "./lib/next-build";

// `npm run build`: the production build a deployment serves (`npm run serve`): Next's build and the
// app server bundled beside it (scripts/lib/next-build.ts), in NEXT_DIST_DIR or .next. Nothing is
// built again when a build of the same sources is there.
await ensureNextBuild(process.env);
