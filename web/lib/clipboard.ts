/** Copies text; false when the browser refuses (spec 8: clipboard failures are not reported). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
