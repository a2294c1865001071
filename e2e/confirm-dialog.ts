import { expect, type Page } from "@playwright/test";

/**
 * Answers the app's confirmation (web/components/ui/confirm-dialog.tsx; never the browser's
 * confirm()): it must be open with this title, which names the object; `button` is the action, or
 * the way out ("Cancelar", "Continuar editando"). Answers the dialog, to look at an error in it.
 */
export async function answerConfirm(page: Page, title: string | RegExp, button: string) {
  const dialog = page.getByRole("alertdialog", { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: button, exact: true }).click();
  return dialog;
}
