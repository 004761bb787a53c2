import { z } from "zod";

/** The document's systemPrompt: instructions for the agent, stored on the chat (the create and send bodies). */
export const SystemPrompt = z.string().max(10_000);
