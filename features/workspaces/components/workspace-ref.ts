/** The workspace the settings page shows, as its sections take it. */
export interface WorkspaceRef {
  id: string;
  name: string;
  /** Whether the person is an owner of it (manages members and invitations). */
  owner: boolean;
}
