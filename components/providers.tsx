"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import { config as zodConfig } from "zod";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ThemeProvider, useTheme } from "./theme/theme-provider";

// The pages' CSP allows no eval: zod must not probe `Function("")` for its JIT (the probe is a CSP violation).
zodConfig({ jitless: true });

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} position="bottom-right" richColors closeButton />;
}

/** Client-side providers: TanStack Query, theme, and the one toaster. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
