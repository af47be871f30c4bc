import { describe, expect, it } from 'vitest';
import { explanationHeaders } from './explanation';

describe('explanationHeaders', () => {
  it('percent-encodes free text so any language fits a header, and leaves empty parts out', () => {
    expect(
      explanationHeaders({ reason: ' Spam / Unwanted ', reasonId: 'spam', note: 'déjà vu — 2×' }),
    ).toEqual({
      'x-console-reason': 'Spam%20%2F%20Unwanted',
      'x-console-reason-id': 'spam',
      'x-console-note': 'd%C3%A9j%C3%A0%20vu%20%E2%80%94%202%C3%97',
    });
    expect(explanationHeaders({ reason: '  ', note: '' })).toEqual({
      'x-console-reason': undefined,
      'x-console-reason-id': undefined,
      'x-console-note': undefined,
    });
    expect(explanationHeaders()).toEqual(explanationHeaders({}));
  });
});
