import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ConsentForm } from "@/components/auth/consent-form";
import { PageBody } from "@/components/layout/page-body";
import { remoteMcpAuthorization } from "@/app/_wiring/remote-mcp";
import { getConfig } from "@/lib/server/config";
import { requireSession } from "../../session";
import { EMBEDDED_ACCOUNT_ID } from "./account";
import { decideAuthorization } from "./actions";

/** The title too waits for the session: without one nothing of this page, its title included, is sent. */
export async function generateMetadata(): Promise<Metadata> {
  await requireSession();
  return { title: "Connect an MCP client" };
}

/**
 * The authorization endpoint of the embedded service's remote MCP endpoint (docs/embedded-service.md, "Remote MCP
 * endpoint"). The session is required here (sign-in comes back here with the whole query), not left to the layout.
 * A bad client or redirect URI is shown, never redirected to; other bad requests go back to the client as errors.
 */
export default async function AuthorizePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const person = await requireSession();
  const raw = await searchParams;
  const params: Record<string, string> = {};
  const repeated: string[] = [];
  for (const [k, v] of Object.entries(raw)) {
    if (Array.isArray(v)) repeated.push(k);
    else if (v !== undefined) params[k] = v;
  }
  const remote = await remoteMcpAuthorization();
  if (!remote) return <Refused title="Not available" text="The embedded service is not served by this dashboard." />;
  if (repeated.length)
    return <Refused title="Invalid request" text={`Parameters given more than once: ${repeated.join(", ")}.`} />;
  const check = await remote.checkAuthorization(params);
  if (!check.ok) {
    if ("redirectTo" in check) redirect(check.redirectTo);
    return <Refused title="This connection request cannot be used" text={check.description} code={check.error} />;
  }
  const r = check.request;
  return (
    <PageBody className="mx-auto flex max-w-lg flex-col gap-6">
      <ConsentForm
        params={params}
        client={{
          id: r.clientId,
          name: r.clientName,
          uri: r.clientUri,
          metadataDocument: r.metadataDocument,
          redirectHost: r.redirectHost,
        }}
        account={{ id: EMBEDDED_ACCOUNT_ID, label: "Embedded service", detail: `${getConfig().appUrl}/svc` }}
        userName={person.name}
        decide={decideAuthorization}
      />
    </PageBody>
  );
}

function Refused({ title, text, code }: { title: string; text: string; code?: string }) {
  return (
    <PageBody className="mx-auto flex max-w-lg flex-col gap-3">
      <div role="alert" className="space-y-2 rounded-xl border border-border bg-card p-5" data-testid="oauth-refused">
        <h1 className="text-base font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{text}</p>
        {code ? <p className="font-mono text-xs text-muted-foreground">{code}</p> : null}
      </div>
    </PageBody>
  );
}
