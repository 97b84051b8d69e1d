import { expect, test } from '@playwright/test';
import { uniqueEmail } from './helpers.ts';

test('a visitor files a grievance with the officer named on the page, then follows it by its private link', async ({ page }) => {
  await page.goto('/grievance');
  await expect(page.getByRole('heading', { level: 1, name: 'Grievance Officer' })).toBeVisible();
  const officer = page.getByRole('region', { name: 'Grievance Officer' });
  await expect(officer).toContainText('Grievance Officer, Bharat Square Technologies Pvt. Ltd.');
  await expect(officer.getByRole('link', { name: 'grievance@bharatsquare.in' })).toHaveAttribute(
    'href',
    'mailto:grievance@bharatsquare.in',
  );

  const form = page.getByRole('form', { name: 'File a complaint' });
  await form.getByRole('button', { name: 'File complaint' }).click();
  await expect(form.getByText('Choose what the complaint is about')).toBeVisible();
  await expect(form.getByLabel('What is it about?')).toBeFocused();

  await form.getByLabel('What is it about?').selectOption({ label: 'Impersonation' });
  await form.getByLabel('Link to the content').fill('http://127.0.0.1/home/comments/1');
  await form.getByLabel('What is wrong?').fill('Someone posts under my college name and asks juniors for UPI payments.');
  await form.getByLabel('Your e-mail, for our reply').fill(uniqueEmail('grievance'));
  await form.getByRole('button', { name: 'File complaint' }).click();

  const filed = page.getByRole('status').filter({ hasText: 'Complaint filed' });
  await expect(filed).toBeVisible();
  const ticket = (await filed.getByTestId('grievance-ticket').textContent())!;
  expect(ticket).toMatch(/^GR-[A-Z2-9]{8}$/);
  await filed.getByRole('link', { name: 'Track your grievance' }).click();

  await expect(page.getByRole('heading', { name: `Ticket ${ticket}` })).toBeVisible();
  await expect(page.getByTestId('grievance-status')).toHaveText('Received');
  await expect(page.getByText('Impersonation · filed')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Received/ })).toBeVisible();

  // The link without its key shows nothing of the complaint.
  await page.goto(`/grievance/track?ticket=${ticket}&key=wrong`);
  await expect(page.getByRole('alert')).toContainText('We could not find this grievance.');
});
