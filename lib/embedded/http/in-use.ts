import "server-only";

/**
 * Counts the requests the service is serving, each until its response body has been read to the end or dropped by
 * the client (a stream outlives the handler's promise), so the service is not closed under a reader.
 */
export class RequestsInUse {
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Runs `serve` as one request in use until its response's body is done. */
  async track(serve: () => Promise<Response>): Promise<Response> {
    this.count++;
    let res: Response;
    try {
      res = await serve();
    } catch (error) {
      this.count--;
      throw error;
    }
    return this.untilBodyEnds(res);
  }

  /** Runs `work` (no response body) as one use. */
  async use<T>(work: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await work();
    } finally {
      this.count--;
    }
  }

  private untilBodyEnds(res: Response): Response {
    let open = true;
    const done = () => {
      if (open) this.count--;
      open = false;
    };
    if (!res.body) {
      done();
      return res;
    }
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const chunk = await reader.read();
          if (chunk.done) {
            done();
            controller.close();
          } else controller.enqueue(chunk.value);
        } catch (error) {
          done();
          controller.error(error);
        }
      },
      cancel(reason) {
        done();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
}
