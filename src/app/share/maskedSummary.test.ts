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
});
