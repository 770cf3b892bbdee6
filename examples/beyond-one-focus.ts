// Choosing relations, shortening to fit, several foci, and the ledger.
import { buildContext, MemoryNoteStore, readFixtureFile, renderPrompt, sampleNotebookPath } from 'note-context';

const store = new MemoryNoteStore(await readFixtureFile(sampleNotebookPath));

// Only the note's place in the tree: no siblings, no referring notes.
const tree = await buildContext(store, { focus: 19, budget: 300, relations: ['Parent', 'Child', 'NoteInContextualPath'] });
console.log(tree.result.relatedNotes.map((note) => `${note.relationToFocusNote}: ${note.uriAndTitle}`).join('\n'));

// A tight budget: the last note that does not fit is added with its details cut to fit.
const tight = await buildContext(store, { focus: 1, budget: 100, fit: 'shorten' });
console.log(`shorten: ${tight.report.used} of 100 tokens, ${tight.report.added.filter((piece) => piece.shortened).length} note(s) shortened`);

// Two foci, one budget, one list of related notes: each names the focus it relates to.
const both = await buildContext(store, { focus: [19, 27], budget: 400, format: 'prompt' });
console.log(both.result.relatedNotes.map((note) => `${note.focus} ${note.relationToFocusNote}: ${note.uriAndTitle}`).join('\n'));
console.log(renderPrompt(both.result).split('\n').slice(0, 2).join('\n'));

// The ledger: why each note is here and what it cost.
for (const piece of both.report.added) {
  const why = `${piece.relation} of ${piece.focus}${piece.via ? `, offered by ${piece.via}` : ''}${piece.shortened ? ', shortened' : ''}`;
  console.log(`${piece.uri} (${piece.kind}, ${piece.cost} tokens): ${why}`);
}
