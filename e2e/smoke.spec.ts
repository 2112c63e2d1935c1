import { expect, test } from '@playwright/test';

test('the app loads and is titled Seqscope', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Seqscope/);
});
