import { expect, it } from 'vitest';
import { RecentCounts } from '../src/budget/make-linear-counter.js';

it('RecentCounts remembers at most two generations of keys, keeping the ones looked up again', () => {
  const counted: string[] = [];
  const memo = new RecentCounts(2);
  const get = (key: string) => memo.get(key, (text) => (counted.push(text), text.length));
  for (const key of ['a', 'bb', 'a', 'ccc', 'a', 'dddd', 'eeeee', 'a', 'bb']) get(key);
  // 'a' moves to the newer generation whenever it is found in the older; 'bb' was dropped.
  expect(counted).toEqual(['a', 'bb', 'ccc', 'dddd', 'eeeee', 'bb']);
  expect(get('eeeee')).toBe(5);
});
