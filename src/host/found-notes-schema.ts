import * as z from 'zod';
import { FoundNoteSchema } from '../store/note-finder.js';

/** The answer of a title search, over HTTP (`GET /notes`) and MCP (`find_notes`). */
export const FoundNotesSchema = z.strictObject({ notes: z.array(FoundNoteSchema) });
