import { expect, test, DEMO_URL } from './helpers';

test('the root URL shows the start page, and the demo is one click away', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('start-page')).toBeVisible();
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-state', 'idle');
  await page.getByTestId('open-demo').click();
  await expect(status).toHaveAttribute('data-state', 'ready');
  await expect(status).toHaveAttribute('data-name', 'demo.jsonl');
  await expect(page.getByTestId('start-page')).toHaveCount(0);
  // The demo's URL names it, so a reload (or a shared link) opens it again.
  await expect(page).toHaveURL(/[?&]sample=demo\.jsonl/);
});

test("npm start's link (the sample named in the query) opens the demo", async ({ page }) => {
  await page.goto(DEMO_URL);
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-state', 'ready');
  await expect(status).toHaveAttribute('data-name', 'demo.jsonl');
});

test("the scrubber's bands and ticks have a legend", async ({ page }) => {
  await page.goto(DEMO_URL);
  const legend = page.getByTestId('scrubber-legend');
  for (const label of [
    'turn',
    'turn error',
    'step',
    'failed attempt',
    'error',
    'warning',
    'filter match',
    'search hit',
  ])
    await expect(legend.getByText(label, { exact: true })).toBeVisible();
});

test("the scrubber's hover description never covers the controls", async ({ page }) => {
  await page.goto(DEMO_URL);
  await expect(page.getByTestId('status')).toHaveAttribute('data-state', 'ready');
  const track = page.getByTestId('scrubber');
  const box = (await track.boundingBox())!;
  for (const fx of [0.02, 0.5, 0.98]) {
    await page.mouse.move(box.x + box.width * fx, box.y + box.height / 2);
    await expect(page.getByTestId('scrubber-hover')).toContainText('seq');
    // Whatever is hovered, each control of the bar is still what the pointer would hit.
    for (const name of ['Play', 'Uniform', 'Stop at problems']) {
      const control = page.getByRole(name === 'Stop at problems' ? 'checkbox' : 'button', { name });
      const c = (await control.boundingBox())!;
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('button, label')?.textContent ?? '',
        { x: c.x + c.width / 2, y: c.y + c.height / 2 },
      );
      expect(hit).toContain(name);
    }
  }
});
