/** Resolves once the next frame has been painted (what was rendered before the call is on screen). */
export const nextFrame = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
