import { fileURLToPath } from 'node:url';

/**
 * The absolute path of the sample notebook shipped with the package (163 notes in four
 * notebooks), for `readFixtureFile(sampleNotebookPath)` from any working directory. src/ and
 * dist/ both sit one level below the package root.
 */
export const sampleNotebookPath: string = fileURLToPath(new URL('../fixtures/sample-notebook.json', import.meta.url));
