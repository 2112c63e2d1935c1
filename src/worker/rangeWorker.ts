/**
 * A range worker (core/log/parallel.ts): started by the log worker when a
 * large plain file is opened; reads its own slices of the File and answers
 * each job with the range's bytes and prescan as transferred buffers
 * (core/log/rangeJobs.ts).
 */
import { answerRangeJob } from '../core/log/rangeJobs';
import { fileRangeSource, type FileRangeJob } from './rangePool';

self.onmessage = (e: MessageEvent<FileRangeJob>) => {
  const { file, ...job } = e.data;
  void answerRangeJob(fileRangeSource(file), job, (reply, transfer) =>
    (self as unknown as Worker).postMessage(reply, transfer),
  );
};
