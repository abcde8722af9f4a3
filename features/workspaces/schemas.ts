import { z } from "zod";

/**
 * The workspace feature's inputs and shapes, shared by its forms, routes and server actions
 * (browser-safe: no database here).
 */
export const WORKSPACE_ROLES = ["owner", "clerk", "approver", "viewer", "client"] as const;
export type WorkspaceRoleName = (typeof WORKSPACE_ROLES)[number];

/**
 * A set of roles: at least one, each once, in the canonical order. `client` (the firm's client,
 * features/workspaces/permissions.ts) stands alone: a client holds no role of the firm.
 */
export const CLIENT_EXCLUSIVE_MESSAGE = "A client holds no other role: choose Client alone, or only the firm's roles.";
export const rolesSchema = z
  .array(z.enum(WORKSPACE_ROLES))
  .min(1, "Choose at least one role.")
  .max(WORKSPACE_ROLES.length)
  .refine((roles) => !roles.includes("client") || roles.every((role) => role === "client"), CLIENT_EXCLUSIVE_MESSAGE)
  .transform((roles) => WORKSPACE_ROLES.filter((role) => roles.includes(role)));

export const changeRolesSchema = z.object({ roles: rolesSchema }).strict();

/** One payroll company of the workspace (company ids are unique per connection only). */
export const clientCompanySchema = z
  .object({
    connectionId: z.uuid("Choose a company of this workspace."),
    companyId: z.number().int().min(1).max(999_999_999),
  })
  .strict();
export type ClientCompany = z.infer<typeof clientCompanySchema>;
/** A company as a list of choices or a member's row names it. */
export type NamedClientCompany = ClientCompany & { name: string };

export const CLIENT_COMPANIES_MAX = 200;
export const CLIENT_COMPANIES_REQUIRED = "Choose at least one company for the client.";
/** A client's companies: at least one, each once (the server checks each is the workspace's, in its query). */
export const clientCompaniesSchema = z
  .array(clientCompanySchema)
  .min(1, CLIENT_COMPANIES_REQUIRED)
  .max(CLIENT_COMPANIES_MAX)
  .transform(uniqueCompanies);

function uniqueCompanies(companies: readonly ClientCompany[]): ClientCompany[] {
  return [...new Map(companies.map((company) => [`${company.connectionId}/${company.companyId}`, company])).values()];
}

/** An owner changes a client's companies. */
export const changeMemberCompaniesSchema = z.object({ companies: clientCompaniesSchema }).strict();

/**
 * A new invitation: its roles and, optionally, the person it is for (their e-mail as their
 * accounting account has it, and a name for the list). One schema for the form and the route.
 */
export const inviteeSchema = z
  .object({
    email: z.email("email").max(320, "tooLong"),
    name: z.string().trim().max(200, "tooLong").optional(),
  })
  .strict();
export type Invitee = z.infer<typeof inviteeSchema>;

/** Companies come with the role Client and only with it (each refusal names its field). */
export const createInvitationSchema = z
  .object({
    roles: rolesSchema,
    invitee: inviteeSchema.optional(),
    companies: z.array(clientCompanySchema).max(CLIENT_COMPANIES_MAX).optional(),
  })
  .strict()
  .superRefine((input, context) => {
    const client = input.roles.includes("client");
    if (client && !input.companies?.length)
      context.addIssue({ code: "custom", path: ["companies"], message: CLIENT_COMPANIES_REQUIRED });
    if (!client && input.companies?.length)
      context.addIssue({ code: "custom", path: ["companies"], message: "Only a client's invitation names companies." });
  })
  .transform((input) => ({
    ...input,
    companies: input.roles.includes("client") ? uniqueCompanies(input.companies ?? []) : [],
  }));

/** The secret of an invitation link: 32 random bytes, base64url (43 characters). */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const tokenSchema = z.string().regex(INVITATION_TOKEN, "This is not an invitation link.");

export const sendInvitationSchema = z.object({ token: tokenSchema, email: z.email().max(320) }).strict();

/** Any text: a malformed link is the service's to refuse (`invitation_invalid`), like an unknown one. */
export const acceptInvitationSchema = z.object({ token: z.string().max(200) }).strict();

/** A workspace's one name, shown to every member: trimmed, with at least one visible character. */
export const WORKSPACE_NAME_MAX = 80;
export const renameWorkspaceSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Enter a name.")
      .max(WORKSPACE_NAME_MAX, `At most ${WORKSPACE_NAME_MAX} characters.`)
      .refine((name) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(name), "Enter a name with visible characters."),
  })
  .strict();

export const chooseWorkspaceSchema = z.object({ workspaceId: z.uuid() }).strict();
export type ChooseWorkspaceInput = z.infer<typeof chooseWorkspaceSchema>;

export const workspaceParamsSchema = z.object({ workspaceId: z.uuid() });
export const memberParamsSchema = z.object({ workspaceId: z.uuid(), userId: z.uuid() });
export const invitationParamsSchema = z.object({ workspaceId: z.uuid(), invitationId: z.uuid() });

export interface WorkspaceSummary {
  id: string;
  name: string;
  /** The person's own personal workspace. */
  personal: boolean;
  roles: WorkspaceRoleName[];
}

/** A member as the members' list shows them (times as ISO strings). */
export const memberViewSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.enum(WORKSPACE_ROLES)),
  joinedAt: z.string(),
  /** A client's companies (empty for the firm's members). */
  companies: z.array(z.object({ connectionId: z.string(), companyId: z.number(), name: z.string() })),
});
export type MemberView = z.infer<typeof memberViewSchema>;

/** Someone the workspace's trail names who is no longer its member (docs/erasure.md "Staff"). */
export const formerMemberViewSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** False while they share a workspace with others: their name cannot be erased yet. */
  erasable: z.boolean(),
});
export type FormerMemberView = z.infer<typeof formerMemberViewSchema>;

export const INVITATION_STATES = ["open", "used", "revoked", "expired"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitationViewSchema = z.object({
  id: z.string(),
  roles: z.array(z.enum(WORKSPACE_ROLES)),
  createdAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(INVITATION_STATES),
  createdBy: z.string().nullable(),
  usedBy: z.string().nullable(),
  usedAt: z.string().nullable(),
  /** The person the invitation is for, when the owner named them. */
  invitee: z.object({ email: z.string(), name: z.string().nullable() }).nullable(),
  /** A client invitation's companies. */
  companies: z.array(z.object({ connectionId: z.string(), companyId: z.number(), name: z.string() })),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** What an invitation's creator sees once: the link holds the secret, which is not stored. */
export const createdInvitationSchema = z.object({
  invitation: invitationViewSchema,
  token: z.string(),
  link: z.string(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;
