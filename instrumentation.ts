/**
 * Runs once when the server starts: takes SIGTERM / SIGINT (drain, then exit), opens the embedded service (applying
 * migrations) and prints how to sign in.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { handleShutdownSignals } = await import("./app/_wiring/shutdown");
  handleShutdownSignals();
  const { announce } = await import("./app/_wiring/startup");
  await announce();
}
