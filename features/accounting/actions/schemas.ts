import { z } from "zod";

/**
 * The inputs of the accounting server actions, shared by the components that call them and the
 * actions that check them (a server action is a public endpoint: anything may arrive). Browser-safe.
 */
export const chooseBusinessSchema = z.object({ businessId: z.string().trim().min(1).max(200) }).strict();
export type ChooseBusinessInput = z.infer<typeof chooseBusinessSchema>;

/** Which accounting connection a disconnect ends: the OAuth 2.0 one (v3.1, the default) or the legacy v3 one. */
export const disconnectSchema = z.object({ version: z.enum(["v3_1", "v3"]).default("v3_1") }).strict();
export type DisconnectInput = z.input<typeof disconnectSchema>;

export type DisconnectOutcome = "revoked" | "pending" | "none" | "signed_out" | "invalid";
