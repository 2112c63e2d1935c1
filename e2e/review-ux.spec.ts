/**
 * Fixes from a new user's review (keyboard): Esc leaves the search box for the timeline, where
 * ] / [ step through the hits, and a second Esc closes the panel; problem and search jumps add a
 * history entry, so Back returns to where the user was.
 */
import { expect, gotoApp, test } from './helpers';

test('Esc leaves the search box for the timeline (hits kept, ] steps on); a second Esc closes the panel', async ({
  page,
}) => {
  await gotoApp(page, '/?sample=demo.jsonl#seq=0');
  await page.keyboard.press('/');
  const input = page.getByLabel('search every event');
  await expect(input).toBeFocused();
  await input.fill('bash');
  await expect(page.getByTestId('search-count')).toContainText('match');
  await input.press('Escape');
  await expect(input).not.toBeFocused();
  await expect(page.locator('[role=row][aria-selected=true]')).toBeFocused();
  await expect(input).toBeVisible();
  await page.keyboard.press(']');
  await expect(input).toHaveValue('bash'); // not typed into the query
  await expect(page).not.toHaveURL(/#seq=0$/);
  const hit = page.getByTestId('search-results').locator('button[aria-current=true]');
  await expect(hit).toHaveCount(1);
  const seq = await hit.getAttribute('data-seq');
  await expect(page).toHaveURL(new RegExp(`#seq=${seq}$`));
  await page.keyboard.press('Escape');
  await expect(input).toBeHidden();
});

test('e / E and search steps are jumps: Back returns to where the user was', async ({ page }) => {
  await gotoApp(page, '/?sample=demo.jsonl#seq=0');
  const pane = page.getByTestId('messages');
  await expect(pane).toHaveAttribute('data-seq', '0');
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/#seq=60$/);
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/#seq=203$/);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/#seq=204$/);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/#seq=205$/);
  await page.goBack();
  await expect(page).toHaveURL(/#seq=60$/);
  await expect(pane).toHaveAttribute('data-seq', '60');
  await page.goBack();
  await expect(page).toHaveURL(/#seq=0$/);
  // A search step is a jump too.
  await page.keyboard.press('/');
  await page.getByLabel('search every event').fill('Deploy it to staging');
  await page.getByLabel('search every event').press('Enter');
  await expect(page).toHaveURL(/#seq=193$/);
  await page.goBack();
  await expect(page).toHaveURL(/#seq=0$/);
});

test('Enter on "Open the demo session" leaves the keyboard on the timeline row, not the page body', async ({
  page,
}) => {
  await page.goto('/');
  const demo = page.getByRole('button', { name: /Open the demo session/ });
  await demo.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(page.locator('[role=row][aria-selected=true]')).toBeFocused();
});

test('Page Down / Page Up in the timeline move the selection and focus by a page', async ({ page }) => {
  await gotoApp(page, '/?sample=demo.jsonl#seq=0');
  await expect(page.getByTestId('messages')).toHaveAttribute('data-seq', '0');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // Skip to timeline
  const selectedRow = page.locator('[role=row][aria-selected=true]');
  await expect(selectedRow).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(selectedRow).not.toHaveAttribute('data-row', '0');
  const row = Number(await selectedRow.getAttribute('data-row'));
  expect(row).toBeGreaterThan(5);
  await expect(selectedRow).toBeFocused();
  await expect(selectedRow).toBeInViewport();
  await page.keyboard.press('PageUp');
  await expect(selectedRow).toHaveAttribute('data-row', '0');
  await expect(selectedRow).toBeFocused();
});

test("one meaning per key in the help; the inspector tree's copy buttons are named after their field", async ({
  page,
}) => {
  await gotoApp(page, '/?sample=demo.jsonl#seq=1');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog');
  await expect(help).toContainText('Space or Shift+K');
  await expect(help).not.toContainText(/Space\s+or\s+k\b/i);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Copy actions for .data.role' })).toHaveCount(1);
});
