/** Shared pieces of the benchmarks that drive Chromium: skipping, launching, signing in, a row of samples. */
import { existsSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { median, type BenchResult, type BenchRow } from "./harness";
import { BENCH_PASSWORD, BENCH_USER } from "./server";

/** A benchmark that could not run: says why on the console and in its facts. */
export function skipped(name: string, reason: string): BenchResult {
  console.log(`${name}: SKIPPED — ${reason}`);
  return { rows: [], ratios: [], facts: { skipped: reason } };
}

/** The Chromium to drive: CHROMIUM_PATH, default /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

/** Why Chromium cannot run here, or null when it can. */
export function noChromium(executablePath: string): string | null {
  return existsSync(executablePath) ? null : `no Chromium at ${executablePath} (set CHROMIUM_PATH)`;
}

export async function launchChromium(executablePath: string): Promise<Browser> {
  const { chromium } = await import("@playwright/test");
  return chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
}

/** Signs in with the bench account through the sign-in page and waits for /chats. */
export async function signIn(page: Page, origin: string) {
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel("Username").fill(BENCH_USER);
  await page.getByLabel("Password").fill(BENCH_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/chats$/);
}

/** A table row of timed samples: their median, min, max and count. */
export function sampleRow(label: string, samples: number[], note?: string): BenchRow {
  return {
    label,
    medianMs: median(samples),
    minMs: Math.min(...samples),
    maxMs: Math.max(...samples),
    runs: samples.length,
    note,
  };
}
