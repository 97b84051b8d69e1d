import type { Page } from '@playwright/test';

/**
 * Runs `action` and resolves with the text of the alert it opens, dismissing it. The listener is in place
 * before the action, and the alert is answered inside it, so an alert opened synchronously by a key press
 * cannot block the action (as page.waitForEvent('dialog') around a click sometimes did under load).
 */
export async function nextAlert(page: Page, action: () => Promise<void>): Promise<string> {
  const message = new Promise<string>((resolve) =>
    page.once('dialog', (alert) => {
      resolve(alert.message());
      void alert.dismiss();
    }),
  );
  await action();
  return message;
}
