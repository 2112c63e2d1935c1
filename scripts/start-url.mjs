// The link `npm start` prints and opens: the app with the bundled demo named in the
// query (the root URL alone shows the start page). The name is the first of
// BUNDLED_SAMPLES (src/worker/protocol/samples.ts); start-url.test.ts keeps them equal.
export const DEMO_SAMPLE = 'demo.jsonl';

/** `origin` like `http://127.0.0.1:4173`. */
export function startUrl(origin) {
  return `${origin}/?sample=${encodeURIComponent(DEMO_SAMPLE)}`;
}
