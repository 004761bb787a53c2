import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { MemberList } from "@/lib/api";
import { call, expectSchema, startService } from "../test-support";
import { openPeopleDirectory } from "./standalone";

/**
 * The people directory on its own (a dashboard whose service is elsewhere): the embedded service's store opened for
 * its people, the first admin there; the people it signs in are the service's when it is served from that store.
 */

const dir = mkdtempSync(path.join(tmpdir(), "atelier-people-standalone-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the people directory without the service", () => {
  test("opens the store, ensures the first admin, and shares its people with the service", async () => {
    const opened = await openPeopleDirectory({
      dataDir: dir,
      firstAdminName: "ops",
      invitationUrl: (token) => `https://atelier.test/invite/${token}`,
    });
    try {
      expect(await opened.directory.firstAdmin()).toMatchObject({ id: "user_embedded", name: "ops", role: "admin" });
      const person = await opened.directory.signInWithOidc({
        issuer: "https://idp.example.com",
        subject: "s1",
        email: "ivy@example.com",
        role: "member",
      });
      await opened.directory.recordAudit({ actor: person.id, action: "sign_in" });
    } finally {
      await opened.close();
    }
    const svc = await startService({ dataDir: dir, firstAdminName: "ops" });
    try {
      const members = expectSchema(MemberList, (await call(svc, "GET", "/v2/team/members")).body).members;
      expect(members.map((m) => [m.email, m.role])).toEqual([
        ["embedded@atelier.invalid", "admin"],
        ["ivy@example.com", "member"],
      ]);
      const log = (await call(svc, "GET", "/v2/audit-log")).body as { entries: { action: string }[] };
      expect(log.entries.map((e) => e.action)).toEqual(["sign_in", "member.created"]);
    } finally {
      await svc.close();
    }
  }, 180_000);
});
