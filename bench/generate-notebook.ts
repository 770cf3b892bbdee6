// A seeded generator of notebooks shaped like Doughnut's production data, for the benchmarks.
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { Fixture, NoteData, Notebook } from '../src/store/memory/fixture.js';

export interface GeneratorSettings {
  readonly seed: number;
  /** Notes of the ordinary notebooks (the fan-out notebook comes on top). */
  readonly notes: number;
  readonly notebooks: number;
  /** Children of the few hub notes, largest first; a hub lives in each of the first notebooks. */
  readonly hubChildren: readonly number[];
  /** One focus note per entry, with that many children and that many referring notes. */
  readonly fanOuts: readonly number[];
}

export interface GeneratedNotebooks {
  readonly fixture: Fixture;
  /** Ids of the visible notes of the ordinary notebooks, to draw random focus notes from. */
  readonly ordinaryIds: readonly number[];
  /** The fan-out focus notes, in the order of `settings.fanOuts`. */
  readonly fanOutFoci: readonly { readonly fanOut: number; readonly id: number }[];
  /** The hub notes, with their children counts. */
  readonly hubs: readonly { readonly children: number; readonly id: number }[];
}

const MAX_DEPTH = 10;
const REIFIED_SHARE = 0.1;
/** Of the reifications, the share whose object is one of the few popular notes. */
const POPULAR_OBJECT_SHARE = 0.5;
const POPULAR_OBJECTS = 12;
const DELETED_SHARE = 0.01;
const CJK_SHARE = 0.08;
const NO_DETAILS_SHARE = 0.15;
/** Details lengths are log-normal: median a few hundred characters, a tail past 10,000. */
const DETAILS_MEDIAN = 300;
const DETAILS_SIGMA = 1.25;

const WORDS = (
  'note context graph energy rocket water element budget token parent child sibling object ' +
  'reify relation notebook memory review spaced repetition question answer quiz link cousin ' +
  'ancestor path summary idea concept theory practice example proof lemma definition history ' +
  'language grammar verb noun adjective story chapter scene character plot theme symbol ' +
  'function variable type module interface class method test property invariant order tier'
).split(' ');
const CJK = '知识笔记上下文图谱能量火箭水元素预算父子兄弟对象关系笔记本记忆复习问题答案测验链接祖先路径摘要想法概念理论实践例子证明定义历史语言语法故事章节人物主题符号函数变量类型模块接口方法测试性质顺序';

/**
 * Makes the same notebooks for the same settings: notes in a tree per notebook up to depth 10,
 * children per note heavy-tailed (preferential attachment, plus a few hubs with thousands), ~10%
 * reifications whose objects are anywhere (a dozen popular ones take thousands), details
 * log-normal in length with some CJK, ~1% deleted. Then one notebook of fan-out foci.
 */
export function generateNotebooks(settings: GeneratorSettings): GeneratedNotebooks {
  const rng = xoroshiro128plus(settings.seed);
  const random = () => uniformFloat64(rng);
  const pick = <T>(items: readonly T[]): T => items[uniformInt(rng, 0, items.length - 1)]!;
  const text = new TextMaker(random, pick);

  // Notes are adjusted after they are made (objects, the fan-out foci's titles).
  type Draft = { -readonly [K in keyof NoteData]: NoteData[K] };
  const drafts: Draft[] = [];
  const childCount = new Map<number, number>();
  const addNote = (notebookId: number, parentId: number | undefined): Draft => {
    const order = parentId === undefined ? 0 : (childCount.get(parentId) ?? 0);
    if (parentId !== undefined) childCount.set(parentId, order + 1);
    const draft: Draft = {
      id: drafts.length + 1,
      title: text.title(),
      ...(text.details() ?? {}),
      ...(parentId !== undefined && { parentId }),
      // Doughnut spaces sibling orders out so a note can be inserted between two.
      siblingOrder: order * 1000,
      notebookId,
      ...(random() < DELETED_SHARE && parentId !== undefined && { deletedAt: '2026-01-01T00:00:00Z' }),
    };
    drafts.push(draft);
    return draft;
  };

  const notebooks: Notebook[] = [];
  const hubs: { children: number; id: number }[] = [];
  const sizes = notebookSizes(settings);
  for (let index = 0; index < settings.notebooks; index++) {
    const notebookId = index + 1;
    notebooks.push({ id: notebookId, name: `Notebook ${notebookId}: ${text.title()}` });
    const root = addNote(notebookId, undefined);
    const depth = new Map<number, number>([[root.id, 0]]);
    // Preferential attachment: a note is drawn once for being there and once per child it has,
    // which gives the heavy tail of children per note that real notebooks show.
    const tickets: number[] = [root.id];
    const hubSize = settings.hubChildren[index] ?? 0;
    let hub: Draft | undefined;
    const size = sizes[index]!;
    for (let made = 1; made < size; made++) {
      let parentId: number;
      if (hub && (childCount.get(hub.id) ?? 0) < hubSize && random() < hubSize / size) {
        parentId = hub.id;
      } else {
        do parentId = pick(tickets);
        while ((depth.get(parentId) ?? 0) >= MAX_DEPTH);
      }
      const note = addNote(notebookId, parentId);
      depth.set(note.id, (depth.get(parentId) ?? 0) + 1);
      tickets.push(note.id, parentId);
      if (!hub && hubSize > 0 && depth.get(note.id) === 2) {
        hub = note;
        hubs.push({ children: 0, id: note.id });
      }
    }
    if (hub) hubs[hubs.length - 1] = { children: childCount.get(hub.id) ?? 0, id: hub.id };
  }
  const ordinaryCount = drafts.length;

  // Reifications point anywhere, earlier or later notes, in any notebook.
  const popular = Array.from({ length: POPULAR_OBJECTS }, () => uniformInt(rng, 1, ordinaryCount));
  for (const draft of drafts) {
    if (draft.parentId === undefined || random() >= REIFIED_SHARE) continue;
    // Zipf-like: the first popular note is drawn about twice as often as the second, and so on.
    draft.objectId =
      random() < POPULAR_OBJECT_SHARE
        ? popular[Math.min(POPULAR_OBJECTS - 1, Math.floor(-Math.log2(random())))]!
        : uniformInt(rng, 1, ordinaryCount);
    if (draft.objectId === draft.id) delete draft.objectId;
  }

  // The fan-out notebook: each focus has N children and N notes referring to it, the latter kept
  // under containers of 100 so that no other note becomes a hub.
  const fanOutNotebook = settings.notebooks + 1;
  notebooks.push({ id: fanOutNotebook, name: 'Fan-out' });
  const fanRoot = addNote(fanOutNotebook, undefined);
  const fanOutFoci: { fanOut: number; id: number }[] = [];
  for (const fanOut of settings.fanOuts) {
    const focus = addNote(fanOutNotebook, fanRoot.id);
    delete focus.deletedAt;
    focus.title = `Hub with ${fanOut} children and ${fanOut} referrings`;
    fanOutFoci.push({ fanOut, id: focus.id });
    for (let index = 0; index < fanOut; index++) addNote(fanOutNotebook, focus.id);
    const references = addNote(fanOutNotebook, fanRoot.id);
    let container = references;
    for (let index = 0; index < fanOut; index++) {
      if (index % 100 === 0) container = addNote(fanOutNotebook, references.id);
      addNote(fanOutNotebook, container.id).objectId = focus.id;
    }
  }

  const deleted = new Set(drafts.filter((draft) => draft.deletedAt !== undefined).map((draft) => draft.id));
  return {
    fixture: { notebooks, notes: drafts },
    ordinaryIds: drafts.slice(0, ordinaryCount).flatMap((draft) => (deleted.has(draft.id) ? [] : [draft.id])),
    fanOutFoci,
    hubs,
  };
}

/** A hub's notebook is big enough for its hub; the other notebooks share the rest evenly. */
function notebookSizes({ notes, notebooks, hubChildren }: GeneratorSettings): number[] {
  const hubSizes = hubChildren.slice(0, notebooks).map((children) => Math.ceil(children * 1.5));
  const rest = notes - hubSizes.reduce((sum, size) => sum + size, 0);
  const others = notebooks - hubSizes.length;
  if (others < 1 || rest < others * 10) throw new Error('too few notes for the hubs asked for');
  return Array.from({ length: notebooks }, (_, index) =>
    index < hubSizes.length ? hubSizes[index]! : Math.floor(rest / others) + (index === notebooks - 1 ? rest % others : 0),
  );
}

/** Titles and details from a small vocabulary, some in CJK (also used by generate-hub-heavy-notebook.ts). */
export class TextMaker {
  constructor(
    private readonly random: () => number,
    private readonly pick: <T>(items: readonly T[]) => T,
  ) {}

  title(): string {
    if (this.random() < CJK_SHARE) return this.cjk(2 + Math.floor(this.random() * 8));
    const words = 1 + Math.floor(this.random() * 5);
    const title = Array.from({ length: words }, () => this.pick(WORDS)).join(' ');
    return title[0]!.toUpperCase() + title.slice(1);
  }

  /** `{ details }`, or nothing for the notes that have none. */
  details(): { details: string } | undefined {
    if (this.random() < NO_DETAILS_SHARE) return undefined;
    const length = Math.max(1, Math.round(DETAILS_MEDIAN * Math.exp(DETAILS_SIGMA * this.normal())));
    if (this.random() < CJK_SHARE) return { details: this.cjk(Math.ceil(length / 3)) };
    const parts: string[] = [];
    let size = 0;
    while (size < length) {
      const word = this.pick(WORDS);
      parts.push(word);
      size += word.length + 1;
    }
    return { details: `${parts.join(' ').slice(0, length)}.` };
  }

  private cjk(length: number): string {
    let out = '';
    for (let index = 0; index < length; index++) out += CJK[Math.floor(this.random() * CJK.length)];
    return out;
  }

  /** A standard normal draw (Box–Muller). */
  private normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.random())) * Math.cos(2 * Math.PI * this.random());
  }
}
