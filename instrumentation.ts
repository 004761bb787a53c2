/** Runs once when the server starts: opens the embedded service (applying migrations) and prints how to sign in. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { announce } = await import("./app/_wiring/startup");
  await announce();
}
