import "server-only";
import type { Db } from "../store";
import type { Reader } from "../chats/access";
import { listCalls, type LedgerFilter } from "./ledger-store";

const PAGE = 1000;

const COLUMNS = [
  "at",
  "member_id",
  "chat_id",
  "chat_title",
  "message_id",
  "model",
  "model_name",
  "purpose",
  "auxiliary",
  "input_tokens",
  "output_tokens",
  "cache_read_tokens",
  "cache_write_tokens",
  "total_tokens",
  "credits",
];

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is escaped (spreadsheet formulas). */
function field(value: string | number | boolean | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every call of the filter, oldest first, as a CSV download (RFC 4180, a header row), read a page at a time. */
export function ledgerCsv(db: Db, filter: LedgerFilter, reader: Reader): Response {
  const encoder = new TextEncoder();
  let afterSeq = 0;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${COLUMNS.join(",")}\r\n`));
      }
      const rows = (await listCalls(db, { ...filter, limit: PAGE, oldestFirst: true, afterSeq }, reader)) ?? [];
      for (const r of rows) {
        const line = [
          r.at.toISOString(),
          r.personId,
          r.chatId,
          r.chatTitle,
          r.messageId,
          r.model,
          r.modelName,
          r.purpose,
          r.auxiliary,
          r.inputTokens,
          r.outputTokens,
          r.cacheReadTokens,
          r.cacheWriteTokens,
          r.totalTokens,
          r.credits,
        ]
          .map(field)
          .join(",");
        controller.enqueue(encoder.encode(`${line}\r\n`));
      }
      if (rows.length < PAGE) controller.close();
      else afterSeq = rows.at(-1)!.seq;
    },
  });
  const name = `ledger-${filter.from.toISOString().slice(0, 10)}-${filter.to.toISOString().slice(0, 10)}.csv`;
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
}
