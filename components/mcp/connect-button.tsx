"use client";

import { Link2, RefreshCw } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** "Connect" (or "Reconnect"): starts the OAuth round trip; shows progress while the service answers. */
export function ConnectButton({
  connected,
  pending,
  onConnect,
  serverName,
  label: labelOverride,
  ...rest
}: { connected: boolean; pending: boolean; onConnect: () => void; serverName?: string; label?: string } & Omit<
  ButtonProps,
  "onClick" | "children"
>) {
  const label = labelOverride ?? (connected ? "Reconnect" : "Connect");
  return (
    <Button
      data-testid="connect-button"
      size="sm"
      variant={connected ? "secondary" : "primary"}
      onClick={onConnect}
      disabled={pending}
      aria-label={serverName ? `${label} ${serverName}` : undefined}
      {...rest}
    >
      {pending ? (
        <Spinner />
      ) : connected ? (
        <RefreshCw className="size-3.5" aria-hidden />
      ) : (
        <Link2 className="size-3.5" aria-hidden />
      )}
      {pending ? "Opening the provider…" : label}
    </Button>
  );
}
