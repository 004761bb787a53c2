import { expect, test } from "vitest";
import { request, serviceForFile } from "../test-support";

/**
 * Without pacing (EMBEDDED_AGENT_DELAY_MS=0) a generation still yields to the event loop once per step, so its
 * stream's first bytes go out before its last and other requests are served meanwhile.
 */
const svc = serviceForFile({ agentDelayMs: 0 });

test("a pace-0 generation lets the event loop turn between its steps", async () => {
  let turns = 0;
  let running = true;
  const spin = () => {
    if (!running) return;
    turns++;
    setImmediate(spin);
  };
  const res = await svc.handle(
    request("POST", "/v2/chats/stream", { body: { message: "Build a tip calculator /fast" } }),
  );
  const reader = res.body!.getReader();
  const turnsAtRead: number[] = [];
  setImmediate(spin);
  for (;;) {
    const { done } = await reader.read();
    if (done) break;
    turnsAtRead.push(turns);
  }
  running = false;
  // The event loop turned many times while the stream was being produced, not only after it was all written.
  const first = turnsAtRead[0]!;
  const last = turnsAtRead.at(-1)!;
  expect(turnsAtRead.length).toBeGreaterThan(5);
  expect(last - first).toBeGreaterThanOrEqual(8);
});
