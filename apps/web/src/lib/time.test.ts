import { describe, expect, it } from 'vitest';
import { relativeTime } from './time';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('speaks English from years down to seconds', () => {
    expect(relativeTime(ago(0), now)).toBe('now');
    expect(relativeTime(ago(42), now)).toBe('42 seconds ago');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(10 * 24 * 3600), now)).toBe('last week');
    expect(relativeTime(ago(70 * 24 * 3600), now)).toBe('2 months ago');
    expect(relativeTime(ago(800 * 24 * 3600), now)).toBe('2 years ago');
  });
});
