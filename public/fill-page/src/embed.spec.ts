import { targetOrigins } from './embed';

describe('embedding: where the page posts its messages', () => {
  const allowed = ['https://portal.example.com', 'https://app.example.org'];

  it('posts to the parent only when it is an allowed origin', () => {
    expect(targetOrigins(allowed, 'https://app.example.org')).toEqual(['https://app.example.org']);
    expect(targetOrigins(allowed, 'https://evil.example.net')).toEqual([]);
  });

  it('without a known parent, targets each allowed origin (never "*")', () => {
    expect(targetOrigins(allowed, null)).toEqual(allowed);
    expect(targetOrigins([], null)).toEqual([]);
  });
});
