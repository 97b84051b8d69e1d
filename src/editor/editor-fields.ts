/**
 * The content editor's form, made from the pages collection's schema (src/content/page-schema.ts): one field per key
 * of the schema, its kind read from the zod type. A key the editor cannot show throws here, so a new kind of field
 * fails the editor's test instead of going missing from the form.
 */
import { z } from 'zod';
import { pageFields } from '../content/page-schema.ts';

export type EditorField = {
  name: string;
  kind: 'text' | 'textarea' | 'number' | 'boolean' | 'choice' | 'date' | 'list' | 'history';
  /** False when the page may leave it out (a default or an optional key). */
  required: boolean;
  options?: string[];
  max?: number;
  /** The schema's own comment is not available at run time; the editor's hint for each field. */
  hint?: string;
};

const HINTS: Record<string, string> = {
  title: "The page's heading.",
  description: 'One or two sentences for search engines and link previews (50–170 characters).',
  canonical: 'The address of the page, like /refund.',
  format: "'article' for long text, 'wide' for pages built around cards.",
  rendered: "'request' only for a page that shows server settings (the grievance officer).",
  policy: 'A policy members are bound by: it gets a history page and members hear of its changes.',
  version: 'Rises with every change you publish ("Start a new version" raises it).',
  effective: 'The day this version takes effect (YYYY-MM-DD).',
  material: 'Members must agree again (for the privacy policy: everyone is asked at their next visit).',
  changes: 'What changed in this version, one plain point a line, in the language of the page.',
  history: 'Earlier versions (kept by "Start a new version"; read only here).',
  source_version: 'A translation only: the version of the English page this text translates.',
};

/** Peels defaults, optionals and refinements off a zod type. */
function unwrap(type: z.ZodTypeAny): { inner: z.ZodTypeAny; required: boolean } {
  let inner = type;
  let required = true;
  for (;;) {
    if (inner instanceof z.ZodDefault) {
      required = false;
      inner = inner._def.innerType as z.ZodTypeAny;
    } else if (inner instanceof z.ZodOptional) {
      required = false;
      inner = inner.unwrap() as z.ZodTypeAny;
    } else if (inner instanceof z.ZodEffects) inner = inner.innerType() as z.ZodTypeAny;
    else return { inner, required };
  }
}

function fieldOf(name: string, type: z.ZodTypeAny): EditorField {
  const { inner, required } = unwrap(type);
  const base = { name, required, hint: HINTS[name] };
  if (inner instanceof z.ZodString) {
    const max = inner.maxLength ?? undefined;
    return { ...base, kind: max !== undefined && max > 100 ? 'textarea' : 'text', max };
  }
  if (inner instanceof z.ZodNumber) return { ...base, kind: 'number' };
  if (inner instanceof z.ZodBoolean) return { ...base, kind: 'boolean' };
  if (inner instanceof z.ZodDate) return { ...base, kind: 'date' };
  if (inner instanceof z.ZodEnum) return { ...base, kind: 'choice', options: [...(inner.options as string[])] };
  if (inner instanceof z.ZodArray) {
    const element = unwrap(inner.element as z.ZodTypeAny).inner;
    if (element instanceof z.ZodString) return { ...base, kind: 'list' };
    if (element instanceof z.ZodObject) return { ...base, kind: 'history' };
  }
  throw new Error(`The content editor cannot show the field "${name}" (${inner.constructor.name}): teach src/editor/editor-fields.ts`);
}

/** The editor's fields, in the schema's order. */
export function editorFields(shape: z.ZodRawShape = pageFields.shape): EditorField[] {
  return Object.entries(shape).map(([name, type]) => fieldOf(name, type as z.ZodTypeAny));
}

/** The components a page may use without an import (src/components/site/PageBody.astro passes them), as the editor inserts them. */
export const INSERTABLE_COMPONENTS = [
  { tag: '<SupportEmail />', label: 'Support e-mail address' },
  { tag: '<StoredDataTable />', label: 'Table of the data we store' },
  { tag: '<ContactDetails />', label: 'Contact details' },
  { tag: '<PricingPlans headingLevel={2} />', label: 'Pricing plans' },
];
