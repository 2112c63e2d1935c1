import { expect, gotoApp, test } from './helpers';

test("after pasting garbage, nothing of the previous log's replay stays, and the counts agree", async ({
  page,
}) => {
  await gotoApp(page, '/#seq=100');
  const position = page.getByTestId('replay-position');
  await expect(position).toContainText('seq 100 of 236');
  await expect(page.getByTestId('play')).toBeEnabled();

  await page.getByRole('button', { name: 'Seqscope' }).click();
  await page.getByLabel('Paste JSONL').fill('this is not a log\n{"half": ');
  await page.getByRole('button', { name: 'Open pasted text' }).click();
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-name', 'pasted text');
  await expect(status).toHaveAttribute('data-state', 'ready');
  await expect(status).toHaveAttribute('data-events', '0');

  await expect(position).toHaveText('');
  await expect(page.getByTestId('play')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Forward one event' })).toBeDisabled();

  // One count everywhere: the unreadable-log note, the diagnostics bar and the header agree.
  const bar = page.getByTestId('diagnostics');
  const total = await bar.locator('span.font-mono').first().innerText();
  expect(Number(total)).toBeGreaterThan(1);
  await expect(
    page.getByTestId('timeline-unreadable').getByRole('button', { name: /^Show diagnostics/ }),
  ).toContainText(`Show diagnostics (${total}:`);
  const header = page.getByTestId('diagnostic-counts');
  const [e, w, i] = await Promise.all(
    ['error', 'warning', 'info'].map(async (sev) => Number(await header.getAttribute(`data-${sev}`))),
  );
  expect((e ?? 0) + (w ?? 0) + (i ?? 0)).toBe(Number(total));
});
