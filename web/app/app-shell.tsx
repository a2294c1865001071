import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ConfirmProvider } from "@web/components/ui/confirm-dialog";
import { type ReactNode, StrictMode } from "react";
import { Toaster } from "sonner";

/**
 * What wraps every screen, in the browser and in the server's render of the public screens alike:
 * the two must give the same markup, or hydration starts over.
 */
export function AppShell({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>{children}</ConfirmProvider>
        <Toaster position="top-center" richColors closeButton />
      </QueryClientProvider>
    </StrictMode>
  );
}
