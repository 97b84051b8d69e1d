/**
 * Writes the training corpus (tests/fixtures/safety/train.json) from train-templates.ts and the hand-written examples in
 * tests/fixtures/scam-corpus*.json: each template expanded into several texts, some paraphrased, Hindi ones also in
 * Latin letters (script conversion), and a share with evasions added (noise). Deterministic: one seed, one order.
 */
import { readFileSync } from 'node:fs';
import {
  adviceTemplates,
  closers,
  honestTemplates,
  openers,
  otherLanguages,
  quotedScams,
  scamTemplates,
  trainSlots,
  warningFrames,
  SCAM_PATTERNS,
} from './train-templates.ts';
import { everydaySlots, everydayTemplates } from './everyday-templates.ts';
import { regionalLegitTemplates, regionalScamTemplates } from './regional-templates.ts';
import { addNoise, expand, paraphrase, seeded, toLatinScript, variants, type Lang, type LabelledItem } from './templating.ts';

const SEED = 20240611;
/** Texts per template and language: enough that each scam pattern has well over 100 items. */
const PER_TEMPLATE: Record<string, number> = { en: 13, hinglish: 12, hi: 12, kn: 8, ta: 8, bn: 8, mr: 8, te: 8 };
const PARAPHRASE_SHARE = 0.35;
const NOISE_SHARE = 0.3;
const LEGIT_NOISE_SHARE = 0.08;

/** The old hand-written corpora's names for patterns the issue names differently. */
const RENAMED: Record<string, string> = { 'kyc-threat': 'fake-kyc', investment: 'crypto-forex', subsidy: 'govt-scheme-fee' };

export function generateTrainCorpus(fixtureDir: URL): LabelledItem[] {
  const random = seeded(SEED);
  const items: Omit<LabelledItem, 'id'>[] = [];
  const seen = new Set<string>();
  const add = (item: Omit<LabelledItem, 'id'>) => {
    if (seen.has(item.text)) return;
    seen.add(item.text);
    items.push(item);
  };

  const grow = (label: 'scam' | 'legit', pattern: string, lang: Lang, texts: string[]) => {
    for (const text of texts) {
      add({ label, pattern, lang, source: 'template', text });
      if (random() < PARAPHRASE_SHARE)
        add({ label, pattern, lang, source: 'paraphrase', text: paraphrase(text, random, openers[lang] ?? [''], closers[lang] ?? ['']) });
      if (lang === 'hi' && random() < 0.5) add({ label, pattern, lang: 'hinglish', source: 'script', text: toLatinScript(text) });
      if (random() < (label === 'scam' ? NOISE_SHARE : LEGIT_NOISE_SHARE))
        add({ label, pattern, lang, source: 'noise', text: addNoise(text, random).text });
    }
  };

  for (const pattern of SCAM_PATTERNS) {
    for (const [lang, templates] of Object.entries(scamTemplates[pattern]) as [Lang, string[]][]) {
      for (const template of templates) grow('scam', pattern, lang, variants(template, trainSlots, random, PER_TEMPLATE[lang]));
    }
  }

  // Warnings that quote a scam: each frame with several quotes.
  for (const [lang, frames] of Object.entries(warningFrames) as [Lang, string[]][]) {
    const quotes = quotedScams[lang] ?? [];
    for (const frame of frames) {
      for (let i = 0; i < (lang === 'en' ? 26 : 22); i++) {
        const quote = expand(quotes[Math.floor(random() * quotes.length)], trainSlots, random);
        const text = expand(frame.replace('{quote}', quote.replace(/[{}]/g, '')), trainSlots, random);
        grow('legit', 'warning', lang, [text]);
      }
    }
  }
  for (const [lang, templates] of Object.entries(adviceTemplates) as [Lang, string[]][]) {
    for (const template of templates) grow('legit', 'warning', lang, variants(template, trainSlots, random, 4));
  }
  for (const [kind, byLang] of Object.entries(honestTemplates)) {
    for (const [lang, templates] of Object.entries(byLang) as [Lang, string[]][]) {
      for (const template of templates) grow('legit', kind, lang, variants(template, trainSlots, random, lang === 'en' ? 9 : 8));
    }
  }
  // Everyday honest writing in every language, @mentions of members among it: written before the regional scams so
  // that an @handle is first of all a person in the thread.
  for (const [kind, byLang] of Object.entries(everydayTemplates)) {
    for (const [lang, templates] of Object.entries(byLang) as [Lang, string[]][])
      for (const template of templates) grow('legit', kind, lang, variants(template, everydaySlots, random, lang === 'en' ? 9 : 8));
  }
  // Kannada, Tamil, Bengali, Marathi and Telugu: scams, warnings and honest posts written in those scripts.
  for (const [pattern, byLang] of Object.entries(regionalScamTemplates)) {
    for (const [lang, templates] of Object.entries(byLang) as [Lang, string[]][])
      for (const template of templates) grow('scam', pattern, lang, variants(template, trainSlots, random, PER_TEMPLATE[lang]));
  }
  for (const [kind, byLang] of Object.entries(regionalLegitTemplates)) {
    for (const [lang, templates] of Object.entries(byLang) as [Lang, string[]][])
      for (const template of templates) grow('legit', kind, lang, variants(template, trainSlots, random, PER_TEMPLATE[lang]));
  }
  for (const other of otherLanguages) add({ ...other, source: 'template' });

  // The hand-written examples the rule-based shield was tuned on: real phrasing, kept as they were written.
  for (const file of ['scam-corpus.json', 'scam-corpus-heldout.json', 'scam-corpus-heldout-2.json']) {
    const examples = JSON.parse(readFileSync(new URL(file, fixtureDir), 'utf8')) as LabelledItem[];
    for (const e of examples)
      add({
        label: e.label,
        pattern: RENAMED[e.pattern] ?? e.pattern,
        lang: e.lang,
        source: 'real',
        text: e.text,
        links: e.links,
        authorAgeHours: e.authorAgeHours,
      });
  }

  return items.map((item, i) => ({ id: i + 1, ...item }));
}
