/**
 * Every shared sample log, opened through the file input and by a synthetic
 * drop: the messages pane must equal the core's `messagesAt` at the selected
 * seq (selected by clicking rows and by setting `#seq=`), and the streaming
 * preview must show exactly the streamed characters.
 */
import path from 'node:path';
import {
  SAMPLE_FILES,
  expect,
  expectLoaded,
  expectMessagesAt,
  expectedStreamingText,
  gotoApp,
  interestingSeqs,
  loadCore,
  openWithDrop,
  openWithInput,
  selectByHash,
  scrollTimelineToTop,
  test,
} from './helpers';

for (const file of SAMPLE_FILES) {
  const name = path.basename(file);

  test(`file input: ${name}`, async ({ page, pageErrors }) => {
    // A dozen positions, each checked against the core: long on a loaded machine.
    test.setTimeout(90_000);
    const log = loadCore(file);
    await gotoApp(page);
    await openWithInput(page, file);
    await expectLoaded(page, name, log.eventCount);
    expect(pageErrors).toEqual([]);

    // Click the first non-chunk rows (back at the top: opening shows the last event).
    await scrollTimelineToTop(page);
    const timeline = page.getByTestId('timeline');
    let clicked = 0;
    for (let seq = 0; seq < Math.min(log.eventCount, 20) && clicked < 3; seq++) {
      if (log.typeOf(seq) === 'assistant/chunk') continue;
      await timeline.locator(`[data-seq="${seq}"]`).click();
      await expect(page).toHaveURL(new RegExp(`#seq=${seq}$`));
      await expectMessagesAt(page, log, seq);
      clicked++;
    }

    // Deep links: set the hash.
    for (const seq of interestingSeqs(log)) {
      await selectByHash(page, seq);
      await expectMessagesAt(page, log, seq);
      await expect(timeline.locator(`[data-seq="${seq}"]`)).toHaveAttribute('aria-selected', 'true');
    }

    // The streaming preview, at up to two seqs inside a step whose message is not appended yet.
    const streamingSeqs: number[] = [];
    for (let seq = 0; seq < log.eventCount && streamingSeqs.length < 2; seq++) {
      if (
        expectedStreamingText(log, seq) !== null &&
        (streamingSeqs.length === 0 || seq > (streamingSeqs[0] as number) + 3)
      )
        streamingSeqs.push(seq);
    }
    for (const seq of streamingSeqs) {
      await selectByHash(page, seq);
      await expectMessagesAt(page, log, seq);
      const streaming = page.getByTestId('streaming');
      await expect(streaming).toHaveAttribute('data-seq', String(seq));
      expect(await streaming.evaluate((e) => e.textContent)).toBe(expectedStreamingText(log, seq));
    }
  });

  test(`drop: ${name}`, async ({ page }) => {
    const log = loadCore(file);
    await gotoApp(page);
    await openWithDrop(page, file);
    await expectLoaded(page, name, log.eventCount);
    const seqs = interestingSeqs(log, 3);
    for (const seq of seqs) {
      await selectByHash(page, seq);
      await expectMessagesAt(page, log, seq);
    }
  });
}
