/**
 * A range worker (core/log/parallel.ts): started by the log worker when a
 * large plain file is opened; reads its own slices of the File and answers
 * each job with the range's bytes and prescan as transferred buffers.
 */
import { prescanAlignedRange } from '../core/log/parallel';
import { prescanTransferables } from '../core/reader/prescan';
import { fileRangeSource, type RangeJob, type RangeReply } from './rangePool';
import { errorMessage } from '../core/errorMessage';

self.onmessage = (e: MessageEvent<RangeJob>) => {
  const { id, file, a, b } = e.data;
  const post = (reply: RangeReply, transfer: Transferable[] = []) =>
    (self as unknown as Worker).postMessage(reply, transfer);
  prescanAlignedRange(fileRangeSource(file), a, b).then(
    (range) => {
      const transfer: Transferable[] = prescanTransferables(range.prescan);
      if (range.bytes.buffer instanceof ArrayBuffer) transfer.push(range.bytes.buffer);
      post({ id, ok: true, range }, transfer);
    },
    (err: unknown) => post({ id, ok: false, message: errorMessage(err) }),
  );
};
