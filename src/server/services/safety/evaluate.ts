import { scoreText } from './scam-shield.ts';
import type { ShieldModel } from './model.ts';

/** One labelled example of the scam shield's corpora (tests/fixtures/scam-corpus*.json, tests/fixtures/safety/*.json). */
export type CorpusExample = {
  id: number;
  label: 'scam' | 'legit';
  /** The scheme of a scam, or the kind of legitimate post ("warning", "honest-upi", ...). */
  pattern: string;
  lang: string;
  /** How the example was made: template, paraphrase, script (conversion), noise (evasions added) or real. */
  source?: string;
  text: string;
  links?: string[];
  authorAgeHours?: number;
};

type Tally = { total: number; flagged: number };

export type CorpusReport = {
  examples: number;
  scams: number;
  legit: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
  falsePositiveRate: number;
  /** Per scam pattern and per legitimate kind: how many, and how many were flagged (warn or held). */
  byPattern: Record<string, Tally & { label: 'scam' | 'legit' }>;
  byLanguage: Record<string, { scams: Tally; legit: Tally }>;
  verdicts: Record<'ok' | 'warn' | 'held', number>;
  misses: { id: number; label: string; pattern: string; score: number; text: string }[];
  /** Milliseconds per item: each item's median over `repeats` runs (so a busy machine's pauses do not count), then
   * the median and the 99th percentile over the items. */
  p50Ms: number;
  p99Ms: number;
};

/** Scores every example; "flagged" means a warn or a held verdict. */
export function evaluateCorpus(examples: CorpusExample[], repeats = 1, model?: ShieldModel): CorpusReport {
  const byPattern: CorpusReport['byPattern'] = {};
  const byLanguage: CorpusReport['byLanguage'] = {};
  const verdicts = { ok: 0, warn: 0, held: 0 };
  const misses: CorpusReport['misses'] = [];
  const times: number[] = [];
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const example of examples) {
    const input = { text: example.text, links: example.links, authorAgeHours: example.authorAgeHours };
    const runs: number[] = [];
    for (let run = 0; run < repeats; run++) {
      const started = performance.now();
      scoreText(input, model);
      runs.push(performance.now() - started);
    }
    runs.sort((a, b) => a - b);
    times.push(runs[Math.floor(runs.length / 2)]);
    {
      const result = scoreText(input, model);
      const flagged = result.verdict !== 'ok';
      verdicts[result.verdict]++;
      const pattern = (byPattern[example.pattern] ??= { label: example.label, total: 0, flagged: 0 });
      pattern.total++;
      if (flagged) pattern.flagged++;
      const language = (byLanguage[example.lang] ??= { scams: { total: 0, flagged: 0 }, legit: { total: 0, flagged: 0 } });
      const side = example.label === 'scam' ? language.scams : language.legit;
      side.total++;
      if (flagged) side.flagged++;
      if (example.label === 'scam' && flagged) tp++;
      else if (example.label === 'scam') fn++;
      else if (flagged) fp++;
      if ((example.label === 'scam') !== flagged) {
        misses.push({ id: example.id, label: example.label, pattern: example.pattern, score: result.score, text: example.text });
      }
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const scams = examples.filter((e) => e.label === 'scam').length;
  const legit = examples.length - scams;
  return {
    examples: examples.length,
    scams,
    legit,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: scams === 0 ? 1 : tp / scams,
    f1: tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn),
    falsePositiveRate: legit === 0 ? 0 : fp / legit,
    byPattern,
    byLanguage,
    verdicts,
    misses,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}
