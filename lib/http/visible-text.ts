import { z } from "zod";

/**
 * Texts people write for others to read (a reopen reason, an acknowledgement's comment) must
 * hold at least one visible character: a zero-width space, a no-break space, a word joiner or a
 * lone combining mark passes a "required" check but says nothing. Browser-safe: the forms and
 * the routes share it through their resource's schema.
 *
 * Not visible: whitespace and separators (\s, \p{Z}), control, format, private-use and unassigned
 * code points (\p{C}: U+200B, U+2060, U+FEFF, bidi marks…), marks without a base (\p{M}), and
 * the letters and symbols that render as blanks (Hangul fillers, the braille blank, U+180E).
 */
const VISIBLE = /[^\s\p{Z}\p{C}\p{M}\u115F\u1160\u3164\uFFA0\u2800\u180E]/u;

/** Whether `text` has a character a reader can see. */
export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(text);
}

/**
 * A required text of at most `max` characters, trimmed, with at least one visible character.
 * Its issues' messages are codes for the form: `required` (empty), `invisible` (only invisible
 * characters), `tooLong`.
 */
export function visibleTextSchema(max: number) {
  return z
    .string()
    .trim()
    .min(1, { message: "required", abort: true })
    .max(max, { message: "tooLong", abort: true })
    .refine(hasVisibleText, { message: "invisible", abort: true });
}
