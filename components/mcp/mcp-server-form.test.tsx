// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ServiceError } from "@/lib/api/errors";
import { CreateMcpServerBody } from "@/lib/api/schemas";
import { McpServerForm } from "./mcp-server-form";
import { emptyMcpServerForm } from "./server-form-model";

afterEach(cleanup);

async function fill(label: string | RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

async function fillValid() {
  await fill("Name", "Tracker");
  await fill("Server URL", "https://mcp.tracker.test/mcp");
  await fill("Authorization URL", "https://auth.tracker.test/authorize");
  await fill("Token URL", "https://auth.tracker.test/token");
  await fill("Client id", "atelier-client");
}

describe("McpServerForm (register)", () => {
  it("names every missing or invalid field, sends nothing and focuses the first one", async () => {
    const onSubmit = vi.fn();
    render(<McpServerForm mode="create" onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId("field-error-mcp-name")).toHaveTextContent("Enter a name");
    expect(screen.getByTestId("field-error-mcp-url")).toHaveTextContent("absolute http(s) URL");
    expect(screen.getByTestId("field-error-mcp-authorizationUrl")).toHaveTextContent("authorization endpoint");
    expect(screen.getByTestId("field-error-mcp-tokenUrl")).toHaveTextContent("token endpoint");
    expect(screen.getByTestId("field-error-mcp-clientId")).toHaveTextContent("client metadata document");
    expect(screen.getByRole("alert")).toHaveTextContent("5 fields need attention.");
    expect(screen.getByLabelText("Name")).toHaveFocus();
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription(/Enter a name/);
  });

  it("refuses javascript:, relative and non-http URLs, a bad scope and a relative resource", async () => {
    const onSubmit = vi.fn();
    render(<McpServerForm mode="create" onSubmit={onSubmit} />);
    await fillValid();
    await fill("Server URL", "javascript:alert(1)");
    await fill("Authorization URL", "/authorize");
    await fill("Token URL", "ftp://auth.tracker.test/token");
    await fill("Scopes", 'read "write"');
    await fill("Resource (optional)", "mcp.tracker.test");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId("field-error-mcp-url")).toBeInTheDocument();
    expect(screen.getByTestId("field-error-mcp-authorizationUrl")).toBeInTheDocument();
    expect(screen.getByTestId("field-error-mcp-tokenUrl")).toBeInTheDocument();
    expect(screen.getByTestId("field-error-mcp-scopes")).toHaveTextContent('“"write"” is not a valid scope');
    expect(screen.getByTestId("field-error-mcp-resource")).toHaveTextContent("absolute");
    // Errors clear as the fields are corrected.
    await fill("Server URL", "https://mcp.tracker.test/mcp");
    expect(screen.queryByTestId("field-error-mcp-url")).toBeNull();
  });

  it("sends a body the lib/api schema accepts: scopes split, PKCE, resource, secret", async () => {
    const onSubmit = vi.fn();
    render(<McpServerForm mode="create" onSubmit={onSubmit} />);
    await fillValid();
    await fill("Client secret (optional)", "s3cret");
    await fill("Scopes", "read, write  offline_access");
    await userEvent.click(screen.getByRole("button", { name: "Use the server URL" }));
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const body = onSubmit.mock.calls[0]![0];
    expect(CreateMcpServerBody.parse(body)).toEqual(body);
    expect(body).toEqual({
      name: "Tracker",
      url: "https://mcp.tracker.test/mcp",
      enabled: true,
      scope: "user",
      // The document's shape (real deployments accept it; the embedded service takes both).
      auth: {
        type: "oauth",
        connected: false,
        config: {
          authorizationUrl: "https://auth.tracker.test/authorize",
          tokenUrl: "https://auth.tracker.test/token",
          clientId: "atelier-client",
          clientSecret: "s3cret",
          scopes: ["read", "write", "offline_access"],
          usePKCE: true,
          resource: "https://mcp.tracker.test/mcp",
        },
      },
    });
  });

  it("with the client metadata document: no client id or secret is asked or sent", async () => {
    const onSubmit = vi.fn();
    render(<McpServerForm mode="create" onSubmit={onSubmit} />);
    await fillValid();
    await userEvent.click(screen.getByRole("radio", { name: /client metadata document/ }));
    expect(screen.queryByLabelText("Client id")).toBeNull();
    expect(screen.queryByLabelText("Client secret (optional)")).toBeNull();
    await userEvent.click(screen.getByLabelText(/Use PKCE/));
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    const body = onSubmit.mock.calls[0]![0];
    expect(body.oauthConfig).not.toHaveProperty("clientId");
    expect(body.oauthConfig).not.toHaveProperty("clientSecret");
    expect(body.oauthConfig.usePKCE).toBe(false);
    expect(body.oauthConfig).not.toHaveProperty("resource");
  });

  it("shows the service's refusal (e.g. a 422) under the form", () => {
    render(
      <McpServerForm
        mode="create"
        onSubmit={vi.fn()}
        error={
          new ServiceError({ status: 422, message: "url: must be https", body: { message: "url: must be https" } })
        }
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("The server was not registered");
    expect(screen.getByRole("alert")).toHaveTextContent("url: must be https");
    expect(screen.getByRole("alert")).toHaveTextContent("HTTP 422");
  });
});

describe("McpServerForm (edit)", () => {
  const initial = { ...emptyMcpServerForm, name: "Tracker", url: "https://mcp.tracker.test/mcp" };

  it("keeps the stored OAuth settings unless asked to replace them", async () => {
    const onSubmit = vi.fn();
    render(<McpServerForm mode="edit" initial={initial} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText("Authorization URL")).toBeNull();
    await fill("Name", "Tracker 2");
    await userEvent.click(screen.getByLabelText("Enabled"));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Tracker 2", url: "https://mcp.tracker.test/mcp", enabled: false });
  });

  it("replacing the OAuth settings validates and sends them whole", async () => {
    const onSubmit = vi.fn();
    render(<McpServerForm mode="edit" initial={initial} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByLabelText("Replace the OAuth settings"));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId("field-error-mcp-authorizationUrl")).toBeInTheDocument();
    await fill("Authorization URL", "https://auth.tracker.test/authorize");
    await fill("Token URL", "https://auth.tracker.test/token");
    await fill("Client id", "new-client");
    await fill("Scopes", "read");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: "Tracker",
      url: "https://mcp.tracker.test/mcp",
      enabled: true,
      auth: {
        type: "oauth",
        connected: false,
        config: {
          authorizationUrl: "https://auth.tracker.test/authorize",
          tokenUrl: "https://auth.tracker.test/token",
          clientId: "new-client",
          scopes: ["read"],
          usePKCE: true,
        },
      },
    });
  });
});
