import { createContext, type ProfilerOnRenderCallback } from "react";

/**
 * Instrumentation: when a callback is provided, every part is wrapped in a React <Profiler id="part-<index>">
 * reporting each time that part renders (tests use it to prove a delta re-renders only the part it touches).
 * Null (the default) adds nothing.
 */
export const PartRenderProbe = createContext<ProfilerOnRenderCallback | null>(null);
