/** The session library (`seqscope serve`'s API) as the worker answers it to the start page. */
import type { LibraryAnswer } from '../../core/library/routes';

export type { LibraryAnswer, LibraryFilter, LibraryQuery, LibraryRow } from '../../core/library/routes';

/** `absent`: no library server here (a static host, `vite preview`, `seqscope open`). */
export type LibraryResult = { status: 'absent' } | { status: 'ready'; answer: LibraryAnswer };
