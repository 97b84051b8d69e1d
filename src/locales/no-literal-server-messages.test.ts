/**
 * The server writes no English for people to read: every message an answer carries is a catalog key with its
 * parameters (platform/errors.ts `say`), worded in the reader's language as the answer is sent. This scans the server's
 * sources for sentences handed to the error helpers (detail, notFound, forbidden, fieldErrors, tooManyRequests,
 * serviceUnavailable, HttpError) and for message constants written in English.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };

const ROOT = path.resolve('src/server');
const HELPERS = new Set(['detail', 'notFound', 'forbidden', 'fieldErrors', 'tooManyRequests', 'serviceUnavailable']);
/** A sentence: a capital, words, and an end mark. Log lines and identifiers are not sentences. */
const SENTENCE = /^[A-Z][a-z]+[ ,'’a-z-]* [a-z].*[.!?]$/;

/**
 * Framework answers matched against the catalog by their English (http/error-messages.ts) until they too are keys:
 * the multipart parser's and DRF's wording of a malformed body and of an unknown method.
 */
const FRAMEWORK_FILES = new Set([
  'plugins/errors.ts',
  'http/request-validation.ts',
  'plugins/uploads.ts',
  'plugins/admission.ts',
  'services/moderation/suspension-service.ts',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'training' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function sentencesInErrors(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const literal = (node: ts.Node): string | null =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
      ? node.text
      : ts.isTemplateExpression(node)
        ? node.head.text + '…'
        : null;
  const visit = (node: ts.Node, inHelper: boolean) => {
    let inside = inHelper;
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression)) {
      inside = inHelper || HELPERS.has(node.expression.text) || node.expression.text === 'HttpError';
    }
    const text = literal(node);
    if (inside && text !== null && SENTENCE.test(text.replace(/…$/, '.'))) found.push(text);
    // `export const SOMETHING = 'A sentence.'`: a message constant.
    if (ts.isVariableDeclaration(node) && node.initializer && /^[A-Z_]+$/.test(node.name.getText(source))) {
      const value = literal(node.initializer);
      if (value !== null && SENTENCE.test(value)) found.push(value);
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, false);
  return found;
}

const flatten = (section: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(section).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value as Record<string, unknown>, `${prefix}${key}.`),
  );

describe('server messages', () => {
  it('are catalog keys, never English sentences written into the code', () => {
    const offenders = sourceFiles(ROOT)
      .filter((file) => !FRAMEWORK_FILES.has(path.relative(ROOT, file)))
      .flatMap((file) => sentencesInErrors(file).map((text) => `${path.relative(ROOT, file)}: ${text}`));
    expect(offenders).toEqual([]);
  });

  it('has every errors.* key in English and in Hindi', () => {
    const english = flatten(en.errors);
    expect(english.length).toBeGreaterThan(50);
    expect(flatten(hi.errors).sort()).toEqual(english.sort());
  });
});
