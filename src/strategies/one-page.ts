import type { NoteRecord } from '../model/note-record.js';
import type { PageSource } from './page-source.js';

/** Candidates read in one go, such as an ancestor chain or a single note: one page, then none. */
export function onePage(read: () => Promise<readonly NoteRecord[]>): PageSource {
  let done = false;
  return {
    nextPage: () => {
      if (done) return Promise.resolve([]);
      done = true;
      return read();
    },
  };
}
