import type { FindNotesOptions, NoteFinder } from '../../src/store/note-finder.js';
import type { NoteStore, ReadScope } from '../../src/store/note-store.js';

/** A store whose reads wait until the test opens the gate: builds that take as long as a test needs. */
export class GatedStore implements NoteStore, NoteFinder {
  private open!: () => void;
  private gate!: Promise<void>;
  /** Reads that have reached the gate. */
  waiting = 0;

  constructor(private readonly inner: NoteStore & NoteFinder) {
    this.close();
  }

  /** Lets every waiting and later read through. */
  release(): void {
    this.open();
  }

  /** Holds later reads again. */
  close(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  async openReader(scope: ReadScope) {
    this.waiting++;
    await this.gate;
    this.waiting--;
    return this.inner.openReader(scope);
  }

  async findNotes(query: string, options: FindNotesOptions) {
    await this.gate;
    return this.inner.findNotes(query, options);
  }
}
