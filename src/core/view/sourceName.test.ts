import { describe, expect, it } from 'vitest';
import { sourceDisplayName, urlFileName } from './sourceName';

describe('sourceDisplayName', () => {
  it('names each kind of source', () => {
    expect(sourceDisplayName({ kind: 'file', file: { name: 'run.jsonl.gz' } })).toBe('run.jsonl.gz');
    expect(sourceDisplayName({ kind: 'file', file: { name: '' } })).toBe('file');
    expect(sourceDisplayName({ kind: 'text' })).toBe('pasted text');
    expect(sourceDisplayName({ kind: 'text', name: 'clipboard' })).toBe('clipboard');
    expect(sourceDisplayName({ kind: 'sample', name: 'demo.jsonl' })).toBe('demo.jsonl');
    expect(sourceDisplayName({ kind: 'url', url: 'http://127.0.0.1:4180/log/my%20session.jsonl?x=1' })).toBe(
      'my session.jsonl',
    );
  });

  it('a URL without a last segment is named by itself', () => {
    expect(urlFileName('http://example.com/')).toBe('http://example.com/');
    expect(urlFileName('/logs/a.jsonl#seq=3')).toBe('a.jsonl');
  });

  it('a name is decoded for reading, control characters and stray percent signs kept as written', () => {
    expect(urlFileName('/log/%5Bl%5D(javascript%3Ax).jsonl')).toBe('[l](javascript:x).jsonl');
    expect(urlFileName('/log/a%1Bb%C2%9B.jsonl')).toBe('a%1Bb%9B.jsonl');
    expect(urlFileName('/log/100%.jsonl')).toBe('100%.jsonl');
  });
});
