/**
 * The scam shield on its corpora. The FROZEN evaluation split (tests/fixtures/safety/frozen.json: other templates and
 * phrasings, never read by training, never tuned on) is reported first and on its own; then the training set and the
 * old hand-written corpora, for comparison only.
 *
 *   npm run bench:safety              # everything
 *   npm run bench:safety -- --misses  # also list every frozen-split miss
 *
 * Goals: precision ≥ 0.97, recall ≥ 0.93 on the frozen split, ≥ 0.80 per pattern, false positives on warnings and
 * news ≤ 2 %, recall under each evasion ≥ 90 % of clean recall, p99 < 2 ms per item, model load < 200 ms, < 50 MB.
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  evaluateCorpus,
  type CorpusExample,
  type CorpusReport,
  loadModel,
  MODEL_URL,
  scoreText,
} from '../src/server/services/safety/index.ts';
import { EVASIONS, seeded } from '../src/server/services/safety/training/templating.ts';

/** Runs of each item; its median is its time. */
const REPEATS = 15;
const showMisses = process.argv.includes('--misses');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as CorpusExample[];

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const pad = (value: string | number, width: number) => String(value).padEnd(width);
const heading = (text: string) => console.log(`\n## ${text}\n`);

function overall(report: CorpusReport) {
  console.log(`${report.examples} examples (${report.scams} scams, ${report.legit} legitimate)`);
  console.log(
    `precision ${report.precision.toFixed(3)}  recall ${report.recall.toFixed(3)}  F1 ${report.f1.toFixed(3)}  false-positive rate ${report.falsePositiveRate.toFixed(3)}`,
  );
  console.log(`verdicts: ok ${report.verdicts.ok}, warn ${report.verdicts.warn}, held ${report.verdicts.held}`);
}

function perPattern(report: CorpusReport) {
  console.log('pattern               items  recall (scams) / flagged by mistake (legitimate)');
  const entries = Object.entries(report.byPattern).sort(([a, x], [b, y]) =>
    x.label === y.label ? a.localeCompare(b) : x.label === 'scam' ? -1 : 1,
  );
  for (const [pattern, tally] of entries) {
    const figure =
      tally.label === 'scam'
        ? `recall ${pct(tally.flagged / tally.total)}`
        : `false positives ${tally.flagged} (${pct(tally.flagged / tally.total)})`;
    console.log(`  ${pad(pattern, 20)}${pad(tally.total, 7)}${figure}`);
  }
}

function perLanguage(report: CorpusReport) {
  console.log('language     scams  recall   legit  false positives  precision');
  for (const [lang, t] of Object.entries(report.byLanguage).sort()) {
    const precision = t.scams.flagged + t.legit.flagged === 0 ? 1 : t.scams.flagged / (t.scams.flagged + t.legit.flagged);
    console.log(
      `  ${pad(lang, 11)}${pad(t.scams.total, 7)}${pad(pct(t.scams.flagged / Math.max(1, t.scams.total)), 9)}${pad(t.legit.total, 7)}${pad(t.legit.flagged, 17)}${precision.toFixed(3)}`,
    );
  }
}

// ---- Model load, memory and size -----------------------------------------------------------------------------------
heading('Model');
const size = statSync(MODEL_URL).size;
const heapBefore = process.memoryUsage();
const loadStarted = performance.now();
const model = loadModel();
const loadMs = performance.now() - loadStarted;
const heapAfter = process.memoryUsage();
console.log(`file ${fileURLToPath(MODEL_URL).replace(process.cwd() + '/', '')}: ${(size / 1024).toFixed(0)} KB`);
console.log(
  `load ${loadMs.toFixed(1)} ms; memory +${((heapAfter.rss - heapBefore.rss) / 1048576).toFixed(1)} MB resident, +${((heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers) / 1048576).toFixed(1)} MB heap and buffers (weights ${((model.scam.weights.byteLength + model.warning.weights.byteLength) / 1048576).toFixed(1)} MB)`,
);
console.log(`thresholds (chosen on the validation split): warn ≥ ${model.thresholds.warn}, held ≥ ${model.thresholds.held}`);

// ---- The frozen split ------------------------------------------------------------------------------------------------
const frozen = read('tests/fixtures/safety/frozen.json');
const report = evaluateCorpus(frozen, REPEATS);
heading('Frozen split: overall');
overall(report);
heading('Frozen split: per pattern');
perPattern(report);
heading('Frozen split: per language');
perLanguage(report);
heading('Frozen split: warnings, news and advice about scams');
const warnings = report.byPattern.warning ?? { total: 0, flagged: 0 };
console.log(
  `false-positive rate on warnings ${pct(warnings.flagged / Math.max(1, warnings.total))} (${warnings.flagged} of ${warnings.total} flagged)`,
);
if (showMisses)
  for (const miss of report.misses) console.log(`  miss #${miss.id} ${miss.label}/${miss.pattern} p=${miss.score}: ${miss.text}`);
else if (report.misses.length > 0) console.log(`(${report.misses.length} misses in all; --misses lists them)`);

heading('Frozen split: evasions (each applied to every frozen scam)');
const scams = frozen.filter((e) => e.label === 'scam');
const cleanRecall = report.recall;
console.log(`evasion                   recall   of clean   (clean recall ${pct(cleanRecall)})`);
let worst = 1;
for (const [name, evade] of Object.entries(EVASIONS)) {
  const random = seeded(7);
  const caught = scams.filter((e) => scoreText({ text: evade(e.text, random), links: e.links }).verdict !== 'ok').length;
  const recall = caught / scams.length;
  worst = Math.min(worst, recall / cleanRecall);
  console.log(`  ${pad(name, 24)}${pad(pct(recall), 9)}${pct(recall / cleanRecall)}`);
}
console.log(`${Object.keys(EVASIONS).length} evasions; the worst keeps ${pct(worst)} of clean recall`);

heading('Frozen split: time per item');
console.log(
  `p50 ${(report.p50Ms * 1000).toFixed(0)} µs, p99 ${(report.p99Ms * 1000).toFixed(0)} µs (each item's median of ${REPEATS} runs)`,
);

// ---- For comparison: the data the model was trained on ----------------------------------------------------------------
heading('Training set (tests/fixtures/safety/train.json; the model has seen it: not a measure of quality)');
overall(evaluateCorpus(read('tests/fixtures/safety/train.json')));
for (const [name, file] of [
  ['old corpus (the rules were tuned on it)', 'tests/fixtures/scam-corpus.json'],
  ['old held-out corpora', 'tests/fixtures/scam-corpus-heldout.json'],
] as const) {
  heading(`${name} (part of the training set)`);
  overall(evaluateCorpus(read(file)));
}
