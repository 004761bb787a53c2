import type { Role } from "@/lib/api";

export type { Role } from "@/lib/api";

/** Who makes a request (the router resolves it once; lib/embedded/people/caller.ts). */
export interface Caller {
  /** The person acting: the key's owner, the acting-as person, or the first admin for the service's key. */
  personId: string;
  /** That person's role now (read at this request: a role change counts from the next request). */
  role: Role;
  /** The person's API key used (its id); null for the service's key (with or without acting-as) or an OAuth token. */
  keyId: string | null;
}

/** A person as the dashboard sees one (the in-process directory; never a password hash). */
export interface PersonRecord {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  deleted: boolean;
  /** Bumped on disable, role change, password change and delete: a session carrying an older one is dead. */
  sessionEpoch: number;
}

/** The claims of an OIDC sign-in, with the role the dashboard decided from them. */
export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string;
  name?: string;
  role: Role;
}

/** A pending invitation as the invitation page shows it. */
export interface InvitationPreview {
  email: string;
  role: Role;
  expiresAt: string;
  /** The inviter's display name (null if they are no longer known). */
  invitedBy: string | null;
}

/** What the dashboard records in the audit log (sign-ins, failed sign-ins, …); never a secret in `detail`. */
export interface AuditInput {
  actor: string | null;
  action: string;
  target?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * The in-process directory of people (PEOPLE-CONTRACT.md): what the dashboard's sign-in and session checks use.
 * `lib/server` declares the same shape; `app/_wiring` connects the two (the dashboard never imports lib/embedded).
 */
export interface PeopleDirectory {
  /** The first admin (id user_embedded), created at start if absent. */
  firstAdmin(): Promise<PersonRecord>;
  /** The person whose password this is; null for an unknown email, a wrong password, a disabled or deleted person, or one without a password. */
  verifyPassword(email: string, password: string): Promise<PersonRecord | null>;
  /** A person by id, deleted ones included (`deleted: true`); null for an unknown id. The session check, every request. */
  person(id: string): Promise<PersonRecord | null>;
  /**
   * The person of this OIDC identity: created on the first sign-in (by issuer + subject; an existing person with the
   * same email and no identity yet is linked), role, name and email updated after. Throws PeopleError
   * ("disabled", "deleted", "email_taken").
   */
  signInWithOidc(claims: OidcClaims): Promise<PersonRecord>;
  /** A valid, unused, unexpired invitation by its token; null otherwise. */
  invitation(token: string): Promise<InvitationPreview | null>;
  /**
   * Accepts an invitation: creates the person with this name and password (scrypt), uses the token up. Throws
   * PeopleError ("invitation_invalid": unknown, used, revoked or expired; "email_taken"; "invalid_input").
   */
  acceptInvitation(token: string, input: { name: string; password: string }): Promise<PersonRecord>;
  /** Sets a person's password (scrypt) and bumps their session epoch. Throws PeopleError ("not_found", "invalid_input"). */
  setPassword(personId: string, password: string): Promise<PersonRecord>;
  /** Records an audit entry (the dashboard's own: sign-ins and failed sign-ins). */
  recordAudit(entry: AuditInput): Promise<void>;
}

/** Why a directory call refused (a typed error the dashboard turns into a message). */
type PeopleErrorCode = "invitation_invalid" | "email_taken" | "invalid_input" | "disabled" | "deleted" | "not_found";

export class PeopleError extends Error {
  constructor(
    readonly code: PeopleErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "PeopleError";
  }
}
