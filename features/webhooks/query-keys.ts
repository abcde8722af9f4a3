/** TanStack Query keys of the webhooks feature (browser-safe). */
export const webhookKeys = {
  endpoints: (workspaceId: string) => ["webhooks", workspaceId, "endpoints"] as const,
  deliveries: (workspaceId: string, endpointId: string) => ["webhooks", workspaceId, endpointId, "deliveries"] as const,
};
