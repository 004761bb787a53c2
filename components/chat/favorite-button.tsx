"use client";

import { Star } from "lucide-react";
import { toast } from "sonner";
import { cn } from "@/components/ui/cn";
import { useCanWrite } from "@/lib/hooks/person";
import { useFavorites, useToggleFavorite, type FavoriteChat } from "@/lib/hooks/use-favorites";

/**
 * The "Favorite" toggle of a chat (`aria-pressed`): in the chat's header and on each row of the chats list. Favorites
 * are a flag on the chat (a write): not for viewers.
 */
export function FavoriteButton(props: { chat: FavoriteChat; className?: string }) {
  return useCanWrite() ? <FavoriteToggle {...props} /> : null;
}

function FavoriteToggle({ chat, className }: { chat: FavoriteChat; className?: string }) {
  const favorites = useFavorites({ refetchOnMount: false });
  const toggle = useToggleFavorite();
  const pressed = favorites.data?.some((c) => c.id === chat.id) ?? false;
  return (
    <button
      type="button"
      aria-label="Favorite"
      aria-pressed={pressed}
      title={pressed ? "Remove from favorites" : "Add to favorites"}
      disabled={favorites.isPending}
      onClick={() =>
        toggle.mutate(
          { chat, favorite: !pressed },
          {
            onError: (error) =>
              toast.error("Could not change the favorite", {
                description: error instanceof Error ? error.message : String(error),
              }),
          },
        )
      }
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-50",
        // One colour per theme from globals.css (--favorite), as every other colour of the dashboard.
        pressed && "text-favorite hover:text-favorite",
        className,
      )}
    >
      <Star className={cn("size-4", pressed && "fill-favorite")} aria-hidden />
    </button>
  );
}
