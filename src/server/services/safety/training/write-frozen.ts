/**
 * Writes the frozen evaluation split (tests/fixtures/safety/frozen.json) from frozen-templates.ts: its own templates, its own
 * slot values, its own seed. Run by hand (`node --import tsx src/server/services/safety/training/write-frozen.ts`)
 * only to add examples; training never reads the file, and `npm run bench:safety` reports it on its own.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { frozenLegitTemplates, frozenOtherLanguages, frozenScamTemplates, frozenSlots } from './frozen-templates.ts';
import { frozenRegionalLegitTemplates, frozenRegionalScamTemplates } from './frozen-regional-templates.ts';
import { seeded, variants, type Lang, type LabelledItem } from './templating.ts';
import { corpusJson, FROZEN_FILE } from './train.ts';

const SEED = 112;

export function generateFrozenCorpus(): LabelledItem[] {
  const random = seeded(SEED);
  const items: Omit<LabelledItem, 'id'>[] = [];
  for (const [pattern, byLang] of Object.entries(frozenScamTemplates)) {
    for (const [lang, templates] of Object.entries(byLang) as [Lang, string[]][]) {
      for (const template of templates) {
        for (const text of variants(template, frozenSlots, random, lang === 'en' ? 5 : 4))
          items.push({ label: 'scam', pattern, lang, source: 'template', text });
      }
    }
  }
  for (const [pattern, byLang] of Object.entries(frozenLegitTemplates)) {
    for (const [lang, templates] of Object.entries(byLang) as [Lang, string[]][]) {
      for (const template of templates) {
        for (const text of variants(template, frozenSlots, random, pattern === 'warning' ? 8 : 6))
          items.push({ label: 'legit', pattern, lang, source: 'template', text });
      }
    }
  }
  for (const other of frozenOtherLanguages) items.push({ ...other, source: 'template' });
  // Kannada, Tamil, Bengali, Marathi and Telugu, added after the items above so that those keep their ids and texts.
  for (const [pattern, byLang] of Object.entries(frozenRegionalScamTemplates)) {
    for (const [lang, templates] of Object.entries(byLang) as [Lang, string[]][])
      for (const template of templates)
        for (const text of variants(template, frozenSlots, random, 4))
          items.push({ label: 'scam', pattern, lang, source: 'template', text });
  }
  for (const [pattern, byLang] of Object.entries(frozenRegionalLegitTemplates)) {
    for (const [lang, templates] of Object.entries(byLang) as [Lang, string[]][])
      for (const template of templates)
        for (const text of variants(template, frozenSlots, random, 4))
          items.push({ label: 'legit', pattern, lang, source: 'template', text });
  }
  return items.map((item, i) => ({ id: i + 1, ...item }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const items = generateFrozenCorpus();
  writeFileSync(FROZEN_FILE, corpusJson(items));
  console.log(
    `frozen split: ${items.length} items (${items.filter((i) => i.label === 'scam').length} scams) → ${fileURLToPath(FROZEN_FILE)}`,
  );
}
