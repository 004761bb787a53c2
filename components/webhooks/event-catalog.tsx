"use client";

import { BookOpen } from "lucide-react";
import { CodeBlock } from "@/components/chat/parts/code-block";
import { Disclosure } from "@/components/ui/disclosure";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { BackLink } from "@/components/ui/record-state";
import { Skeleton } from "@/components/ui/skeleton";
import type { WebhookEventType } from "@/lib/api/schemas";
import { useHookEventTypes } from "@/lib/hooks/use-webhook-debugging";
import { SchemaTree } from "./schema-tree";

/**
 * The event catalog (GET /v2/hooks/event-types, an extension): what each event means, its payload's fields as a
 * tree (from the JSON Schema the service generates from the zod schemas it builds payloads with) and an example to
 * copy. A deployment without the catalog gets a note.
 */
export function EventCatalog() {
  const query = useHookEventTypes();
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <BackLink href="/webhooks">Webhooks</BackLink>
        <PageHeader
          title="Event catalog"
          description="Every event a webhook can subscribe to: when it is sent, the fields of its payload and an example body."
        />
      </div>
      {query.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading the event catalog">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : query.error ? (
        <ErrorPanel error={query.error} title="The catalog could not be loaded" onRetry={() => void query.refetch()} />
      ) : query.unsupported ? (
        <EmptyState icon={BookOpen} title="No event catalog here">
          This deployment does not offer an event catalog (GET /v2/hooks/event-types answered 404).
        </EmptyState>
      ) : (
        <ul className="space-y-4" aria-label="Events">
          {query.items.map((item) => (
            <EventCard key={item.name} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function EventCard({ item }: { item: WebhookEventType }) {
  return (
    <li
      id={item.name}
      data-testid="event-type"
      data-name={item.name}
      className="space-y-3 rounded-lg border border-border bg-card p-4"
    >
      <div className="space-y-1">
        <h2 className="font-mono text-sm font-semibold">{item.name}</h2>
        <p className="text-sm text-muted-foreground">{item.description}</p>
      </div>
      <section aria-label={`${item.name} example`} className="min-w-0 space-y-2">
        <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Example</h3>
        <div className="max-h-80 overflow-auto rounded-lg" data-testid="event-example">
          <CodeBlock code={JSON.stringify(item.example, null, 2)} lang="json" />
        </div>
      </section>
      <section aria-label={`${item.name} fields`} className="min-w-0 space-y-2">
        <Disclosure summary="Fields" defaultOpen={item.name.startsWith("chat.")}>
          <SchemaTree schema={item.schema} />
        </Disclosure>
        <Disclosure summary="JSON Schema">
          <div className="max-h-96 overflow-auto rounded-lg">
            <CodeBlock code={JSON.stringify(item.schema, null, 2)} lang="json" />
          </div>
        </Disclosure>
      </section>
    </li>
  );
}
