// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { DeploymentUrl } from "./deployment-url";

afterEach(cleanup);

it("links a ready site's http(s) URL to a new tab", () => {
  render(<DeploymentUrl url="https://svc.test/svc/hosting/dpl_1/" ready />);
  expect(screen.getByTestId("open-deployment")).toHaveAttribute("href", "https://svc.test/svc/hosting/dpl_1/");
});

it("never links a URL from the service that is not http(s); it is still shown", () => {
  render(<DeploymentUrl url="javascript:alert(1)" ready />);
  expect(screen.queryByTestId("open-deployment")).toBeNull();
  expect(screen.getByTestId("deployment-url")).toHaveTextContent("javascript:alert(1)");
});

it("no link while the site is not ready", () => {
  render(<DeploymentUrl url="https://svc.test/svc/hosting/dpl_1/" ready={false} />);
  expect(screen.queryByTestId("open-deployment")).toBeNull();
});
