import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";

/**
 * What wraps an island (web/lib/island.tsx), in the server's render and in the browser's hydration
 * alike, with the page's router inside it: the query cache the screen was rendered from. No toasts
 * and no confirm dialog: an island that needs them is a screen of the app.
 */
export function IslandShell({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>
  );
}
