import "server-only";
import type { Db } from "../store/db";
import type { AuditLog } from "./audit";

/** What the people feature's operations use (one per service; `ServiceParts.people`). */
export interface PeopleContext {
  db: Db;
  now: () => Date;
  audit: AuditLog;
  /** Where an invitation opens, for its token (`<APP_URL>/invite/<token>`). */
  invitationUrl: (token: string) => string;
}
