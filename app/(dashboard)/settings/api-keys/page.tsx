import type { Metadata } from "next";
import { ApiKeysView } from "@/components/people/api-keys-view";

export const metadata: Metadata = { title: "API keys · Settings" };

export default function ApiKeysPage() {
  return <ApiKeysView />;
}
