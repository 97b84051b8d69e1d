/**
 * `npm run safety:train`: writes the training corpus (tests/fixtures/safety/train.json) from its generator, trains the scam
 * model on it and writes src/server/services/safety/model/shield-model.json. Deterministic: the same corpus
 * gives the same file, byte for byte (one seed, one order of examples, no clock, no threads). The frozen evaluation
 * split (tests/fixtures/safety/frozen.json) is never read here.
 *
 * Steps: a validation split (15 % of the training corpus, chosen by a hash of each text) is set aside; stage 1's two
 * heads are trained on the rest in 5 folds to get out-of-fold scores, then once on all of it; stage 2 is trained on
 * the out-of-fold scores with the rules' signals; the thresholds are chosen on the validation split.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DIMENSIONS, HASH_BITS, hash, textFeatures } from '../features.ts';
import {
  decodeHead,
  encodeHead,
  headScore,
  MODEL_URL,
  sigmoid,
  stage2Probability,
  stage2Vector,
  STAGE2_FEATURES,
  type Head,
  type StoredModel,
} from '../model.ts';
import { readRules } from '../scam-shield.ts';
import { generateTrainCorpus } from './generate-corpus.ts';
import { seeded, type LabelledItem } from './templating.ts';

const REPO = new URL('../../../../..', import.meta.url);
export const TRAIN_FILE = new URL('tests/fixtures/safety/train.json', REPO);
export const FROZEN_FILE = new URL('tests/fixtures/safety/frozen.json', REPO);

const SEED = 1930;
const FOLDS = 5;
const EPOCHS = 14;
const LEARNING_RATE = 0.4;
const L2 = 1e-6;
const VALIDATION_SHARE = 0.15;
/** The lowest validation precision a warn (or held) verdict may have; recall is what is left to maximise. */
const WARN_PRECISION = 0.985;
const HELD_PRECISION = 0.998;
/**
 * Held hides an item from everyone but its author and staff, so only the model's surest verdicts hold: never below
 * this probability, however precise the band below it was on the validation split. The band between the warn
 * threshold and this one warns readers and leaves the item up.
 */
const HELD_FLOOR = 0.95;

type Prepared = { item: LabelledItem; buckets: Uint32Array; isScam: number; isWarning: number; reading: ReturnType<typeof readRules> };

/** One corpus item per line: small diffs when the generator changes. */
export function corpusJson(items: LabelledItem[]): string {
  return `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]\n`;
}

function shuffled<T>(list: T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Plain SGD on the logistic loss, examples in a seeded order each epoch, the step shrinking with each epoch. */
function trainHead(examples: Prepared[], target: (p: Prepared) => number, seed: number): Head {
  const weights = new Float32Array(DIMENSIONS);
  let bias = 0;
  const random = seeded(seed);
  const positives = examples.filter((e) => target(e) === 1).length;
  // Classes weighted to balance, so a rare class (warnings are a fifth of the corpus) is not drowned.
  const positiveWeight = examples.length / (2 * Math.max(1, positives));
  const negativeWeight = examples.length / (2 * Math.max(1, examples.length - positives));
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const rate = LEARNING_RATE / (1 + epoch * 0.5);
    for (const example of shuffled(examples, random)) {
      const y = target(example);
      const norm = 1 / Math.sqrt(Math.max(1, example.buckets.length));
      let z = bias;
      for (const i of example.buckets) z += weights[i] * norm;
      const gradient = (sigmoid(z) - y) * (y === 1 ? positiveWeight : negativeWeight);
      bias -= rate * gradient * 0.1;
      for (const i of example.buckets) weights[i] -= rate * (gradient * norm + L2 * weights[i]);
    }
  }
  return { bias, weights };
}

/** Stage 2: full-batch gradient descent on a handful of dense features (deterministic and quick). */
function trainStage2(vectors: number[][], labels: number[]): { bias: number; weights: number[] } {
  const n = STAGE2_FEATURES.length;
  const weights = new Array<number>(n).fill(0);
  let bias = 0;
  const lambda = 1e-3;
  for (let step = 0; step < 3000; step++) {
    const grad = new Array<number>(n).fill(0);
    let gradBias = 0;
    for (let k = 0; k < vectors.length; k++) {
      let z = bias;
      for (let i = 0; i < n; i++) z += weights[i] * vectors[k][i];
      const error = sigmoid(z) - labels[k];
      gradBias += error;
      for (let i = 0; i < n; i++) grad[i] += error * vectors[k][i];
    }
    for (let i = 0; i < n; i++) weights[i] -= 0.5 * (grad[i] / vectors.length + lambda * weights[i]);
    bias -= 0.5 * (gradBias / vectors.length);
  }
  return { bias: round(bias), weights: weights.map(round) };
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

type Scored = { probability: number; isScam: boolean; isWarning: boolean };

/** The lowest threshold whose flagged items reach `precision` on the validation split. */
function chooseThreshold(scored: Scored[], precision: number, floor: number): number {
  for (let t = Math.max(0.05, floor); t <= 0.99; t = Math.round((t + 0.01) * 100) / 100) {
    const flagged = scored.filter((s) => s.probability >= t);
    const tp = flagged.filter((s) => s.isScam).length;
    if (flagged.length > 0 && tp / flagged.length >= precision) return t;
  }
  return 0.99;
}

export function train(items: LabelledItem[]): { model: StoredModel; report: Record<string, number> } {
  const prepared: Prepared[] = items.map((item) => ({
    item,
    buckets: textFeatures([item.text, ...(item.links ?? [])].join(' ')),
    isScam: item.label === 'scam' ? 1 : 0,
    isWarning: item.pattern === 'warning' ? 1 : 0,
    reading: readRules({ text: item.text, links: item.links, authorAgeHours: item.authorAgeHours }),
  }));
  // Hand-written ("real") examples are few and worth more than generated ones: all of them are trained on.
  const inValidation = (p: Prepared) => p.item.source !== 'real' && hash(p.item.text, 77) / DIMENSIONS < VALIDATION_SHARE;
  const fit = prepared.filter((p) => !inValidation(p));
  const validation = prepared.filter(inValidation);

  // Stage 1 out of fold: each fitting example scored by heads that never saw it.
  const outOfFold: { scam: number; warning: number }[] = new Array(fit.length);
  for (let fold = 0; fold < FOLDS; fold++) {
    const training = fit.filter((_, i) => i % FOLDS !== fold);
    const scam = trainHead(training, (p) => p.isScam, SEED + fold);
    const warning = trainHead(training, (p) => p.isWarning, SEED + 100 + fold);
    fit.forEach((p, i) => {
      if (i % FOLDS === fold) outOfFold[i] = { scam: headScore(scam, p.buckets), warning: headScore(warning, p.buckets) };
    });
  }
  // The heads as served: trained on every fitting example, then stored as int16 and read back.
  const scamHead = trainHead(fit, (p) => p.isScam, SEED);
  const warningHead = trainHead(fit, (p) => p.isWarning, SEED + 100);
  const stored = {
    scam: encodeHead(round(scamHead.bias), scamHead.weights),
    warning: encodeHead(round(warningHead.bias), warningHead.weights),
  };
  const served = { scam: decodeHead(stored.scam), warning: decodeHead(stored.warning) };

  const stage2 = trainStage2(
    fit.map((p, i) => stage2Vector(outOfFold[i].scam, outOfFold[i].warning, p.reading)),
    fit.map((p) => p.isScam),
  );

  const scored: Scored[] = validation.map((p) => ({
    probability: stage2Probability(
      { stage2 },
      stage2Vector(headScore(served.scam, p.buckets), headScore(served.warning, p.buckets), p.reading),
    ),
    isScam: p.isScam === 1,
    isWarning: p.isWarning === 1,
  }));
  const warn = chooseThreshold(scored, WARN_PRECISION, 0.3);
  const held = Math.max(HELD_FLOOR, chooseThreshold(scored, HELD_PRECISION, warn + 0.1));
  const flagged = scored.filter((s) => s.probability >= warn);
  const tp = flagged.filter((s) => s.isScam).length;
  const report = {
    items: items.length,
    fitting: fit.length,
    validation: validation.length,
    warn,
    held,
    validationPrecision: round(tp / Math.max(1, flagged.length)),
    validationRecall: round(tp / Math.max(1, scored.filter((s) => s.isScam).length)),
    validationWarningFlagged: scored.filter((s) => s.isWarning && s.probability >= warn).length,
    validationWarnings: scored.filter((s) => s.isWarning).length,
  };
  const model: StoredModel = {
    version: 1,
    hashBits: HASH_BITS,
    thresholds: { warn, held },
    trainedOn: { corpus: 'tests/fixtures/safety/train.json', ...report, stage2Features: [...STAGE2_FEATURES] },
    stage2,
    scam: stored.scam,
    warning: stored.warning,
  };
  return { model, report };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const items = generateTrainCorpus(new URL('tests/fixtures/', REPO));
  mkdirSync(new URL('.', TRAIN_FILE), { recursive: true });
  writeFileSync(TRAIN_FILE, corpusJson(items));
  console.log(`corpus: ${items.length} items (${items.filter((i) => i.label === 'scam').length} scams) → ${fileURLToPath(TRAIN_FILE)}`);
  const { model, report } = train(items);
  mkdirSync(new URL('.', MODEL_URL), { recursive: true });
  writeFileSync(MODEL_URL, `${JSON.stringify(model, null, 1)}\n`);
  console.log(report);
  console.log(`model written: ${fileURLToPath(MODEL_URL)} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
