import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageFields } from '../content/page-schema.ts';
import { editorFields, INSERTABLE_COMPONENTS } from './editor-fields.ts';

describe("the content editor's fields", () => {
  it('are the schema of the pages collection, key for key and in order', () => {
    expect(editorFields().map((field) => field.name)).toEqual(Object.keys(pageFields.shape));
    const byName = Object.fromEntries(editorFields().map((field) => [field.name, field]));
    expect(byName.title).toMatchObject({ kind: 'text', required: true, max: 60 });
    expect(byName.description).toMatchObject({ kind: 'textarea', required: true });
    expect(byName.format).toMatchObject({ kind: 'choice', options: ['article', 'wide'], required: false });
    expect(byName.effective).toMatchObject({ kind: 'date', required: true });
    expect(byName.material).toMatchObject({ kind: 'boolean' });
    expect(byName.changes).toMatchObject({ kind: 'list' });
    expect(byName.history).toMatchObject({ kind: 'history' });
    expect(byName.source_version).toMatchObject({ kind: 'number', required: false });
  });

  it('grow with the schema: a field added there appears in the editor, one it cannot show fails loudly', () => {
    const grown = pageFields.extend({ audience: z.enum(['members', 'everyone']).default('everyone') });
    expect(editorFields(grown.shape).at(-1)).toMatchObject({ name: 'audience', kind: 'choice', options: ['members', 'everyone'] });
    expect(() => editorFields(pageFields.extend({ odd: z.map(z.string(), z.string()) }).shape)).toThrow(/cannot show the field "odd"/);
  });

  it('insert only components every page is given', () => {
    const pageBody = readFileSync(new URL('../components/site/PageBody.astro', import.meta.url), 'utf8');
    for (const { tag } of INSERTABLE_COMPONENTS) expect(pageBody).toContain(tag.slice(1).split(/[ />]/)[0]);
  });
});
