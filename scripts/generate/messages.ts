import { ensureMessages } from "../lib/messages";

// `npm run messages:generate`: the per-feature messages merged into one catalogue per language (scripts/lib/messages.ts).
ensureMessages();
