import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContext, MemoryNoteStore, readFixtureFile, sampleNotebookPath } from '../src/index.js';
import { ROOT } from './support/service-processes.js';

// The installed package's path is checked from an empty project in test/readme-examples.test.ts.
describe('sampleNotebookPath', () => {
  it('is the absolute path of the shipped fixture, whatever the working directory', () => {
    expect(isAbsolute(sampleNotebookPath)).toBe(true);
    expect(sampleNotebookPath).toBe(join(ROOT, 'fixtures', 'sample-notebook.json'));
  });

  it('reads as the sample notebook: 163 notes, /n19 is Energy', async () => {
    const fixture = await readFixtureFile(sampleNotebookPath);
    expect(fixture.notes).toHaveLength(163);
    const { result } = await buildContext(new MemoryNoteStore(fixture), { focus: '/n19', budget: 0 });
    expect(result.focusNote.uriAndTitle).toBe('[Energy](/n19)');
  });
});
