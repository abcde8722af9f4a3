import { ApiRequestError } from "@/lib/http/client/browser-fetch";
import { apiErrorCodeSchema } from "@/lib/http/envelope";
import { callAccounting } from "@/features/accounting/proxy-shape";

type Success<T> = Extract<Awaited<ReturnType<typeof callAccounting<T>>>, { ok: true }>;

/**
 * `callAccounting` for a TanStack mutation: the answer when it worked, else an `ApiRequestError`
 * whose code the browser can translate (a service's own code and text travel as `detail`).
 */
export async function sendToAccounting<T>(...args: Parameters<typeof callAccounting<T>>): Promise<Success<T>> {
  const answer = await callAccounting<T>(...args);
  if (answer.ok) return answer as Success<T>;
  const { code, message, fields, detail } = answer.error;
  const known = apiErrorCodeSchema.safeParse(code);
  throw new ApiRequestError(answer.status, {
    code: known.success ? known.data : answer.status === 503 ? "unavailable" : "upstream_error",
    message,
    fields: fields ?? {},
    // The service's own words, shown below the translated text (ErrorNotice), never as the message.
    detail: detail ?? (known.success ? undefined : message || code),
  });
}
