import fc from 'fast-check';
import type { Fixture, NoteData } from '../../src/store/memory/fixture.js';
import { randomNotebook } from './random-notebook.js';

/** Titles that collide under section 10's matching, and some that nearly do. */
const LINKABLE_TITLES = ['Energy', 'energy', ' ENERGY ', '\tEnergy', 'Énergie', 'énergie', 'Mass', 'mass', 'Heat'];

/** How a link to a title may be written: as is, in capitals, padded, with a label, broken. */
const LINK_FORMS: readonly ((title: string) => string)[] = [
  (title) => `[[${title}]]`,
  (title) => `[[${title.replace(/[a-z]/g, (letter) => letter.toUpperCase())}]]`,
  (title) => `[[  ${title} |a label]]`,
  (title) => `[[\t${title}]]`,
  (title) => `[[${title}\n]]`,
  (title) => `[[[${title}]]]`,
];

/**
 * A random notebook (test/support/random-notebook.ts) whose notes link to each other (spec section
 * 10): three notes in four take a title from a few that collide, and each note's details gain up to
 * four links, written in the ways section 10 tells apart, to the titles of other notes or to a
 * title no note has. `moreTitles` join the few that collide.
 */
export function linkedNotebook(maxNotes = 16, moreTitles: readonly string[] = []): fc.Arbitrary<Fixture> {
  const linkable = [...LINKABLE_TITLES, ...moreTitles];
  return randomNotebook({ maxNotes }).chain((fixture) => {
    const titles = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...linkable) },
      { weight: 1, arbitrary: fc.constantFrom(...fixture.notes.map((note) => note.title)) },
      { weight: 1, arbitrary: fc.constant('Nowhere') },
    );
    const link = fc.tuple(titles, fc.integer({ min: 0, max: LINK_FORMS.length - 1 })).map(([title, form]) => LINK_FORMS[form]!(title));
    const rewrite = (note: NoteData): fc.Arbitrary<NoteData> =>
      fc
        .record({
          retitle: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...linkable) }, { weight: 1, arbitrary: fc.constant(undefined) }),
          links: fc.noBias(fc.array(link, { maxLength: 4 })),
          separator: fc.constantFrom(' ', '\n', ' and '),
        })
        .map(({ retitle, links, separator }) => {
          const details = [note.details ?? '', ...links].join(separator);
          return { ...note, title: retitle ?? note.title, ...(details !== '' && { details }) };
        });
    return fc.tuple(...fixture.notes.map(rewrite)).map((notes) => ({ ...fixture, notes }));
  });
}
