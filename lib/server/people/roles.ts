/**
 * The three roles of issue 39, highest first: an admin does everything, a member creates and works on chats, a viewer
 * reads. No "server-only": the settings and the sign-in pages' client components show them too.
 */
export const ROLES = ["admin", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2 };

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do what needs `needed` (admin > member > viewer). */
export function hasRole(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

/** The higher of two roles. */
export function higherRole(a: Role, b: Role): Role {
  return RANK[a] >= RANK[b] ? a : b;
}

/** "an admin", "a member", "a viewer". */
export function withArticle(role: Role): string {
  return `${role === "admin" ? "an" : "a"} ${role}`;
}
