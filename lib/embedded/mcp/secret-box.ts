import "server-only";
import { SealingKey } from "@/lib/db/sealing";

/**
 * The embedded service's encryption at rest (lib/db/sealing.ts: AES-256-GCM, each value bound to its row and field):
 * MCP client secrets, tokens and PKCE verifiers, projects' environment variables, Git credentials and webhook signing
 * secrets, under a key derived from the service's secret material (EMBEDDED_SECRET_KEY, else the API key).
 */
export class SecretBox extends SealingKey {
  constructor(secretMaterial: string) {
    super(secretMaterial, "atelier-embedded-service", "mcp-secrets/aes-256-gcm");
  }
}
