import "server-only";
import type { AgentRun } from "../generation/agent";
import { MessageWriter } from "../generation/message-writer";
import { effectiveModel } from "../generation/usage";
import { readHistory } from "../context/history";
import { summaryPart } from "../context/summary-part";
import { tokensOfChars } from "../context/figures";
import { iso } from "../time";
import { ZERO_USAGE } from "../messages/views";
import { fixedSummary, summaryUsage } from "./context-window";

/**
 * "Compact now" with the scripted agent: the messages since the last summary are summarised with its fixed text (no
 * model runs), shown as the message's one part; the auxiliary call's deterministic usage goes into the ledger.
 */
export async function scriptedCompactNow(run: AgentRun): Promise<void> {
  const { db, chat, message, spend } = run;
  const writer = new MessageWriter(run);
  const model = effectiveModel(chat.modelId);
  const history = await readHistory(db, chat.id, message.seq);
  const older = history.messages.filter((m) => m.kind !== "context-summary");
  if (!older.length) {
    writer.fail("There is nothing to summarise since the last summary.", "nothing_to_compact");
    return writer.finish(ZERO_USAGE);
  }
  const chars = older.reduce((n, m) => n + m.content.length + JSON.stringify(m.parts).length, 0);
  const summary = fixedSummary(older.length, history.summary, older.at(-1)!.id);
  const usage = summaryUsage(model, chars + (history.summary?.text.length ?? 0), summary.text);
  await spend.record({
    purpose: "summary",
    model,
    modelName: null,
    tokens: usage.tokens,
    credits: usage.creditsCost.total,
  });
  const at = iso(writer.now());
  writer.append(
    summaryPart(
      {
        ...summary,
        tokensBefore: tokensOfChars(chars + (history.summary?.text.length ?? 0)),
        tokensAfter: tokensOfChars(summary.text.length),
      },
      at,
    ),
  );
  writer.content = summary.text;
  await writer.finish(usage);
}
