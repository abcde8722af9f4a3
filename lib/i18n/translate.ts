import type { MessageKeys, NestedKeyOf, TranslationValues } from "next-intl";
import type { Messages } from "./messages";

/** Every message key of the catalogue, dotted from the root (`"payroll.import.start"`). */
export type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;

/**
 * A root translator (`useTranslations()` / `getTranslations()` without a namespace), for helpers
 * that build a key from a code (`payroll.validation.${code}`) and fall back when there is none.
 */
export interface Translate {
  (key: MessageKey, values?: TranslationValues): string;
  has(key: MessageKey): boolean;
}

/** The catalogue's node at a dotted path: `At<Messages, "monthChecks.ruleNames">` is that object. */
type At<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/**
 * The keys one level under a prefix: `KeyUnder<"workspaces.roles">` is `"workspaces.roles.owner" | …`.
 * Read from the prefix's own object, not by filtering every key of the catalogue (which costs `tsc`).
 * A prefix that is no object of the catalogue gives `${prefix}.${string}`, which no `t` takes.
 */
export type KeyUnder<P extends string> = `${P}.${Extract<keyof At<Messages, P>, string>}`;

/**
 * `<prefix>.<code>` as a message key when the catalogue has that message, else undefined: for codes
 * that reach a text as plain strings (an audit entry's details, a server's error code) and show as
 * they are, or as a fallback text, when this build has no words for them. Codes the code knows as a
 * union (a check rule, an audit kind) need no helper: `t(\`monthChecks.ruleNames.${rule}\`)` is typed.
 */
export function keyUnder<P extends string>(t: Translate, prefix: P, code: string): KeyUnder<P> | undefined {
  const key = `${prefix}.${code}`;
  // The one unchecked step, and `has` is what checks it: a key of the catalogue, or none.
  return t.has(key as MessageKey) ? (key as KeyUnder<P>) : undefined;
}
