import { vi } from 'vitest';

/** An answer of the server in a page test: a status and a JSON body, or a network failure. */
export type Answer = { status: number; body: unknown } | 'network';

/**
 * Answers the page's calls with `next()` (then `fallback`) and answers the URLs called: how a list page is shown a
 * 500, a 426 or a lost network without a server that fails on cue.
 */
export function stubAnswers(next: () => Answer | undefined, fallback: Answer): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    const answer = next() ?? fallback;
    if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }),
    );
  });
  return calls;
}
