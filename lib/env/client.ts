import { z } from "zod";
import { withoutEmptyValues } from "./empty-values";

// The browser's configuration (the server's is ./schema.ts, which the browser never loads).

export const clientEnvSchema = z.preprocess(
  withoutEmptyValues,
  z.object({
    /** The language shown before a person picks one and when the browser asks for neither. */
    NEXT_PUBLIC_DEFAULT_LOCALE: z.enum(["en", "de"]).default("en"),
  }),
);

// Next inlines NEXT_PUBLIC_* at build time only when named literally.
export const clientEnv = clientEnvSchema.parse({
  NEXT_PUBLIC_DEFAULT_LOCALE: process.env.NEXT_PUBLIC_DEFAULT_LOCALE,
});
