import dynamic from "next/dynamic";
import { onFirstOpening } from "@/components/ui/on-first-opening";

// The grid's dialogs asked for now and then: loaded when first opened, not with the grid (the
// hours page's JavaScript budget, features/payroll/grid/grid.bench.ts).
export const CopyLineDialog = onFirstOpening(
  dynamic(() => import("./copy-line-dialog").then((module) => module.CopyLineDialog)),
);
export const ReviewDialog = onFirstOpening(
  dynamic(() => import("./review-dialog").then((module) => module.ReviewDialog)),
);
/** Shown only once someone else saved a line first (co-editing.tsx renders it from then on). */
export const ConflictDialog = dynamic(() => import("./conflict-dialog").then((module) => module.ConflictDialog));
