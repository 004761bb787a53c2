import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { sharedChat, shareWait } from "@/app/_wiring/share";
import { SharedChatView } from "@/components/share/shared-chat-view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

/** One read per request (the metadata and the page share it); over the per-address limit, nothing is read. */
const load = cache(async (token: string) => {
  if (shareWait(await headers()) > 0) return { limited: true as const };
  return { limited: false as const, shared: await sharedChat(token) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const read = await load((await params).token);
  const shared = read.limited ? null : read.shared;
  return {
    title: shared?.chat.title || "Shared chat",
    // Unlisted chats (and every page that opens nothing) are never indexed; public ones may be.
    robots: shared?.indexable ? undefined : { index: false, follow: false },
  };
}

/** A shared chat's page (issue 40): no sign-in, no cookie; the same 404 for every link that opens nothing. */
export default async function SharePage({ params }: Props) {
  const { token } = await params;
  const read = await load(token);
  if (read.limited)
    return (
      <main className="mx-auto max-w-md px-4 py-24 text-center text-sm" data-testid="share-limited">
        Too many requests from your address; wait a minute and reload.
      </main>
    );
  if (!read.shared) notFound();
  return <SharedChatView token={token} initial={read.shared} />;
}
