import "server-only";

export const iso = (d: Date): string => d.toISOString();

export const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
