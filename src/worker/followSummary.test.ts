import { describe, expect, it } from 'vitest';
import { OpenLog } from './openLog';
import { Queries } from './queries';

/** The header's figures while following: the file's size grows with it (audit R11-L1). */
const line = (seq: number) =>
  JSON.stringify({
    type: 'user/message',
    seq,
    data: { role: 'user', content: [{ type: 'text', text: `line ${seq}` }], source: { kind: 'user' } },
    surfaceOp: 'append',
  }) + '\n';

describe('a followed log’s summary', () => {
  it('reports the file size read so far, not the size at open', () => {
    const enc = new TextEncoder();
    const first = enc.encode(line(0) + line(1));
    const log = new OpenLog(1, 'url', 'live.jsonl', 'http://127.0.0.1/log/live.jsonl');
    log.totalBytes = first.length; // the Content-Length of the first GET
    log.push(first);
    log.checkpoint();
    const queries = new Queries(log);
    expect(queries.summary({ rowCount: 0, rowsVersion: 0 }).fileBytes).toBe(first.length);
    let more = '';
    for (let seq = 2; seq < 50; seq++) more += line(seq);
    const grown = enc.encode(more);
    log.push(grown);
    log.checkpoint('grown');
    const s = queries.summary({ rowCount: 0, rowsVersion: 0 });
    expect(s.events).toBe(50);
    expect(s.fileBytes).toBe(first.length + grown.length);
  });
});
