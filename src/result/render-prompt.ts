import type { BareNote, FocusNote, GraphRAGResult } from './schema.js';

const PREAMBLE = [
  'You are helping with one note of a personal knowledge base. Below is that note (the focus',
  'note) in full, then related notes ranked from most to least relevant; their details may be',
  'cut short, marked by "...". Every note is written as a markdown link [title](uri), and the',
  'uri identifies the note. Relationships can be inferred from these links: a note\'s parent is',
  'the note it sits under, and a note with an object states a relationship whose subject is its',
  'parent, whose predicate is its title and whose object is the linked note.',
].join('\n');

const LISTS: readonly { key: keyof Pick<FocusNote, 'children' | 'priorSiblings' | 'youngerSiblings' | 'referrings'>; label: string }[] = [
  { key: 'children', label: 'Children' },
  { key: 'priorSiblings', label: 'Prior siblings' },
  { key: 'youngerSiblings', label: 'Younger siblings' },
  { key: 'referrings', label: 'Referring notes' },
];

/**
 * What one related note adds to the prompt. Each part is shorter than the same part of the
 * note's JSON piece, which keeps the `estimate` guarantee true for this format as well.
 */
export function promptNotePiece(note: BareNote): string {
  return (
    `\n\n## ${note.uriAndTitle}\nRelation: ${note.relationToFocusNote}` +
    (note.parentUriAndTitle ? `\nParent: ${note.parentUriAndTitle}` : '') +
    (note.objectUriAndTitle ? `\nObject: ${note.objectUriAndTitle}` : '') +
    (note.details ? `\nDetails:\n${note.details}` : '')
  );
}

/** What one focus-list entry adds to the prompt. */
export function promptEntryPiece(uriAndTitle: string): string {
  return `\n- ${uriAndTitle}`;
}

/** The result as text ready for an AI assistant: focus note first, then related notes by rank. */
export function renderPrompt(result: GraphRAGResult): string {
  const focus = result.focusNote;
  const lines = [
    PREAMBLE,
    '',
    '# Focus note',
    focus.uriAndTitle,
    ...(focus.parentUriAndTitle ? [`Parent: ${focus.parentUriAndTitle}`] : []),
    ...(focus.objectUriAndTitle ? [`Object: ${focus.objectUriAndTitle}`] : []),
    `Contextual path: ${focus.contextualPath.join(' > ')}`,
    ...LISTS.map(({ key, label }) => `${label}:${focus[key].map(promptEntryPiece).join('')}`),
    `Details:\n${focus.details ?? ''}`,
    '',
    '# Related notes, most relevant first',
  ];
  const related = result.relatedNotes.length > 0 ? result.relatedNotes.map(promptNotePiece).join('') : '\n(none)';
  return `${lines.join('\n')}${related}\n`;
}
