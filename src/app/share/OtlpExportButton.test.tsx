// @vitest-environment jsdom
/** The OTLP export's toast says when the spans miss input the import could not read (audit R16-2). */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../components/testRender';
import { OtlpExportButton } from './OtlpExportButton';
import type { LogClient } from '../../worker/client';
import { useToast } from './links';

afterEach(() => vi.restoreAllMocks());

describe('OtlpExportButton', () => {
  it('a partial export is a warning naming what was not read; a whole one says how many spans', async () => {
    URL.createObjectURL = () => 'blob:otlp';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    for (const [partial, tone, says] of [
      [
        '4.5 KiB (4,611 bytes) of the input in 5 places were not read',
        'warn',
        /^Partial OTLP export: 4\.5 KiB .* in 5 places were not read, so it is not in the spans \(see Diagnostics\); exported 42 spans as OTLP JSON$/,
      ],
      [null, 'ok', /^Exported 42 spans as OTLP JSON$/],
    ] as const) {
      const request = vi.fn(async () => ({
        ok: true as const,
        value: { text: '{}', spans: 42, name: 'cc.jsonl', partial, contentNote: null },
      }));
      const host = render(
        <OtlpExportButton client={{ request } as unknown as Pick<LogClient, 'request'>} className="" />,
      );
      await act(async () => {
        host.querySelector<HTMLButtonElement>('[data-testid="export-otlp"]')?.click();
        await Promise.resolve();
      });
      expect(request).toHaveBeenCalledWith({ kind: 'exportOtlp', content: false });
      expect(useToast.getState().toast?.tone).toBe(tone);
      expect(useToast.getState().toast?.text).toMatch(says);
    }
  });

  it('Shift+click: content cut or left out is said in a warning (audit R22-8)', async () => {
    URL.createObjectURL = () => 'blob:otlp';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const contentNote = 'message content is left out of 1,712 of 2,000 model and tool calls';
    const request = vi.fn(async () => ({
      ok: true as const,
      value: { text: '{}', spans: 4001, name: 'pi.jsonl', partial: null, contentNote },
    }));
    const host = render(
      <OtlpExportButton client={{ request } as unknown as Pick<LogClient, 'request'>} className="" />,
    );
    await act(async () => {
      host
        .querySelector<HTMLButtonElement>('[data-testid="export-otlp"]')
        ?.dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }));
      await Promise.resolve();
    });
    expect(request).toHaveBeenCalledWith({ kind: 'exportOtlp', content: true });
    expect(useToast.getState().toast?.tone).toBe('warn');
    expect(useToast.getState().toast?.text).toBe(
      `Exported 4001 spans as OTLP JSON with message content; ${contentNote}`,
    );
  });
});
