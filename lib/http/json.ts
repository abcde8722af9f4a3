/** JSON text parsed, or undefined when it is empty or not JSON (upstream answers are parsed with zod next). */
export function parseJsonOrUndefined(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
