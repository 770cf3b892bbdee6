import type { NoteData } from '../../src/store/memory/fixture.js';

// A hub with 100,000 children and 100,000 referring notes (in containers of 100), its notes' details
// of uneven length (0 to 1,590 words, most short). test/fan-out.test.ts has the database insert the
// same notes from the same formulas; bench/fan-out-passes.ts loads these.
export const FAN_OUT = 100_000;
export const HUB = 2;
export const REFERENCES = 3;
export const FIRST_CHILD = 10;
export const FIRST_CONTAINER = FIRST_CHILD + FAN_OUT;
export const FIRST_REFERRING = FIRST_CONTAINER + FAN_OUT / 100;

/** Words of a note's details: a heavy tail, a quarter of the notes under 7, half under 100, the longest 1,590. */
const wordsOf = (id: number) => Math.floor(((id * 7919) % 1000) ** 4 / 625_000_000);
const detailsOf = (id: number) => `lorem${id % 13} `.repeat(wordsOf(id));

/** The notes, ids as the constants above give them. */
export function heavyTailedFanOut(): NoteData[] {
  const notes: NoteData[] = [
    { id: 1, title: 'Fan-out root', notebookId: 1, siblingOrder: 1 },
    { id: HUB, title: 'Hub', details: 'A note with a great many children and referring notes.', parentId: 1, notebookId: 1, siblingOrder: 2 },
    { id: REFERENCES, title: 'References', parentId: 1, notebookId: 1, siblingOrder: 3 },
  ];
  const withDetails = (id: number) => (wordsOf(id) > 0 ? { details: detailsOf(id) } : {});
  for (let id = FIRST_CHILD; id < FIRST_CONTAINER; id++) notes.push({ id, title: `Child ${id}`, ...withDetails(id), parentId: HUB, notebookId: 1, siblingOrder: id });
  for (let id = FIRST_CONTAINER; id < FIRST_REFERRING; id++) notes.push({ id, title: `Container ${id}`, parentId: REFERENCES, notebookId: 1, siblingOrder: id });
  for (let id = FIRST_REFERRING; id < FIRST_REFERRING + FAN_OUT; id++) {
    const parentId = FIRST_CONTAINER + Math.floor((id - FIRST_REFERRING) / 100);
    notes.push({ id, title: `refers to ${id}`, ...withDetails(id), parentId, objectId: HUB, notebookId: 1, siblingOrder: id });
  }
  return notes;
}
