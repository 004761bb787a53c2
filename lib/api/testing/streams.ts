/** Byte-stream helpers for tests and the benchmark (not used by the app). */

export function streamOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  });
}

/** `bytes` cut at the given offsets (ascending). */
export function splitAt(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let from = 0;
  for (const at of offsets) {
    out.push(bytes.subarray(from, at));
    from = at;
  }
  out.push(bytes.subarray(from));
  return out;
}

/** `bytes` cut into random pieces of 1 to `max` bytes. */
export function randomChunks(bytes: Uint8Array, rand: () => number, max = 64): Uint8Array[] {
  const offsets: number[] = [];
  for (let at = 1 + Math.floor(rand() * max); at < bytes.length; at += 1 + Math.floor(rand() * max)) offsets.push(at);
  return splitAt(bytes, offsets);
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
