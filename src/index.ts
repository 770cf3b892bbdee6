// The public surface of note-context, but for its other entries: the SQL stores (./mysql,
// ./postgres) and the services to embed (./mcp, ./http).
export { buildContext, type BuildOutcome } from './build-context.js';
export { BuildOptionsSchema, MAX_FOCI, type AnyBuildOptions, type BuildOptions, type MultiFocusBuildOptions } from './build-options.js';
export {
  BuildReportSchema, LedgerEntrySchema, SkippedNoteSchema, MAX_REPORTED_SKIPS, type BuildReport, type LedgerEntry, type SkippedNote,
} from './iterator/build-report.js';
export { FITS, type Fit } from './result/fits.js';
export { BuildAborted, BuildTimeout, NoteContextError, NoteNotFound, StoreUnavailable, ValidationError } from './note-context-error.js';
export {
  BareNoteSchema, FocusedNoteSchema, FocusNoteSchema, GraphRAGResultSchema, MultiFocusResultSchema,
  type AnyResult, type BareNote, type FocusedNote, type FocusNote, type GraphRAGResult, type MultiFocusResult,
} from './result/graph-rag-result-schema.js';
export { render, OUTPUT_FORMATS, type OutputFormat } from './result/render.js';
export { jsonSchemas, jsonSchemaOf, type JsonSchema } from './json-schemas.js';
export { renderJson } from './result/render-json.js';
export { renderPrompt } from './result/render-prompt.js';
export { parsePrompt } from './result/parse-prompt.js';
export {
  LINK_RELATIONS, RELATIONS, RELATED_RELATIONS, TREE_RELATIONS, type LinkRelation, type Relation, type RelatedRelation,
} from './relationships/relation.js';
export { TIERS, type Tier } from './relationships/tiers.js';
export { TOKENIZER_NAMES, loadTokenizer, type Tokenizer, type TokenizerName } from './budget/tokenizer.js';
export type { NoteId, NoteLink, NoteRecord, SiblingKey } from './model/note-record.js';
export type {
  AncestorsRequest, ChildrenPageRequest, NoteReader, NoteRequest, NoteStore, ReadRequest, ReadScope, ReferringPageRequest,
} from './store/note-store.js';
export type { ExtendedReadRequest, FilteredPageRequest, SiblingsPageRequest } from './store/read-request.js';
export type { FilteredRecord, SizeFilter } from './store/size-filter.js';
export { FoundNoteSchema, type FindNotesOptions, type FoundNote, type NoteFinder } from './store/note-finder.js';
export { MemoryNoteStore } from './store/memory/memory-note-store.js';
export { sampleNotebookPath } from './sample-notebook-path.js';
export { FixtureSchema, parseFixture, readFixtureFile, type Fixture, type NoteData, type Notebook } from './store/memory/fixture.js';
// The SQL stores are entries of their own, `note-context/mysql` and `note-context/postgres`, so
// that importing this one loads no database driver. What both engines share, and no driver, is here.
export type { NoteDatabase, NoteTable } from './store/mysql/note-table.js';
export { NoteTableNamesSchema, NOTE_FIELDS, type NoteTableNames, type NoteField } from './store/sql/note-table-names.js';
