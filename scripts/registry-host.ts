import { lookup } from "node:dns/promises";
import { isPrivateAddress } from "../lib/embedded/outbound/addresses";

/**
 * `npx tsx --conditions=react-server scripts/registry-host.ts <host>` (scripts/registry.sh, sourced by `npm test`):
 * prints `<host>:443` when the name resolves to an address the sandbox's install proxy refuses as not public (the
 * service's one rule, lib/embedded/outbound/addresses.ts), so that the app runtime's registry tests name it in
 * APP_INSTALL_PRIVATE_HOSTS; prints nothing for a public one. A build machine's DNS may answer registry.npmjs.org with
 * a reserved test-net address (203.0.113.80) that its network routes to the registry. Fails when the name does not
 * resolve.
 */
const host = process.argv[2];
if (!host) throw new Error("usage: registry-host.ts <host>");
const addresses = await lookup(host, { all: true });
if (addresses.some((a) => isPrivateAddress(a.address))) console.log(`${host}:443`);
