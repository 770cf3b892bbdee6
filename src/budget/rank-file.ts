import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RankData } from './rank-table.js';

// gpt-tokenizer ships each encoding's ranks as a JavaScript array literal (o200k: 200,000 strings)
// whose import costs twice as much CPU as splitting them out of one UTF-16 string, compile cache or
// not. So the package's build writes them to rank files (dist/budget/*.ranks). A file carries the
// SHA-256 of the library's module it was made from (another gpt-tokenizer never reads it) and of its
// data (a damaged file is never used); without a usable file the library's module is imported.

const MAGIC = 'note-context bpe ranks 1\n';

interface Header {
  /** SHA-256 of the library's module the ranks were taken from. */
  readonly source: string;
  readonly count: number;
  /** The code unit between two tokens, one no string token holds. */
  readonly separator: number;
  /** The tokens that are bytes, not strings: [rank, bytes]; empty between separators. */
  readonly bytes: readonly (readonly [number, readonly number[]])[];
  /** SHA-256 of the data after the header: the tokens in UTF-16LE. */
  readonly data: string;
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const sourceOf = (moduleUrl: string) => sha256(readFileSync(fileURLToPath(moduleUrl)));

/** The ranks in `file`, equal to those of gpt-tokenizer's module `moduleUrl`; undefined for no, a damaged or another module's file. */
export function readRankFile(file: URL, moduleUrl: string): RankData | undefined {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch {
    return undefined;
  }
  try {
    return readRanks(content, sourceOf(moduleUrl));
  } catch {
    return undefined; // a header that is not JSON, or a library module that cannot be read
  }
}

/** Writes the rank file of `ranks`, the default export of gpt-tokenizer's module `moduleUrl`, to `file`. */
export function writeRankFile(file: URL, moduleUrl: string, ranks: RankData): void {
  const content = fileContent(sourceOf(moduleUrl), ranks);
  if (!content) throw new Error(`${moduleUrl}: ranks with a hole, an empty token or every code unit have no rank file`);
  writeFileSync(file, content);
}

function readRanks(content: Buffer, source: string): RankData | undefined {
  if (content.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const headerEnd = content.indexOf(0x0a, MAGIC.length);
  if (headerEnd < 0) return undefined;
  const header = JSON.parse(content.toString('utf8', MAGIC.length, headerEnd)) as Header;
  const data = content.subarray(headerEnd + 1);
  if (header.source !== source || sha256(data) !== header.data) return undefined;
  const ranks: (string | readonly number[])[] = data.toString('utf16le').split(String.fromCharCode(header.separator));
  if (ranks.length !== header.count) return undefined;
  for (const [rank, bytes] of header.bytes) {
    if (ranks[rank] !== '') return undefined;
    ranks[rank] = bytes;
  }
  return ranks;
}

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
  const header: Header = { source, count: ranks.length, separator, bytes, data: sha256(data) };
  let head = MAGIC + JSON.stringify(header);
  // The data starts at an even offset, so that it decodes from UTF-16 without a copy.
  if ((Buffer.byteLength(head) + 1) % 2 !== 0) head += ' ';
  return Buffer.concat([Buffer.from(`${head}\n`), data]);
}
