"use client";

import { ShieldCheck, ShieldAlert } from "lucide-react";
import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";
import { Disclosure } from "@/components/ui/disclosure";
import { JsonView } from "@/components/ui/json-view";
import { MonoId } from "@/components/ui/mono-id";
import { RelativeTime } from "@/components/ui/relative-time";
import { cn } from "@/components/ui/cn";
import type { InboxDelivery } from "@/lib/api/inbox";

/** One received delivery: event type, verified badge, chat link, when, its webhook-id, the payload JSON. */
export function InboxDeliveryItem({ delivery, fresh }: { delivery: InboxDelivery; fresh?: boolean }) {
  const json = JSON.stringify(delivery.payload, null, 2);
  return (
    <li
      data-testid="inbox-delivery"
      data-type={delivery.type}
      data-verified={String(delivery.verified)}
      data-delivery-id={delivery.deliveryId}
      className={cn("space-y-2 px-4 py-3 transition-colors duration-1000", fresh ? "bg-muted/70" : "bg-transparent")}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-medium">{delivery.type}</span>
        <VerifiedBadge verified={delivery.verified} />
        {delivery.chatId ? (
          <Link
            href={`/chats/${encodeURIComponent(delivery.chatId)}`}
            className="font-mono text-xs text-muted-foreground hover:text-foreground hover:underline"
            data-testid="inbox-chat-link"
          >
            {delivery.chatId}
          </Link>
        ) : null}
        <span className="ml-auto text-xs text-muted-foreground">
          <RelativeTime iso={delivery.receivedAt} />
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3">
        <MonoId id={delivery.deliveryId} label="webhook-id" className="max-w-64" />
      </div>
      <Disclosure summary="Payload">
        <div className="relative">
          <CopyButton value={json} label="Copy payload JSON" className="absolute top-1 right-1 bg-muted" />
          <JsonView value={delivery.payload} />
        </div>
      </Disclosure>
    </li>
  );
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  const Icon = verified ? ShieldCheck : ShieldAlert;
  return (
    <span
      data-testid="verified-badge"
      className={cn(
        "inline-flex h-5 items-center gap-1 rounded-full border px-1.5 text-[11px] font-medium",
        verified ? "border-success/40 text-success" : "border-danger-border text-danger",
      )}
      title={verified ? "Signature verified with the webhook's secret" : "Signature not verified"}
    >
      <Icon className="size-3" aria-hidden />
      {verified ? "verified" : "unverified"}
    </span>
  );
}
