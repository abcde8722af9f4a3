import { clientEnvSchema } from "./schema";

// Next inlines NEXT_PUBLIC_* at build time only when named literally.
export const clientEnv = clientEnvSchema.parse({
  NEXT_PUBLIC_DEFAULT_LOCALE: process.env.NEXT_PUBLIC_DEFAULT_LOCALE,
});
