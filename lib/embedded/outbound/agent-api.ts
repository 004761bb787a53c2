import "server-only";

/**
 * The one exception to the outbound guard, marked here: the model-backed agent's own API (AGENT_BASE_URL). That URL is
 * the operator's, not a user's (like DATABASE_URL), and is often on loopback or a private network (Ollama on
 * 127.0.0.1:11434), so the private-address rule does not apply to it. The exception is that URL only: a request
 * anywhere else (another origin, or a path outside the base) is refused before any connection.
 */
export function agentApiFetch(baseUrl: string): typeof fetch {
  const base = new URL(baseUrl.replace(/\/*$/, "/"));
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname))
      return Promise.reject(new Error(`${url.href} is not under AGENT_BASE_URL (${base.href}): not sent`));
    return fetch(input, init);
  };
}
