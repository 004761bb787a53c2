import type { Role } from "@/lib/api/schemas/team";

/**
 * The people directory as the dashboard sees it (PEOPLE-CONTRACT.md, "The in-process directory"): the embedded
 * service's people part, handed over by app/_wiring (the dashboard never imports lib/embedded). Declared here so that
 * lib/server depends on a shape, not on the service.
 */
export interface PersonRecord {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  deleted: boolean;
  /** Bumped by the service on disable, role change, password change and delete: sessions with an older one are dead. */
  sessionEpoch: number;
}

/** A pending invitation as its page shows it (never the token). */
export interface InvitationInfo {
  email: string;
  role: string;
  expiresAt: string;
  /** The name of the person who invited, when the directory knows it. */
  invitedBy?: string | null;
}

/** Who signs in with OIDC and the role the dashboard decided from the claims (lib/server/people/oidc.ts). */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string;
  name?: string;
  role: Role;
}

/** An entry of the service's audit log written by the dashboard (sign-ins and failed sign-ins). */
export interface AuditInput {
  /** The person who acted; null for an unknown one (a failed sign-in for nobody). */
  actor: string | null;
  action: string;
  target?: string | null;
  /** Never a secret (no password, no token). */
  detail?: Record<string, unknown>;
}

export interface PeopleDirectory {
  /** The first admin (id user_embedded): the break-glass login from DASHBOARD_USERNAME / DASHBOARD_PASSWORD. */
  firstAdmin(): Promise<PersonRecord>;
  /** Null: unknown email, wrong password, disabled or deleted, or no password set. */
  verifyPassword(email: string, password: string): Promise<PersonRecord | null>;
  /** The person as stored now (the session check of every request); null when unknown. */
  person(id: string): Promise<PersonRecord | null>;
  /** Creates the person on their first sign-in, updates role, name and email on later ones. */
  signInWithOidc(identity: OidcIdentity): Promise<PersonRecord>;
  /** A valid, unused, unexpired invitation; null otherwise. */
  invitation(token: string): Promise<InvitationInfo | null>;
  /** Creates the invited person; throws (with a message to show) for an invitation that cannot be used. */
  acceptInvitation(token: string, input: { name: string; password: string }): Promise<PersonRecord>;
  recordAudit(entry: AuditInput): Promise<void>;
}
