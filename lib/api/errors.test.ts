import { describe, expect, it } from "vitest";
import { errorFromResponse, isServiceError, ServiceError } from "./errors";

const json = (status: number, body: unknown, statusText?: string) =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });

describe("errorFromResponse", () => {
  it("reads a v2 error body", async () => {
    const error = await errorFromResponse(json(404, { message: "chat not found" }));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toBeInstanceOf(Error);
    expect(isServiceError(error)).toBe(true);
    expect(error).toMatchObject({
      name: "ServiceError",
      status: 404,
      message: "chat not found",
      body: { message: "chat not found" },
    });
    expect(error.code).toBeUndefined();
    expect(error.type).toBeUndefined();
  });

  it("reads a v1 error body with code, type and userMessage", async () => {
    const body = {
      error: {
        code: "project_not_found",
        type: "not_found_error",
        message: "Project p1 not found",
        userMessage: "That project does not exist.",
      },
    };
    const error = await errorFromResponse(json(404, body));
    expect(error).toMatchObject({
      status: 404,
      message: "Project p1 not found",
      code: "project_not_found",
      type: "not_found_error",
      userMessage: "That project does not exist.",
      body,
    });
  });

  it("tolerates a partial v1 body", async () => {
    const error = await errorFromResponse(
      json(409, { error: { code: "conflict", userMessage: "Someone else answered first." } }),
    );
    expect(error).toMatchObject({ status: 409, message: "Someone else answered first.", code: "conflict" });
    expect(error.type).toBeUndefined();
  });

  it("makes a readable message from a proxy's HTML page", async () => {
    const html =
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
    const error = await errorFromResponse(
      new Response(html, { status: 502, statusText: "Bad Gateway", headers: { "content-type": "text/html" } }),
    );
    expect(error.status).toBe(502);
    expect(error.message).toBe("HTTP 502 Bad Gateway");
    expect(error.body).toBe(html);

    const other =
      "<!DOCTYPE html><html><body><script>var x = 1;</script><h1>Upstream   timed&nbsp;out</h1><p>Try again.</p></body></html>";
    const error2 = await errorFromResponse(new Response(other, { status: 504, statusText: "Gateway Timeout" }));
    expect(error2.message).toBe("HTTP 504 Gateway Timeout: Upstream timed out Try again.");
  });

  it("uses plain text bodies and empty bodies", async () => {
    const text = await errorFromResponse(
      new Response("upstream connect error\n", { status: 503, statusText: "Service Unavailable" }),
    );
    expect(text.message).toBe("HTTP 503 Service Unavailable: upstream connect error");
    const empty = await errorFromResponse(new Response(null, { status: 500 }));
    expect(empty.message).toBe("HTTP 500");
    expect(empty.body).toBe("");
    const long = await errorFromResponse(new Response("x".repeat(1000), { status: 500 }));
    expect(long.message.length).toBeLessThan(230);
  });

  it("falls back to the status for JSON without a message", async () => {
    expect((await errorFromResponse(json(418, { detail: "teapot" }, "I'm a teapot"))).message).toBe(
      "HTTP 418 I'm a teapot",
    );
    expect((await errorFromResponse(json(500, [1, 2]))).message).toBe("HTTP 500");
    expect((await errorFromResponse(json(401, { error: "unauthorized" }))).message).toBe("unauthorized");
  });
});
