import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anchorOf, brokenLinks, linkTargets } from './doc-links';

describe('documentation links', () => {
  it('every relative link of README.md and docs/*.md resolves inside the repository', () => {
    expect(brokenLinks()).toEqual([]);
  });

  it('finds links and images, not code, and names each broken one', () => {
    expect(linkTargets('see [a](docs/a.md#x) ![i](img.png) `[no](code.md)`\n```\n[no](block.md)\n```')).toEqual([
      'docs/a.md#x',
      'img.png',
    ]);
    expect(anchorOf('Answer rules: formats and conditions')).toBe('answer-rules-formats-and-conditions');
    const root = mkdtempSync(join(tmpdir(), 'doc-links-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'a.md'), '# Title\n');
    writeFileSync(
      join(root, 'README.md'),
      '[ok](docs/a.md#title) [web](https://example.com) [gone](docs/b.md) [out](../shared/spec.md) [anchor](docs/a.md#nope)',
    );
    expect(brokenLinks(root)).toEqual([
      'README.md: docs/b.md does not exist',
      'README.md: ../shared/spec.md leaves the repository',
      'README.md: docs/a.md#nope names no heading',
    ]);
  });
});
