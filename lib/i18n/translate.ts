import type { Messages } from "./messages/en";

type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Paths<Messages>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** `t("nav.payroll")`; `{name}` placeholders are filled from `values`. */
export function createTranslator(messages: Messages): Translate {
  return (key, values) => {
    let node: unknown = messages;
    for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
    const text = typeof node === "string" ? node : key;
    return values ? text.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match)) : text;
  };
}
