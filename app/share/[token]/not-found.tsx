import { ShareGone } from "@/components/share/shared-chat-view";

export default function ShareNotFound() {
  return <ShareGone />;
}
