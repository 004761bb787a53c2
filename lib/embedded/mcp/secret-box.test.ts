import { describe, expect, it } from "vitest";
import type { Step } from "../scripted-agent/script";
import { argumentsFor, withMcpSteps } from "./agent-steps";
import { SecretBox } from "./secret-box";

describe("SecretBox (AES-256-GCM at rest)", () => {
  const box = new SecretBox("service secret material");

  it("round-trips, with a fresh IV each time and no plaintext in the output", () => {
    const a = box.seal("refresh-token-value", "mcp_1:refresh_token");
    const b = box.seal("refresh-token-value", "mcp_1:refresh_token");
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("refresh-token-value");
    expect(box.open(a, "mcp_1:refresh_token")).toBe("refresh-token-value");
  });

  it("refuses another context, another key, and any tampering", () => {
    const sealed = box.seal("secret", "mcp_1:client_secret");
    expect(box.open(sealed, "mcp_2:client_secret")).toBeNull();
    expect(new SecretBox("another key").open(sealed, "mcp_1:client_secret")).toBeNull();
    const raw = Buffer.from(sealed.slice(3), "base64url");
    raw[raw.length - 1]! ^= 1;
    expect(box.open(`v1.${raw.toString("base64url")}`, "mcp_1:client_secret")).toBeNull();
    expect(box.open("v1.short", "mcp_1:client_secret")).toBeNull();
    expect(box.open("plaintext", "mcp_1:client_secret")).toBeNull();
  });
});

describe("/mcp steps", () => {
  it("fills required inputs deterministically, or gives up on unknown types", () => {
    const tool = (properties: Record<string, unknown>, required: string[]) => ({
      name: "t",
      inputSchema: { type: "object", properties, required },
    });
    expect(argumentsFor(tool({ a: { type: "number" }, b: { type: "integer" } }, ["a", "b"]), "x")).toEqual({
      a: 2,
      b: 3,
    });
    expect(argumentsFor(tool({ text: { type: "string" }, opt: { type: "string" } }, ["text"]), "hello")).toEqual({
      text: "hello",
    });
    expect(argumentsFor(tool({ mode: { type: "string", enum: ["fast", "slow"] } }, ["mode"]), "")).toEqual({
      mode: "fast",
    });
    expect(argumentsFor(tool({ blob: {} }, ["blob"]), "")).toBeNull();
  });

  const part = (type: "bash" | "file-read" | "text"): Step =>
    type === "bash"
      ? { kind: "part", part: { type, command: "npm run build" } }
      : type === "file-read"
        ? { kind: "part", part: { type, paths: ["a"] } }
        : { kind: "part", part: { type, text: "done" } };
  const mcp: Step = { kind: "part", part: { type: "agent-action", name: "list_mcp_tools", data: {} } };

  it("go after the last bash or file-read, and never into a message that waits on the user", () => {
    const plain = [part("file-read"), part("bash"), part("text")];
    expect(withMcpSteps(plain, [mcp])).toEqual([part("file-read"), part("bash"), mcp, part("text")]);
    const blocking: Step[] = [part("file-read"), part("text"), { kind: "block", part: { type: "text", text: "?" } }];
    expect(withMcpSteps(blocking, [mcp])).toBe(blocking);
  });
});
