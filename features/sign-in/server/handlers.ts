import "server-only";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";
import { postRequestEmailLink, postCompleteEmailLink } from "./email-handlers";
import { getSessions, deleteSession, postSignOutOthers } from "./session-handlers";
import {
  getConfirmationMethods,
  postConfirmPasskeyOptions,
  postConfirmWithPasskey,
  postConfirmationCode,
  postConfirmWithCode,
} from "./confirmation-handlers";
import type { signInContract } from "../contract";

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const signInHandlers = {
  requestEmailLink: postRequestEmailLink,
  completeEmailLink: postCompleteEmailLink,
  listSessions: getSessions,
  endSession: deleteSession,
  endOtherSessions: postSignOutOthers,
  confirmationMethods: getConfirmationMethods,
  confirmPasskeyOptions: postConfirmPasskeyOptions,
  confirmWithPasskey: postConfirmWithPasskey,
  sendConfirmationCode: postConfirmationCode,
  confirmWithCode: postConfirmWithCode,
} satisfies RouteHandlers<typeof signInContract>;
