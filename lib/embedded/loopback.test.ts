import { describe, expect, test } from "vitest";
import { allowsHttpRedirect, isLoopbackHost, isLoopbackIp, isLoopbackRedirectIp, isLoopbackUrl } from "./loopback";

const hostOf = (url: string) => new URL(url).hostname;

describe("plain http to a loopback host (our MCP client's OAuth endpoints)", () => {
  test("localhost, 127.0.0.0/8 and ::1 are loopback", () => {
    for (const url of [
      "http://127.0.0.1:4000/token",
      "http://localhost/token",
      "http://LOCALHOST:3000/t",
      "http://[::1]:80/t",
      "http://[0:0:0:0:0:0:0:1]/t",
      "http://127.9.9.9/t",
      "http://127.1/t",
      // An IPv4-mapped IPv6 loopback address reaches 127.0.0.1 too.
      "http://[::ffff:127.0.0.1]/t",
    ])
      expect(isLoopbackUrl(url), url).toBe(true);
  });

  test("private, public and look-alike hosts are not; nor what is not a URL", () => {
    for (const url of [
      "http://10.0.0.1/token",
      "http://192.168.1.1/t",
      "http://example.com/token",
      "http://127.0.0.1.evil.com/t",
      "http://localhost.evil.com/t",
      "http://app.localhost/t",
      "http://[::2]/t",
      "http://[::ffff:10.0.0.1]/t",
      "http://0.0.0.0/t",
      "not a url",
    ])
      expect(isLoopbackUrl(url), url).toBe(false);
  });

  test("hosts bare or bracketed", () => {
    expect(isLoopbackHost("::1")).toBe(true);
    expect(isLoopbackHost("[::1]")).toBe(true);
    expect(isLoopbackIp("127.0.0.53")).toBe(true);
    expect(isLoopbackIp("localhost")).toBe(false);
    expect(isLoopbackIp("128.0.0.1")).toBe(false);
  });
});

describe("RFC 8252 redirect URIs (the remote MCP endpoint's authorization server)", () => {
  test("http is allowed on 127.0.0.1, [::1] and localhost only", () => {
    for (const url of ["http://127.0.0.1:8765/cb", "http://[::1]/cb", "http://localhost:9/cb"])
      expect(allowsHttpRedirect(hostOf(url)), url).toBe(true);
    for (const url of ["http://127.0.0.2/cb", "http://10.0.0.1/cb", "http://example.com/cb", "http://app.localhost/cb"])
      expect(allowsHttpRedirect(hostOf(url)), url).toBe(false);
  });

  test("only the loopback IP literals may come back on another port, not localhost", () => {
    expect(isLoopbackRedirectIp(hostOf("http://127.0.0.1:1/cb"))).toBe(true);
    expect(isLoopbackRedirectIp(hostOf("http://[::1]:1/cb"))).toBe(true);
    expect(isLoopbackRedirectIp(hostOf("http://localhost:1/cb"))).toBe(false);
    expect(isLoopbackRedirectIp(hostOf("http://127.0.0.2:1/cb"))).toBe(false);
  });
});
