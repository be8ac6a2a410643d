/**
 * Every relative link of README.md and docs/*.md must resolve inside the repository: a file that exists (and, for
 * `#anchor` links into a Markdown file, a heading that makes that anchor). Checked by scripts/doc-links.spec.ts;
 * run by hand with `npx ts-node scripts/doc-links.ts`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

/** The Markdown files whose links are checked. */
export function documentedFiles(root = ROOT): string[] {
  const docs = join(root, 'docs');
  return [
    join(root, 'README.md'),
    ...readdirSync(docs)
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(docs, name)),
  ];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) anchors.add(anchorOf(match[1]));
  return anchors;
}

/** Link targets of a Markdown text (inline links and images), code blocks and code spans left out. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
}

/** One line per link that does not resolve inside the repository; none when all do. */
export function brokenLinks(root = ROOT): string[] {
  const problems: string[] = [];
  for (const file of documentedFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const target of linkTargets(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ...
      const [path, anchor] = target.split('#', 2);
      const resolved = path ? resolve(dirname(file), decodeURI(path)) : file;
      const where = `${relative(root, file)}: ${target}`;
      if (relative(root, resolved).startsWith('..')) problems.push(`${where} leaves the repository`);
      else if (!existsSync(resolved)) problems.push(`${where} does not exist`);
      else if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md')) {
        if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) problems.push(`${where} names no heading`);
      }
    }
  }
  return problems;
}

if (require.main === module) {
  const problems = brokenLinks();
  process.stdout.write(problems.length ? `${problems.join('\n')}\n` : 'every link resolves\n');
  process.exitCode = problems.length ? 1 : 0;
}
