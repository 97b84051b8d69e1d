/**
 * A component must not render English written into it: every text node and every human-read attribute
 * (aria-label, placeholder, title, alt, label) comes from the message catalogs. Scans every .tsx and .astro file
 * under src/ with the TypeScript parser (JSX) or, for .astro markup, after removing frontmatter, scripts and styles.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('src');
const READ_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label', 'aria-roledescription']);
/** Words that are not English to translate: the brand and fixed technical tokens. */
const ALLOWED = [/^Bharat Square$/, /^(?:b|u)\/$/, /^OTP$/, /^(?:JPG|PNG|GIF|MP4|WebP)$/, /^carousel$/, /^slide$/];

/**
 * Screens whose text still waits for the catalogs. The list only shrinks: a file that no longer holds a literal
 * string must leave it (the last test checks that), and no file may join it.
 */
const NOT_YET_TRANSLATED = new Set<string>([]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(tsx|astro)$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

const isWords = (text: string) => /[A-Za-z]{2,}/.test(text) && !ALLOWED.some((pattern) => pattern.test(text.trim()));

function literalsInTsx(source: string, file: string): string[] {
  const found: string[] = [];
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isWords(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(sourceFile))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value) && isWords(value.text)) found.push(`${node.name.getText(sourceFile)}="${value.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function literalsInAstro(source: string): string[] {
  const markup = source
    .replace(/^---[\s\S]*?\n---/, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  // Expressions ({...}, nested at any depth) are code, not text: blank them out.
  let depth = 0;
  let text = '';
  for (const char of markup) {
    if (char === '{') depth += 1;
    if (depth === 0) text += char;
    else text += char === '\n' ? '\n' : ' ';
    if (char === '}') depth = Math.max(0, depth - 1);
  }
  const texts = [...text.matchAll(/>([^<>]+)</g)].map((m) => m[1].trim()).filter(isWords);
  const attributes = [...text.matchAll(/\s([a-z-]+)="([^"]*)"/g)]
    .filter(([, name, value]) => READ_ATTRIBUTES.has(name) && isWords(value))
    .map(([, name, value]) => `${name}="${value}"`);
  return [...texts, ...attributes];
}

/** The content editor (src/editor) is an editor's tool inside `astro dev`, never served to members: English, like docs/editing-pages.md. */
const EDITORS_TOOL = /^editor\//;

const files = filesUnder(ROOT)
  .filter((file) => !EDITORS_TOOL.test(path.relative(ROOT, file).split(path.sep).join('/')))
  .map((file) => {
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    const source = readFileSync(file, 'utf8');
    return { relative, literals: file.endsWith('.tsx') ? literalsInTsx(source, file) : literalsInAstro(source) };
  });

describe('no English written into components', () => {
  it('finds literals when there are some (the scanner works)', () => {
    expect(literalsInTsx('const a = <p title="Hello there">Hello world</p>;', 'x.tsx')).toEqual(['title="Hello there"', 'Hello world']);
    expect(literalsInAstro('---\nconst x = 1;\n---\n<p aria-label="Close it">{t("a")}</p><span>Plain words</span>')).toEqual([
      'Plain words',
      'aria-label="Close it"',
    ]);
    expect(literalsInTsx('const a = <p>{t("x")} Bharat Square</p>;', 'x.tsx')).toEqual([]);
  });

  it.each(files.filter((f) => !NOT_YET_TRANSLATED.has(f.relative)).map((f) => [f.relative, f.literals] as const))(
    '%s takes its text from the catalogs',
    (_file, literals) => {
      expect(literals).toEqual([]);
    },
  );

  it('lists as not yet translated only files that still hold English', () => {
    const translatedAlready = files.filter((f) => NOT_YET_TRANSLATED.has(f.relative) && f.literals.length === 0).map((f) => f.relative);
    expect(translatedAlready).toEqual([]);
    const missing = [...NOT_YET_TRANSLATED].filter((name) => !files.some((f) => f.relative === name));
    expect(missing).toEqual([]);
  });
});
