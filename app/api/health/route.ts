import { serverHealth } from "@/app/_wiring/health";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Health check (no sign-in; says nothing but the state): 200 `{status: "ok"}`, else 503 with the state. */
export async function GET(): Promise<Response> {
  const status = await serverHealth();
  return Response.json({ status }, { status: status === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
}
