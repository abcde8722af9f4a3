import { wireFeatures } from "@/lib/composition/wire";

// Every vitest file runs wired like the app's process (instrumentation.ts): the domain events'
// consumers and the audit trail's presenters, from the feature manifests
// (docs/adr/0241-feature-manifests.md). Cheap: the manifests load their server code only when used.
wireFeatures();
