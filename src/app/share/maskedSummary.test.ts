/** The redacted copy's toast says what was masked, and which patterns needed too much work. */
import { describe, expect, it } from 'vitest';
import { maskedSummary } from './RedactedExportButton';

describe('maskedSummary', () => {
  it('names a pattern whose work budget ran out', () => {
    expect(maskedSummary({ custom: 5, email: 1 }, 2, { 'a*c|a': 3 })).toBe(
      'masked 6 values (custom 5, email 1) in 2 lines; pattern `a*c|a` needed too much work on 3 values; their rest was masked whole',
    );
    expect(maskedSummary({ email: 1 }, 1)).toBe('masked 1 value (email 1) in 1 line');
  });

  it("says how many of the log's own words a pattern matched and kept", () => {
    expect(maskedSummary({ custom: 2 }, 2, {}, 40)).toBe(
      "masked 2 values (custom 2) in 2 lines; 40 of the log's own words (keys, event types, roles) matched a pattern and were kept, so the copy stays a valid log",
    );
    expect(maskedSummary({}, 0, {}, 1)).toBe(
      "nothing to mask was found; 1 of the log's own words (keys, event types, roles) matched a pattern and was kept, so the copy stays a valid log",
    );
  });
});
