/** An encoding's ranks as gpt-tokenizer takes them: by rank, a string or the bytes of a token. */
export type RankData = readonly (string | readonly number[])[];

const LONE_SURROGATE = /\p{Cs}/u;
const ASCII = /^[\x00-\x7f]*$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const BOM = '\xef\xbb\xbf';
/** Pairs of tokens whose rank is remembered, direct-mapped (a power of two). */
const PAIRS_REMEMBERED = 1 << 18;

/**
 * The ranks of one encoding, found from bytes as gpt-tokenizer finds them (valid UTF-8 decoded, one leading BOM
 * dropped, else the byte-array tokens): keyed by the UTF-8 of string tokens and the bytes of byte-array tokens
 * that are no valid UTF-8. Tokens with lone surrogates have no UTF-8: only a whole chunk can equal one.
 */
export class RankTable {
  private static readonly made = new WeakMap<RankData, RankTable>();
  private readonly byBytes = new Map<string, number>();
  private readonly illFormed = new Map<string, number>();
  private readonly maxKeyBytes: number;
  // A pair's rank is a function of its parts' tokens unless a part starts with a BOM. Recent pairs
  // are remembered across chunks: a run of one character meets few pairs, thousands of times.
  private readonly pairLeft = new Int32Array(PAIRS_REMEMBERED).fill(-2); // -1 is no token
  private readonly pairRight = new Int32Array(PAIRS_REMEMBERED);
  private readonly pairRanks = new Int32Array(PAIRS_REMEMBERED);
  private readonly byteRanks = new Int32Array(256);

  /** The table of `ranks`, made once. */
  static of(ranks: RankData): RankTable {
    let table = RankTable.made.get(ranks);
    if (!table) RankTable.made.set(ranks, (table = new RankTable(ranks)));
    return table;
  }

  private constructor(ranks: RankData) {
    let maxKeyBytes = 0;
    // As the library's forEach: holes skipped, a later string token wins over an equal earlier one.
    ranks.forEach((token, rank) => {
      let key: string;
      if (typeof token === 'string') {
        if (ASCII.test(token)) key = token; // its own UTF-8, one char a byte
        else if (LONE_SURROGATE.test(token)) {
          this.illFormed.set(token, rank);
          return;
        } else key = Buffer.from(token, 'utf8').toString('latin1');
      } else {
        const bytes = Uint8Array.from(token);
        if (isValidUtf8(bytes)) return;
        key = Buffer.from(bytes).toString('latin1');
      }
      this.byBytes.set(key, rank);
      maxKeyBytes = Math.max(maxKeyBytes, key.length);
    });
    this.maxKeyBytes = maxKeyBytes;
    for (let byte = 0; byte < 256; byte++) this.byteRanks[byte] = this.byBytes.get(String.fromCharCode(byte)) ?? -1;
  }

  /** The rank of one byte alone, or -1 (what {@link rankOf} finds for a span of that one byte). */
  byteRank(byte: number): number {
    return this.byteRanks[byte]!;
  }

  /** The token a whole chunk is, or -1; `bytes` is the chunk's UTF-8 as a binary string. */
  chunkRank(chunk: string, bytes: string): number {
    if (LONE_SURROGATE.test(chunk)) return this.illFormed.get(chunk) ?? -1;
    // A well-formed chunk equals a string token exactly when its UTF-8 is that token's key.
    return this.byBytes.get(bytes) ?? -1;
  }

  /** The rank the library finds for `bytes[start, end)`, or -1; `bytes` is valid UTF-8, one char a byte. */
  rankOf(bytes: string, start: number, end: number): number {
    if (end - start > this.maxKeyBytes + BOM.length) return -1;
    // A span that starts with a BOM starts at a character, so it is valid UTF-8 when it ends at one.
    if (startsWithBom(bytes, start) && (end === bytes.length || (bytes.charCodeAt(end) & 0xc0) !== 0x80)) start += BOM.length;
    if (end - start > this.maxKeyBytes) return -1;
    return this.byBytes.get(bytes.slice(start, end)) ?? -1;
  }

  /** {@link rankOf} for `bytes[start, end)` made of tokens `left` (at `start`) and `right` (at `rightStart`). */
  pairRank(left: number, right: number, bytes: string, start: number, rightStart: number, end: number): number {
    const slot = (Math.imul(left, 0x9e3779b1) + right) & (PAIRS_REMEMBERED - 1);
    if (this.pairLeft[slot] === left && this.pairRight[slot] === right) return this.pairRanks[slot]!;
    const rank = this.rankOf(bytes, start, end);
    if (left >= 0 && right >= 0 && !startsWithBom(bytes, start) && !startsWithBom(bytes, rightStart)) {
      this.pairLeft[slot] = left;
      this.pairRight[slot] = right;
      this.pairRanks[slot] = rank;
    }
    return rank;
  }
}

const startsWithBom = (bytes: string, at: number) => bytes.charCodeAt(at) === 0xef && bytes.startsWith(BOM, at);

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
