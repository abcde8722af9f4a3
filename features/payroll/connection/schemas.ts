import { z } from "zod";

/** The connect form: one schema for the form and the server. */
// A key travels in an HTTP header: visible ASCII only. A CR/LF, NUL, space or emoji is refused
// here (422 `invalidKey` under the field) instead of failing in the header (a 502).
const API_KEY_CHARACTERS = /^[\x21-\x7E]+$/;

export const connectSchema = z.object({
  apiKey: z.string().trim().min(1, "required").max(500, "tooLong:500").regex(API_KEY_CHARACTERS, "invalidKey"),
  baseUrl: z.string().trim().max(500, "tooLong:500").default(""),
});
export type ConnectInput = z.input<typeof connectSchema>;
