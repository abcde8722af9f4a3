import { ensureMessages } from "../lib/messages";

// `npm run messages:generate`: the per-feature messages merged into one catalogue per language (scripts/lib/messages.ts).
try {
  ensureMessages();
} catch (error) {
  // A namespace claimed twice or a missing language: the sentence says which, a stack would only bury it.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
