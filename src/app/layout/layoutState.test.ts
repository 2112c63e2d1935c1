import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../testing/memoryStorage';
import { defaultLayout, loadLayout, persistLayout, useLayout } from './layoutState';

describe('layout state', () => {
  it('starts from sizes that fit the window', () => {
    loadLayout(1024, 768, memoryStorage());
    expect(useLayout.getState()).toEqual(defaultLayout(1024, 768));
    expect(useLayout.getState()).toMatchObject({
      timelineWidth: 432, // 1024 / 2 - 80: the messages pane keeps 1024 - 432 - 260 = 332 px
      inspectorWidth: 260,
      timelineCollapsed: false,
    });
  });

  it('remembers every change and reads it back next time', () => {
    const storage = memoryStorage();
    loadLayout(1600, 900, storage);
    const stop = persistLayout(storage);
    useLayout.setState({ timelineWidth: 512, inspectorCollapsed: true });
    stop();
    useLayout.setState(defaultLayout(1600, 900));
    loadLayout(1600, 900, storage);
    expect(useLayout.getState()).toMatchObject({ timelineWidth: 512, inspectorCollapsed: true });
  });

  it('keeps the valid fields of a damaged entry and defaults the rest', () => {
    const storage = memoryStorage({
      'seqscope.panes': JSON.stringify({ timelineWidth: 'wide', inspectorWidth: 333, timelineCollapsed: 1 }),
    });
    loadLayout(1600, 900, storage);
    const fallback = defaultLayout(1600, 900);
    expect(useLayout.getState()).toEqual({ ...fallback, inspectorWidth: 333 });
    loadLayout(1600, 900, memoryStorage({ 'seqscope.panes': '[not json' }));
    expect(useLayout.getState()).toEqual(fallback);
  });
});
