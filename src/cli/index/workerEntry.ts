/** A worker thread's entry when the CLI runs from source (tsx); the bundle starts workers from itself. */
import { runIndexWorker } from './indexWorker';

runIndexWorker();
