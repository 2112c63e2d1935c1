// @vitest-environment jsdom
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { mountedRoots, render } from './testRender';

let unmounts = 0;
function Probe({ label }: { label: string }) {
  useEffect(() => () => void unmounts++, []);
  return <p>{label}</p>;
}

// The two tests run in order: the second sees what the first left behind.
describe('testRender', () => {
  it('mounts a root per render, even twice in one test', () => {
    const first = render(<Probe label="one" />);
    const second = render(<Probe label="two" />);
    expect(first.textContent).toBe('one');
    expect(second.textContent).toBe('two');
    expect(mountedRoots()).toBe(2);
  });

  it('unmounts every root of the test before', () => {
    expect(mountedRoots()).toBe(0);
    expect(unmounts).toBe(2);
    expect(document.body.textContent).toBe('');
  });
});
