// Test-only, for the web component tests of screens that copy to the clipboard (jsdom has none).
import { vi } from "vitest";

/** A clipboard whose writes succeed; returns the mock to check what was copied. */
export function stubClipboard() {
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
  return writeText;
}
