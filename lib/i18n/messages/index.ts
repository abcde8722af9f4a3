import type { Locale } from "../locales";
import de from "./de";
import en, { type Messages } from "./en";

export const MESSAGES: Record<Locale, Messages> = { en, de };
export type { Messages };
