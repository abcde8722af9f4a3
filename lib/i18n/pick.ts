import type { Messages } from "./messages";

export type Namespace = keyof Messages;

/** The given top-level namespaces of a catalogue: what a page hands to the browser, nothing more. */
export function pickMessages<N extends Namespace>(messages: Messages, namespaces: readonly N[]): Pick<Messages, N> {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]])) as Pick<Messages, N>;
}
