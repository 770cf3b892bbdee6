import { fileURLToPath } from 'node:url';

/** The absolute path of the sample notebook shipped with the package; src/ and dist/ both sit one level below the package root. */
export const sampleNotebookPath: string = fileURLToPath(new URL('../fixtures/sample-notebook.json', import.meta.url));
