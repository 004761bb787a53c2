// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ServiceError } from "@/lib/api/errors";
import { describeError, ErrorPanel } from "./error-panel";

afterEach(cleanup);

const NOW = Date.parse("2026-03-10T23:48:00Z");
const quota429 = (retryAfter?: number) =>
  new ServiceError({
    status: 429,
    code: "quota_exceeded",
    message: "Daily quota exceeded: chat messages (chat_messages), 1,000 per day.",
    retryAfter,
  });

describe("a 429 from the service", () => {
  it("says when to try again from Retry-After: in N minutes, at HH:MM UTC", () => {
    const d = describeError(quota429(12 * 60), NOW);
    expect(d).toMatchObject({ status: 429, code: "quota_exceeded" });
    expect(d.message).toMatch(/chat messages/);
    expect(d.hint).toContain("Try again in 12 minutes (at 00:00 UTC).");
  });

  it("without Retry-After, asks to wait a moment", () => {
    expect(describeError(quota429(), NOW).hint).toBe("The service is rate-limiting: wait a moment and try again.");
  });

  it("the panel shows the message, status, code and when to retry", () => {
    render(<ErrorPanel error={quota429(3 * 3600)} title="The message could not be sent" />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The message could not be sent");
    expect(alert).toHaveTextContent("HTTP 429 · quota_exceeded");
    expect(alert).toHaveTextContent(/Try again in 3 h \(at \d\d:\d\d UTC\)\./);
  });
});
