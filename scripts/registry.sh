# Sourced by test.sh: whether the npm registry answers, for the app runtime's registry tests (a Vite app installed
# from registry.npmjs.org: lib/embedded/runtime/vite.http.test.ts and e2e/app-runtime-vite.spec.ts, docs/app-runtime.md).
# When `npm ping` reaches it within 30 s, exports APP_RUNTIME_REGISTRY_TESTS=1, and when the registry's name resolves to
# an address the sandbox's install proxy refuses as not public (a build machine's DNS answering with a reserved
# test-net address its network routes), adds registry.npmjs.org:443 to APP_INSTALL_PRIVATE_HOSTS, so that vitest and
# the Playwright servers (which inherit the environment) let the installs through. APP_RUNTIME_REGISTRY_TESTS set
# beforehand is kept (0: not run); test.sh skips them with its banner, or fails under CI, when it is not 1.
registry_host=registry.npmjs.org
if [ -z "${APP_RUNTIME_REGISTRY_TESTS:-}" ] &&
  timeout 30 npm ping --registry "https://$registry_host/" > /dev/null 2>&1; then
  export APP_RUNTIME_REGISTRY_TESTS=1
fi
if [ "${APP_RUNTIME_REGISTRY_TESTS:-}" = 1 ]; then
  case ",${APP_INSTALL_PRIVATE_HOSTS:-}," in
    *",$registry_host:443,"*) ;;
    *)
      # Prints the host:port when its address is not public; fails when the name does not resolve.
      if listed=$(npx tsx --conditions=react-server scripts/registry-host.ts "$registry_host") && [ -n "$listed" ]; then
        export APP_INSTALL_PRIVATE_HOSTS="${APP_INSTALL_PRIVATE_HOSTS:+$APP_INSTALL_PRIVATE_HOSTS,}$listed"
      fi
      ;;
  esac
  echo "== npm registry reached: the app runtime's registry tests run${APP_INSTALL_PRIVATE_HOSTS:+ (APP_INSTALL_PRIVATE_HOSTS=$APP_INSTALL_PRIVATE_HOSTS)}"
fi
