/**
 * Plays the browser between an authorization URL and the client's redirect URI, for tests without a browser:
 * follows the provider's redirects (its login and consent interactions answer themselves) with a cookie jar,
 * and stops at the first redirect to `stopAt` (the service's callback), returning that URL unvisited.
 */
export async function followAuthorization(authorizationUrl: string, stopAt: string, maxHops = 20): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < maxHops; hop++) {
    if (url.href.startsWith(stopAt)) return url;
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`the provider answered ${res.status} at ${url.href}: ${(await res.text()).slice(0, 500)}`);
    }
    await res.body?.cancel();
    url = new URL(location, url);
  }
  throw new Error(`more than ${maxHops} redirects from ${authorizationUrl}`);
}
