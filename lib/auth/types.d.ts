import "next-auth/jwt";

declare module "next-auth/jwt" {
  interface JWT {
    /** users.id */
    uid?: string;
    /** sessions.id: deleting the row signs the cookie out. */
    sid?: string;
  }
}
