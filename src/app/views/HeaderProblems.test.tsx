// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ProblemSummary } from '../../core/view/problems';
import { render } from '../components/testRender';
import { composeApp } from '../compose';
import { ServicesProvider } from '../services/context';
import { FakeClient } from '../testing/fakeClient';
import { HeaderProblems } from './HeaderProblems';

const none = { count: 0, firstSeq: null };
const clean: ProblemSummary = {
  toolErrors: none,
  failedAttempts: none,
  errorTurns: none,
  abortedTurns: none,
};

function shown(problems: ProblemSummary, errorDiagnostics: number, events = 10): Element | null {
  const el = render(
    <ServicesProvider services={composeApp(new FakeClient({}))}>
      <HeaderProblems problems={problems} errorDiagnostics={errorDiagnostics} events={events} />
    </ServicesProvider>,
  );
  return el.querySelector('[data-testid=run-problems]');
}

describe('HeaderProblems', () => {
  it('calls a run clean (green tick) only without failures and without error diagnostics', () => {
    const ok = shown(clean, 0);
    expect(ok?.getAttribute('data-clean')).toBe('true');
    expect(ok?.textContent).toBe('✓ no failures');
  });

  it('with error diagnostics but no failed outcome, no tick: the diagnostics count says what is wrong', () => {
    const el = shown(clean, 2);
    expect(el?.getAttribute('data-clean')).toBe('false');
    expect(el?.textContent).toBe('no failed calls');
    expect(el?.textContent).not.toContain('✓');
  });

  it('a log with no event (empty, or nothing readable) is called neither clean nor failed', () => {
    for (const errors of [0, 68]) {
      const el = shown(clean, errors, 0);
      expect(el?.getAttribute('data-clean')).toBe('false');
      expect(el?.textContent).toBe('no events');
    }
  });

  it('failures are buttons whatever the diagnostics', () => {
    const el = shown({ ...clean, toolErrors: { count: 3, firstSeq: 12 } }, 0);
    expect(el?.querySelector('[data-problem=toolErrors]')?.textContent).toBe('3 tool errors');
  });
});
