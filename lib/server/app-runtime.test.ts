import { describe, expect, test } from "vitest";
import { readAppRuntime } from "./app-runtime";

describe("APP_RUNTIME and its APP_* variables", () => {
  test("auto unless set: on where the sandbox works; off serves files", () => {
    expect(readAppRuntime({}, [3000])).toEqual({ mode: "auto", ownPorts: [3000] });
    expect(readAppRuntime({ APP_RUNTIME: " auto " }, [3000])).toEqual({ mode: "auto", ownPorts: [3000] });
    expect(readAppRuntime({ APP_RUNTIME: "off", APP_MAX_RUNNING: "x" }, [3000])).toBeNull();
  });

  test("on: only what is set, the server's ports kept from installs", () => {
    expect(readAppRuntime({ APP_RUNTIME: "on" }, [3000, 3001])).toEqual({ mode: "on", ownPorts: [3000, 3001] });
    expect(
      readAppRuntime(
        {
          APP_RUNTIME: "on",
          APP_MAX_RUNNING: "2",
          APP_IDLE_STOP_MS: "60000",
          APP_MEMORY_MB: "512",
          APP_DISK_MB: "1024",
          APP_BUILD_TIMEOUT_MS: "900000",
          APP_INSTALL_PRIVATE_HOSTS: "registry.lan:4873",
          APP_CACHE_DIR: "/var/cache/atelier",
          APP_PACKAGE_STORE_MB: "0",
          APP_INSTANCE_ADDRESS: "atelier-2:3001",
        },
        [3000],
      ),
    ).toEqual({
      mode: "on",
      ownPorts: [3000],
      maxRunning: 2,
      idleStopMs: 60000,
      buildTimeoutMs: 900000,
      limits: { memoryMb: 512, diskMb: 1024 },
      installNetwork: {
        mode: "public",
        hosts: ["registry.npmjs.org", "registry.yarnpkg.com", "repo.yarnpkg.com"],
        privateHosts: ["registry.lan:4873"],
      },
      cacheDir: "/var/cache/atelier",
      storeMb: 0,
      instanceAddress: "atelier-2:3001",
    });
  });

  test.each([
    [{ APP_RUNTIME: "yes" }, /APP_RUNTIME must be "auto", "on" or "off"/],
    [{ APP_MAX_RUNNING: "0" }, /APP_MAX_RUNNING must be a whole number/],
    [{ APP_RUNTIME: "on", APP_MAX_RUNNING: "0" }, /APP_MAX_RUNNING must be a whole number/],
    [{ APP_RUNTIME: "on", APP_IDLE_STOP_MS: "1.5" }, /APP_IDLE_STOP_MS must be a whole number/],
    [{ APP_RUNTIME: "on", APP_DISK_MB: "0" }, /APP_DISK_MB must be a whole number/],
    [{ APP_RUNTIME: "on", APP_INSTALL_HOSTS: "http://x" }, /APP_INSTALL_HOSTS must be host names/],
    [{ APP_RUNTIME: "on", APP_INSTALL_PRIVATE_HOSTS: "10.0.0.1" }, /APP_INSTALL_PRIVATE_HOSTS must be host:port/],
    [{ APP_RUNTIME: "on", APP_PACKAGE_STORE_MB: "-1" }, /APP_PACKAGE_STORE_MB must be a whole number of MB/],
    [{ APP_RUNTIME: "on", APP_INSTANCE_ADDRESS: "http://atelier-2:3001" }, /APP_INSTANCE_ADDRESS must be host:port/],
  ])("%j stops the start, naming the variable", (env, message) => {
    expect(() => readAppRuntime(env, [3000])).toThrow(message);
  });
});
