import "server-only";
import { HttpError } from "../errors";
import type { HandlerTablePart } from "../http/context";

const notYet = async (): Promise<Response> => {
  throw new HttpError(501, "People are not implemented yet.", "internal_error");
};

/** The routes of lib/api/routes.ts the people feature answers. */
export const peopleHandlers = {
  "v2.apiKeys.list": notYet,
  "v2.apiKeys.create": notYet,
  "v2.apiKeys.rotate": notYet,
  "v2.apiKeys.delete": notYet,
  "v2.team.me": notYet,
  "v2.team.members.list": notYet,
  "v2.team.members.create": notYet,
  "v2.team.members.update": notYet,
  "v2.team.members.delete": notYet,
  "v2.team.members.transferChats": notYet,
  "v2.team.invitations.list": notYet,
  "v2.team.invitations.create": notYet,
  "v2.team.invitations.delete": notYet,
  "v2.auditLog": notYet,
} satisfies HandlerTablePart;
