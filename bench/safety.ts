/**
 * The scam shield on its labelled corpora: precision, recall and false-positive rate (a warn or held verdict counts
 * as flagged), counts and recall per pattern and per language, and the detector's time per item.
 *
 *   npm run bench:safety            # both corpora
 *   npm run bench:safety -- --misses  # also list every miss
 */
import { readFileSync } from 'node:fs';
import { evaluateCorpus, type CorpusExample, type CorpusReport } from '../src/server/services/scam-shield/evaluate.ts';

const CORPORA = [
  { name: 'corpus (tuned on)', file: 'tests/fixtures/scam-corpus.json' },
  { name: 'held-out (written after tuning)', file: 'tests/fixtures/scam-corpus-heldout.json' },
  { name: 'held-out 2 (written after the second tuning)', file: 'tests/fixtures/scam-corpus-heldout-2.json' },
];
/** Runs of each item; its median is its time. */
const REPEATS = 15;
const showMisses = process.argv.includes('--misses');

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const pad = (value: string | number, width: number) => String(value).padEnd(width);

function print(name: string, report: CorpusReport) {
  console.log(`\n== ${name}: ${report.examples} examples (${report.scams} scams, ${report.legit} legitimate)`);
  console.log(`precision ${report.precision.toFixed(3)}  recall ${report.recall.toFixed(3)}  false-positive rate ${report.falsePositiveRate.toFixed(3)}`);
  console.log(`verdicts: ok ${report.verdicts.ok}, warn ${report.verdicts.warn}, held ${report.verdicts.held}`);
  console.log(`time per item: p50 ${(report.p50Ms * 1000).toFixed(0)} µs, p99 ${(report.p99Ms * 1000).toFixed(0)} µs (median of ${REPEATS} runs per item)`);
  console.log('\nper language        scams  recall   legit  false positives');
  for (const [lang, tally] of Object.entries(report.byLanguage)) {
    console.log(
      `  ${pad(lang, 18)}${pad(tally.scams.total, 7)}${pad(pct(tally.scams.flagged / Math.max(1, tally.scams.total)), 9)}${pad(tally.legit.total, 7)}${tally.legit.flagged}`,
    );
  }
  console.log('\nper pattern (scams: recall; legitimate: flagged by mistake)');
  const entries = Object.entries(report.byPattern).sort(([, a], [, b]) => (a.label === b.label ? 0 : a.label === 'scam' ? -1 : 1));
  for (const [pattern, tally] of entries) {
    const figure = tally.label === 'scam' ? `recall ${pct(tally.flagged / tally.total)}` : `false positives ${tally.flagged}`;
    console.log(`  ${pad(tally.label, 6)} ${pad(pattern, 20)} ${pad(tally.total, 5)} ${figure}`);
  }
  if (showMisses) {
    for (const miss of report.misses) console.log(`  miss #${miss.id} ${miss.label}/${miss.pattern} score ${miss.score}: ${miss.text}`);
  } else if (report.misses.length > 0) {
    console.log(`(${report.misses.length} misses; --misses lists them)`);
  }
}

for (const corpus of CORPORA) {
  const examples = JSON.parse(readFileSync(corpus.file, 'utf8')) as CorpusExample[];
  print(corpus.name, evaluateCorpus(examples, REPEATS));
}
