import type { Fixture, NoteData } from '../../src/store/memory/fixture.js';

/**
 * A notebook around one hub note (id 3) with `children` children and `referrings` notes that
 * refer to it, under a parent with siblings, so every relation has candidates.
 */
export function hubNotebook(children: number, referrings: number): Fixture {
  const notes: NoteData[] = [
    { id: 1, title: 'Root', details: 'The notebook root.', siblingOrder: 1, notebookId: 1 },
    { id: 2, title: 'Parent', details: 'Parent of the hub.', parentId: 1, siblingOrder: 1, notebookId: 1 },
    { id: 3, title: 'Hub', details: 'A note with a great many children and referrings.', parentId: 2, siblingOrder: 5, notebookId: 1 },
    { id: 4, title: 'Subjects', parentId: 1, siblingOrder: 2, notebookId: 1 },
  ];
  let id = 10;
  for (let index = 0; index < 4; index++) {
    notes.push({ id: id, title: `Hub sibling ${index}`, details: 'A sibling.', parentId: 2, siblingOrder: index * 3, notebookId: 1 });
    id++;
  }
  for (let index = 0; index < children; index++) {
    notes.push({
      id: id++,
      title: `Child ${index}`,
      details: `Child number ${index} of the hub, with a sentence or two of details to cost some tokens.`,
      parentId: 3,
      siblingOrder: index,
      notebookId: 1,
    });
  }
  for (let index = 0; index < referrings; index++) {
    notes.push({ id: id++, title: `refers to`, details: `Referring note ${index}.`, parentId: 4, objectId: 3, siblingOrder: index, notebookId: 1 });
  }
  return { notebooks: [{ id: 1, name: 'Hub notebook' }], notes };
}
