/** The request in force at a seq (spec section 4): the latest request/header at or before it. */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { SessionLog } from '../log/sessionLog';
import { requestHeaders, requestInForceAt, requestJson } from './requestInForce';

const lines = (...events: unknown[]): string => events.map((e) => JSON.stringify(e)).join('\n') + '\n';
const header = (h: Record<string, unknown>, reason = 'initial') => ({
  type: 'request/header',
  data: { header: h, reason },
});
const turn = (n: number) => ({ type: 'turn/start', data: { turn: n } });

describe('the request in force', () => {
  const first = {
    config: { provider: 'deepseek', model: 'v4' },
    system: 'You are terse.',
    tools: [{ name: 'read' }],
  };
  const second = {
    config: { provider: 'deepseek', model: 'v4-pro', temperature: 0.2 },
    system: 'You are thorough.',
    tools: [{ name: 'read' }, { name: 'write' }],
    adapterDefaults: { maxTokens: 4096 },
  };
  const log = loadLogFromText(lines(turn(1), header(first), turn(2), header(second, 'change'), turn(3)));

  it('is the latest request/header at or before the seq; none before the first', () => {
    expect(requestInForceAt(log, 0)).toBeNull();
    expect(requestInForceAt(log, 1)).toMatchObject({ seq: 1, reason: 'initial', ...first });
    expect(requestInForceAt(log, 2)).toMatchObject({ seq: 1, config: first.config });
    expect(requestInForceAt(log, 3)).toMatchObject({ seq: 3, reason: 'change', ...second });
    expect(requestInForceAt(log, 4)?.seq).toBe(3);
    expect(requestHeaders(log).all()).toEqual([1, 3]);
  });

  it('prints as exactly {config, system?, tools?, adapterDefaults?, seq}', () => {
    expect(requestJson(requestInForceAt(log, 2)!)).toEqual({ ...first, seq: 1 });
    expect(Object.keys(requestJson(requestInForceAt(log, 4)!))).toEqual([
      'config',
      'system',
      'tools',
      'adapterDefaults',
      'seq',
    ]);
  });

  it('an empty system or tools counts as absent; absent fields stay absent', () => {
    const l = loadLogFromText(lines(header({ config: { model: 'm' }, system: '', tools: [] })));
    const r = requestInForceAt(l, 0)!;
    expect(requestJson(r)).toEqual({ config: { model: 'm' }, seq: 0 });
    expect('system' in r || 'tools' in r || 'adapterDefaults' in r).toBe(false);
  });

  it('shows the corpus placeholders as written, without failing', () => {
    const l = loadLogFromText(
      lines(header({ config: { model: 'fake' }, system: '{{system}}', tools: '{{tools}}' })),
    );
    expect(requestJson(requestInForceAt(l, 0)!)).toEqual({
      config: { model: 'fake' },
      system: '{{system}}',
      tools: '{{tools}}',
      seq: 0,
    });
    expect(l.diagnostics.items.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('keeps a legacy messagePrefix apart, marked as legacy (not part of the derived messages)', () => {
    const prefix = [{ role: 'user', content: [{ type: 'text', text: 'AGENTS.md says...' }] }];
    const l = loadLogFromText(lines(header({ config: { model: 'm' }, messagePrefix: prefix }), turn(1)));
    const r = requestInForceAt(l, 1)!;
    expect(r.legacyMessagePrefix).toEqual(prefix);
    expect(requestJson(r)).toEqual({ config: { model: 'm' }, seq: 0 });
    expect(l.messagesAt(1).count).toBe(0);
  });

  it('a header of the wrong shape is shown as it is, with the problem named', () => {
    const l = loadLogFromText(lines({ type: 'request/header', data: { header: 'x' } }));
    expect(requestInForceAt(l, 0)).toMatchObject({ seq: 0, problem: 'data.header is not an object' });
  });

  it('follows a log that grows while it loads', () => {
    const growing = new SessionLog();
    const enc = new TextEncoder();
    growing.push(enc.encode(lines(header(first))));
    expect(requestInForceAt(growing, 0)?.seq).toBe(0);
    growing.push(enc.encode(lines(turn(1), header(second, 'change'))));
    expect(requestInForceAt(growing, 2)?.seq).toBe(2);
    expect(requestInForceAt(growing, 1)?.seq).toBe(0);
  });
});
