import { describe, expect, it } from 'vitest';
import { postLoginTarget } from './navigation.js';

describe('postLoginTarget', () => {
  it('accepts only paths on this site', () => {
    expect(postLoginTarget('/orgs?x=1')).toBe('/orgs?x=1');
    expect(postLoginTarget(null)).toBe('/projects');
    expect(postLoginTarget('https://evil.example/')).toBe('/projects');
    expect(postLoginTarget('//evil.example/')).toBe('/projects');
    expect(postLoginTarget('/\\evil.example')).toBe('/projects');
    expect(postLoginTarget('/\t/evil.example')).toBe('/projects');
  });
});
