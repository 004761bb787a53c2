import { describe, expect, test } from "vitest";
import { isPrivateAddress, isPrivateHost } from "./addresses";

/**
 * What a stranger-supplied URL may not reach, address by address: every special-purpose range that is not public
 * unicast, and IPv6 addresses that carry a refused IPv4 one. One row per range (its first and last address where the
 * edge matters), and public neighbours that must still pass.
 */

const REFUSED: Array<[address: string, why: string]> = [
  // IPv4
  ["0.0.0.0", "unspecified"],
  ["0.255.255.255", "this network (0.0.0.0/8)"],
  ["10.0.0.1", "private 10/8"],
  ["10.255.255.255", "private 10/8, last"],
  ["100.64.0.1", "CGNAT 100.64/10"],
  ["100.127.255.255", "CGNAT, last"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback 127/8"],
  ["169.254.169.254", "link-local (cloud metadata)"],
  ["172.16.0.1", "private 172.16/12"],
  ["172.31.255.255", "private 172.16/12, last"],
  ["192.0.0.1", "IETF protocol assignments 192.0.0.0/24"],
  ["192.0.0.170", "NAT64 discovery (192.0.0.0/24)"],
  ["192.0.2.1", "documentation TEST-NET-1"],
  ["192.88.99.1", "6to4 relay anycast"],
  ["192.168.1.1", "private 192.168/16"],
  ["198.18.0.1", "benchmarking 198.18/15"],
  ["198.19.255.255", "benchmarking, last"],
  ["198.51.100.7", "documentation TEST-NET-2"],
  ["203.0.113.9", "documentation TEST-NET-3"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast (SSDP)"],
  ["240.0.0.1", "reserved 240/4"],
  ["255.255.255.255", "broadcast"],
  // IPv6
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["[::1]", "loopback in brackets"],
  ["::7f00:1", "IPv4-compatible 127.0.0.1"],
  ["::8.8.8.8", "IPv4-compatible (deprecated, whole ::/96)"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback, dotted"],
  ["::ffff:7f00:1", "IPv4-mapped loopback, as URL writes it"],
  ["0:0:0:0:0:ffff:a00:1", "IPv4-mapped 10.0.0.1, long form"],
  ["::ffff:169.254.169.254", "IPv4-mapped metadata address"],
  ["64:ff9b::7f00:1", "NAT64 of 127.0.0.1"],
  ["64:ff9b::10.0.0.1", "NAT64 of 10.0.0.1, dotted"],
  ["64:ff9b::a9fe:a9fe", "NAT64 of 169.254.169.254"],
  ["64:ff9b:1::1", "local-use NAT64 64:ff9b:1::/48"],
  ["2002:7f00:1::", "6to4 of 127.0.0.1"],
  ["2002:c0a8:101::1", "6to4 of 192.168.1.1"],
  ["2002:a9fe:a9fe::", "6to4 of the metadata address"],
  ["100::1", "discard-only 100::/64"],
  ["2001::1", "Teredo 2001::/32"],
  ["2001:2::1", "benchmarking 2001:2::/48"],
  ["2001:db8::1", "documentation"],
  ["3fff::1", "documentation 3fff::/20"],
  ["fc00::1", "unique local fc00::/7"],
  ["fd12:3456::1", "unique local fd00::/8"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local with a zone"],
  ["febf::1", "link-local, last /10"],
  ["fec0::1", "site-local (deprecated)"],
  ["ff02::1", "multicast all-nodes"],
  ["ff05::1:3", "multicast site"],
];

const PUBLIC: Array<[address: string, why: string]> = [
  ["1.1.1.1", "public"],
  ["8.8.8.8", "public"],
  ["93.184.215.14", "public"],
  ["9.255.255.255", "just below 10/8"],
  ["11.0.0.0", "just above 10/8"],
  ["100.63.255.255", "just below CGNAT"],
  ["100.128.0.0", "just above CGNAT"],
  ["172.15.255.255", "just below 172.16/12"],
  ["172.32.0.0", "just above 172.16/12"],
  ["192.0.1.1", "between 192.0.0.0/24 and TEST-NET-1"],
  ["198.17.255.255", "just below 198.18/15"],
  ["198.20.0.0", "just above 198.18/15"],
  ["223.255.255.255", "just below multicast"],
  ["2606:4700::1111", "public IPv6"],
  ["2a00:1450:4001::1", "public IPv6"],
  ["::ffff:8.8.8.8", "IPv4-mapped public"],
  ["64:ff9b::808:808", "NAT64 of 8.8.8.8"],
  ["2002:808:808::1", "6to4 of 8.8.8.8"],
  ["2001:200::1", "just above 2001::/23"],
  ["not-an-ip", "a name"],
  ["1.2.3", "not an IP literal"],
];

describe("isPrivateAddress", () => {
  test.each(REFUSED)("%s is refused (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  test.each(PUBLIC)("%s passes (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe("isPrivateHost", () => {
  test.each([
    ["localhost", true],
    ["LOCALHOST", true],
    ["localhost.", true],
    ["api.localhost", true],
    ["[::1]", true],
    ["[::ffff:7f00:1]", true],
    ["[64:ff9b::a00:1]", true],
    ["10.0.0.1", true],
    ["client.example", false],
    ["[2606:4700::1111]", false],
  ] as const)("%s → %s", (host, refused) => {
    expect(isPrivateHost(host)).toBe(refused);
  });

  test("hosts as URL gives them: other IPv4 spellings and IPv6 forms are normalised first", () => {
    for (const url of [
      "http://0x7f.1/",
      "http://2130706433/",
      "http://0177.0.0.1/",
      "http://[::ffff:127.0.0.1]/",
      "http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
      "http://0/",
    ])
      expect(isPrivateHost(new URL(url).hostname), url).toBe(true);
  });
});
