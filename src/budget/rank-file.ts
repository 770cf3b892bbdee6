import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { endianness } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BpeEncoding, BpeEncodingData } from './make-linear-counter.js';
import { RankTable, type RankData, type RankTableData } from './rank-table.js';

// gpt-tokenizer's ranks are a JavaScript array literal made into a Map: ~200 ms a process. So the build writes each rank
// table to a file (dist/budget/*.ranks) whose typed arrays are used as read. A file carries the SHA-256 of the library's
// module it was made from and of its data, so another gpt-tokenizer or a damaged file falls back to the module.

const MAGIC = 'note-context bpe rank table 2\n';

interface Header extends Pick<RankTableData, 'maxKeyBytes' | 'illFormed'> {
  /** SHA-256 of the library's module the ranks were taken from. */
  readonly source: string;
  /** The typed arrays' byte order. */
  readonly endianness: 'LE' | 'BE';
  readonly slots: number;
  readonly count: number;
  readonly keyBytes: number;
  /** SHA-256 of the header's other fields (their JSON) and the data after the header: the slots, the offsets, then the keys. */
  readonly data: string;
}

const digest = (fields: Omit<Header, 'data'>, data: Uint8Array) => createHash('sha256').update(JSON.stringify(fields)).update(data).digest('hex');

/** SHA-256 of the module, read through a small buffer: reading it whole into a new one took twice as long. */
function sourceOf(moduleUrl: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1 << 16);
  const fd = openSync(fileURLToPath(moduleUrl), 'r');
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** The table in `file`, equal to that of gpt-tokenizer's module `moduleUrl`; undefined for no, a damaged or another module's file. */
function readRankFile(file: URL, moduleUrl: string): RankTable | undefined {
  try {
    const content = readFileSync(file);
    const source = sourceOf(moduleUrl);
    if (content.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
    const headerEnd = content.indexOf(0x0a, MAGIC.length);
    if (headerEnd < 0) return undefined;
    const { data: dataDigest, ...fields } = JSON.parse(content.toString('utf8', MAGIC.length, headerEnd)) as Header;
    let data: Uint8Array = content.subarray(headerEnd + 1);
    const { slots, count, keyBytes } = fields;
    if (fields.source !== source || fields.endianness !== endianness() || digest(fields, data) !== dataDigest) return undefined;
    if (data.byteOffset % 4 !== 0) data = new Uint8Array(data); // a copy: Buffer.slice would be a view
    const at = (offset: number) => data.byteOffset + offset;
    return new RankTable({
      slots: new Uint32Array(data.buffer, at(0), slots),
      offsets: new Uint32Array(data.buffer, at(4 * slots), count + 1),
      keys: new Uint8Array(data.buffer, at(4 * (slots + count + 1)), keyBytes),
      maxKeyBytes: fields.maxKeyBytes,
      illFormed: fields.illFormed,
    });
  } catch {
    return undefined; // no file, a header that is not JSON, or a library module that cannot be read
  }
}

/** Writes the rank file of `ranks`, the default export of gpt-tokenizer's module `moduleUrl`, to `file`. */
function writeRankFile(file: URL, moduleUrl: string, ranks: RankData): void {
  const { slots, offsets, keys, maxKeyBytes, illFormed } = RankTable.fromRanks(ranks).data;
  const data = Buffer.concat([bytesOf(slots), bytesOf(offsets), keys]);
  const fields = { source: sourceOf(moduleUrl), endianness: endianness(), slots: slots.length, count: ranks.length, keyBytes: keys.length, maxKeyBytes, illFormed };
  let head = MAGIC + JSON.stringify({ ...fields, data: digest(fields, data) } satisfies Header);
  // The data starts at a multiple of 4, so that its typed arrays are views of the file as read.
  while ((Buffer.byteLength(head) + 1) % 4 !== 0) head += ' ';
  writeFileSync(file, Buffer.concat([Buffer.from(`${head}\n`), data]));
}

/** A rank table's file: the build writes one per encoding, the encoding's module reads it. */
export const RankFile = { read: readRankFile, write: writeRankFile } as const;

/** gpt-tokenizer's encoding `name`, its table from the build's rank file beside this module, else from the library's ranks (`load`). */
export async function loadEncoding(name: BpeEncoding, split: RegExp, load: () => Promise<{ default: RankData }>): Promise<BpeEncodingData> {
  const base = `${name}_base`;
  const table = readRankFile(new URL(`./${base}.ranks`, import.meta.url), import.meta.resolve(`gpt-tokenizer/bpeRanks/${base}`));
  return { name, split, table: table ?? RankTable.fromRanks((await load()).default) };
}

const bytesOf = (array: Uint32Array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
