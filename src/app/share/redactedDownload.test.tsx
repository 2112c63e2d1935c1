// @vitest-environment jsdom
/** The redacted copy is downloaded as the worker's Blob: the main thread copies no byte of it (audit R10-L1). */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../components/testRender';
import { RedactedExportButton } from './RedactedExportButton';
import type { LogClient } from '../../worker/client';
import { useToast } from './links';

afterEach(() => vi.restoreAllMocks());

describe('RedactedExportButton', () => {
  it("hands the worker's Blob itself to the download, named after the log", async () => {
    const file = new Blob(['{"type":"session"}\n'], { type: 'application/x-ndjson;charset=utf-8' });
    const request = vi.fn(async () => ({
      ok: true as const,
      value: { file, counts: { email: 1 }, changedLines: 1, overruns: {}, name: 'run-7.jsonl.gz' },
    }));
    const made: unknown[] = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      made.push(blob);
      return 'blob:copy';
    };
    URL.revokeObjectURL = () => {};
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const host = render(
      <RedactedExportButton client={{ request } as unknown as Pick<LogClient, 'request'>} className="" />,
    );
    await act(async () => {
      host.querySelector<HTMLButtonElement>('[data-testid="export-redacted"]')?.click();
      await Promise.resolve();
    });
    expect(request).toHaveBeenCalledWith({ kind: 'exportRedacted' });
    expect(made).toHaveLength(1);
    expect(made[0]).toBe(file);
    expect(names).toEqual(['run-7.redacted.jsonl']);
  });

  it('says the copy is partial, as a warning, when the import left input unread (audit R14-4)', async () => {
    const file = new Blob(['{"type":"session"}\n']);
    const answer = (partial: string | null) => ({
      ok: true as const,
      value: { file, counts: {}, changedLines: 0, overruns: {}, keptWords: 0, partial, name: 'a.json' },
    });
    URL.createObjectURL = () => 'blob:copy';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    for (const [unread, tone, says] of [
      [
        '11.8 KiB (12,048 bytes) of the input from line 6 on were not read',
        'warn',
        /^Partial redacted copy: 11\.8 KiB .* from line 6 on were not read, so it is not in the copy/,
      ],
      [null, 'ok', /^Redacted copy: nothing to mask was found$/],
    ] as const) {
      const request = vi.fn(async () => answer(unread));
      const host = render(
        <RedactedExportButton client={{ request } as unknown as Pick<LogClient, 'request'>} className="" />,
      );
      await act(async () => {
        host.querySelector<HTMLButtonElement>('[data-testid="export-redacted"]')?.click();
        await Promise.resolve();
      });
      expect(useToast.getState().toast?.tone).toBe(tone);
      expect(useToast.getState().toast?.text).toMatch(says);
    }
  });
});
