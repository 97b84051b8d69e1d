/**
 * API error messages in the client's language. Services and routes keep throwing the English messages of the
 * catalog (`api.*` in src/locales/en.json, the tests compare them); the language plugin words each error body
 * again, matching the English text against the catalog's templates and rendering the same key in the other
 * language. A message the catalog does not know stays in English, and error `code`s never change.
 */
import en from '../../locales/en.json' with { type: 'json' };
import { translator, type Lang } from '../../lib/i18n.ts';

type Template = { key: string; pattern: RegExp; names: string[] };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `{{what}} Expected available in {{count}} seconds.` → a regex with one group per placeholder. */
function compile(key: string, message: string): Template {
  const names: string[] = [];
  const source = message
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((part) => {
      const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return name === 'count' ? '(\\d+)' : '(.+?)';
    })
    .join('');
  return { key: key.replace(/_(one|other)$/, ''), pattern: new RegExp(`^${source}$`), names };
}

/** A catalog section's messages as `[key, message]`, nested sections flattened (`verificationsApi.need.join`). */
const flatten = (prefix: string, section: Record<string, unknown>): [string, string][] =>
  Object.entries(section).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}.${key}`, value] as [string, string]]
      : flatten(`${prefix}.${key}`, value as Record<string, unknown>),
  );

const TEMPLATES: Template[] = [
  ...Object.entries(en.api).map(([key, message]) => compile(`api.${key}`, message)),
  ...flatten('verificationsApi', en.verificationsApi).map(([key, message]) => compile(key, message)),
  compile('notice.under18', en.notice.under18),
];

/** One message in `lang`; unknown messages come back unchanged. */
export function translateMessage(message: string, lang: Lang): string {
  if (lang === 'en') return message;
  const t = translator(lang);
  for (const template of TEMPLATES) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values: Record<string, unknown> = {};
    template.names.forEach((name, index) => {
      const value = match[index + 1];
      values[name] = name === 'count' ? Number(value) : translateMessage(value, lang);
    });
    return t(template.key, values);
  }
  return message;
}

/** An error body (`{detail}`, or `{field: [messages]}`) with its messages in `lang`; other keys as they were. */
export function translateErrorBody(body: unknown, lang: Lang): unknown {
  if (lang === 'en' || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'code') out[key] = value;
    else if (typeof value === 'string') out[key] = translateMessage(value, lang);
    else if (Array.isArray(value)) out[key] = value.map((item) => (typeof item === 'string' ? translateMessage(item, lang) : item));
    else out[key] = value;
  }
  return out;
}
