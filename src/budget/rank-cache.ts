import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// gpt-tokenizer ships each encoding's ranks as a JavaScript array literal (o200k: 2.4 MB, 200,000
// strings). Node compiles that module on every start (~60 ms for o200k, and Node 20 keeps no
// compile cache for ES modules), while splitting the same strings out of one UTF-16 string takes
// ~15 ms. So the first process that counts with an encoding writes its ranks, taken from
// gpt-tokenizer's own module, into a cache file, and later processes read them from there. The
// file is named after the SHA-256 of the library's module, so another version or a patched copy
// of gpt-tokenizer never reads ranks that are not its own, and it carries the SHA-256 of its own
// data, so a damaged file is never used. Any failure (no home directory, a directory that cannot
// be written, a damaged file) only means the library's module is imported, as without a cache.

/** An encoding's ranks as gpt-tokenizer takes them: by rank, a string or the bytes of a token. */
export type RankData = readonly (string | readonly number[])[];

const MAGIC = 'note-context bpe ranks 1\n';

interface Header {
  readonly source: string;
  readonly count: number;
  /** The code unit between two tokens, one no string token holds. */
  readonly separator: number;
  /** The tokens that are bytes, not strings: [rank, bytes]; empty between separators. */
  readonly bytes: readonly (readonly [number, readonly number[]])[];
  /** SHA-256 of the data after the header: the tokens in UTF-16LE. */
  readonly data: string;
}

/**
 * Where ranks are cached: `$NOTE_CONTEXT_CACHE_DIR` (empty: no cache), else
 * `$XDG_CACHE_HOME/note-context`, else `~/.cache/note-context`.
 */
export function rankCacheDirectory(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const own = env.NOTE_CONTEXT_CACHE_DIR;
  if (own !== undefined) return own === '' ? undefined : own;
  try {
    return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'note-context');
  } catch {
    return undefined;
  }
}

/**
 * The ranks of gpt-tokenizer's module `moduleUrl` (as `import.meta.resolve` gives it), equal
 * element by element to what `importModule` resolves to: read from the cache in `directory`
 * (see {@link rankCacheDirectory}; undefined: no cache) when it holds them, else imported and,
 * if they can be, written there for the next process.
 */
export async function cachedRanks(
  moduleUrl: string,
  importModule: () => Promise<{ default: RankData }>,
  directory: string | undefined,
): Promise<RankData> {
  let file: string | undefined;
  let source: string | undefined;
  try {
    if (directory !== undefined) {
      source = createHash('sha256').update(readFileSync(fileURLToPath(moduleUrl))).digest('hex');
      file = join(directory, `${moduleUrl.replace(/^.*\//, '').replace(/\.[^.]*$/, '')}-${source.slice(0, 32)}.ranks`);
      const cached = readRanks(readFileSync(file), source);
      if (cached) return cached;
    }
  } catch {
    // No cache file yet, or the library's module cannot be read: import it.
  }
  const ranks = (await importModule()).default;
  if (file !== undefined && source !== undefined) writeRanks(file, source, ranks);
  return ranks;
}

/** The ranks in `content`, or undefined unless it is a whole, undamaged file made from `source`. */
function readRanks(content: Buffer, source: string): RankData | undefined {
  if (content.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const headerEnd = content.indexOf(0x0a, MAGIC.length);
  if (headerEnd < 0) return undefined;
  const header = JSON.parse(content.toString('utf8', MAGIC.length, headerEnd)) as Header;
  const data = content.subarray(headerEnd + 1);
  if (header.source !== source || createHash('sha256').update(data).digest('hex') !== header.data) return undefined;
  const ranks: (string | readonly number[])[] = data.toString('utf16le').split(String.fromCharCode(header.separator));
  if (ranks.length !== header.count) return undefined;
  for (const [rank, bytes] of header.bytes) {
    if (ranks[rank] !== '') return undefined;
    ranks[rank] = bytes;
  }
  return ranks;
}

/**
 * Writes `ranks` to `file` (whole or not at all); does nothing if they cannot be cached there. A
 * directory that cannot be written costs a failed call, not the making of the file's content.
 */
function writeRanks(file: string, source: string, ranks: RankData): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  let fd: number;
  try {
    mkdirSync(dirname(file), { recursive: true });
    // A new file only: never one that is there already (or a link someone left in its place).
    fd = openSync(temporary, 'wx', 0o644);
  } catch {
    return;
  }
  let written = false;
  try {
    const content = fileContent(source, ranks);
    if (content) {
      writeFileSync(fd, content);
      written = true;
    }
  } catch {
    // The disk is full, or the like: no cache.
  } finally {
    closeSync(fd);
  }
  try {
    // Readers see the old file or the whole new one, never a part.
    if (written) renameSync(temporary, file);
    else rmSync(temporary, { force: true });
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was left behind, or nothing can be done about it.
    }
  }
}

/** The cache file of `ranks`, or undefined if they have no place in one. */
function fileContent(source: string, ranks: RankData): Buffer | undefined {
  const strings: string[] = [];
  const bytes: [number, readonly number[]][] = [];
  const used = new Uint8Array(0x10000);
  for (let rank = 0; rank < ranks.length; rank++) {
    // The library skips holes and would find an empty string: neither has a place in the file.
    if (!(rank in ranks)) return undefined;
    const token = ranks[rank]!;
    if (typeof token === 'string') {
      if (token === '') return undefined;
      for (let i = 0; i < token.length; i++) used[token.charCodeAt(i)] = 1;
      strings.push(token);
    } else {
      bytes.push([rank, [...token]]);
      strings.push('');
    }
  }
  const separator = used.indexOf(0, 1);
  if (separator < 0) return undefined;
  const data = Buffer.from(strings.join(String.fromCharCode(separator)), 'utf16le');
  const header: Header = { source, count: ranks.length, separator, bytes, data: createHash('sha256').update(data).digest('hex') };
  let head = MAGIC + JSON.stringify(header);
  // The data starts at an even offset, so that it decodes from UTF-16 without a copy.
  if ((Buffer.byteLength(head) + 1) % 2 !== 0) head += ' ';
  return Buffer.concat([Buffer.from(`${head}\n`), data]);
}
