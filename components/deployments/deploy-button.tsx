"use client";

import { Rocket } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useCanWrite } from "@/lib/hooks/person";
import { DeployDialog } from "./deploy-dialog";

/** "Deploy" for a chat: opens the dialog choosing the version (the latest completed one by default); not for viewers. */
export function DeployButton(props: {
  chatId: string;
  disabled?: boolean;
  variant?: "primary" | "secondary";
  testId?: string;
}) {
  return useCanWrite() ? <DeployButtonShown {...props} /> : null;
}

function DeployButtonShown({
  chatId,
  disabled,
  variant = "primary",
  testId = "deploy-button",
}: {
  chatId: string;
  disabled?: boolean;
  variant?: "primary" | "secondary";
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant={variant} disabled={disabled} onClick={() => setOpen(true)} data-testid={testId}>
        <Rocket className="size-4" aria-hidden />
        Deploy
      </Button>
      <DeployDialog chatId={chatId} open={open} onOpenChange={setOpen} />
    </>
  );
}
