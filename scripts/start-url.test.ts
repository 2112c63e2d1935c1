import { describe, expect, it } from 'vitest';
import { parseUrl } from '../src/core/link/deepLink';
import { BUNDLED_SAMPLES } from '../src/worker/protocol/samples';

// @ts-expect-error: a plain .mjs script without types
const { DEMO_SAMPLE, startUrl } = (await import('./start-url.mjs')) as {
  DEMO_SAMPLE: string;
  startUrl: (origin: string) => string;
};

describe("npm start's link", () => {
  it('names the first bundled sample explicitly (the root URL shows the start page)', () => {
    const url = new URL(startUrl('http://127.0.0.1:4173'));
    expect(url.pathname).toBe('/');
    expect(parseUrl(url.search, url.hash).state.identity).toEqual({ kind: 'sample', name: DEMO_SAMPLE });
    expect(BUNDLED_SAMPLES[0]?.name).toBe(DEMO_SAMPLE);
  });
});
