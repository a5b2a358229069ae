import { describe, expect, it } from 'vitest';
import { PartCache } from './part-cache.js';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('PartCache', () => {
  it('keeps parts up to its size, dropping the least recently used first', () => {
    const cache = new PartCache(100);
    cache.set('a', bytes(40, 1));
    cache.set('b', bytes(40, 2));
    expect(cache.get('a')?.[0]).toBe(1); // a is now the most recently used
    cache.set('c', bytes(40, 3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.[0]).toBe(1);
    expect(cache.get('c')?.[0]).toBe(3);
    expect(cache.size).toBe(80);
  });

  it('keeps no part larger than its whole size, and counts a part set twice once', () => {
    const cache = new PartCache(100);
    cache.set('a', bytes(30));
    cache.set('huge', bytes(101));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    cache.set('a', bytes(30));
    expect(cache.size).toBe(30);
  });
});
