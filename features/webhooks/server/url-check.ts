import "server-only";
import { serverEnv } from "@/lib/env/server";
import { ApiError } from "@/lib/http/api-error";
import { BlockedAddressError, resolvePublicAddresses } from "./address-guard";

/**
 * Registration's check of an endpoint's URL (each delivery checks again, ./send.ts): https, and a
 * host whose every address is public, unless WEBHOOKS_ALLOW_PRIVATE=true. Refusals are 422 with a
 * field error on `url`: `httpsOnly`, `notPublic` or `unresolvable`.
 */
export async function checkEndpointUrl(value: string): Promise<void> {
  if (serverEnv().WEBHOOKS_ALLOW_PRIVATE) return;
  const url = new URL(value);
  if (url.protocol !== "https:") throw refuse("httpsOnly", "Webhooks go to https addresses only.");
  try {
    await resolvePublicAddresses(url.hostname);
  } catch (error) {
    if (error instanceof BlockedAddressError) throw refuse("notPublic", "Webhooks go to public addresses only.");
    throw refuse("unresolvable", `${url.hostname} cannot be found.`);
  }
}

function refuse(field: string, message: string): ApiError {
  return new ApiError("invalid", message, { fields: { url: field } });
}
