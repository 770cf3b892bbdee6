// The README's library example. Run: npx tsx examples/build-context.ts
import { buildContext, MemoryNoteStore, NoteNotFound, readFixtureFile, renderPrompt, sampleNotebookPath } from 'note-context';

const store = new MemoryNoteStore(await readFixtureFile(sampleNotebookPath));

const { result, report } = await buildContext(store, { focus: '/n19', budget: 800, tokenizer: 'o200k' });
console.log(result.relatedNotes.map((note) => `${note.relationToFocusNote}: ${note.uriAndTitle}`).join('\n'));
console.log(`spent ${report.used} of ${report.budget} tokens; ${report.skippedCount} notes did not fit`);
console.log(renderPrompt(result).slice(0, 200));

try {
  await buildContext(store, { focus: 99999, budget: 100 });
} catch (error) {
  if (error instanceof NoteNotFound) console.log(`no such note: ${error.noteId}`);
}
