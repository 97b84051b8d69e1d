/**
 * The learned scam model, in two stages.
 *
 * Stage 1: two hashed logistic regressions over the text's n-grams (features.ts): "scam" (a scam vs everything else)
 * and "warning" (a member warning others, news or advice about scams vs everything else).
 * Stage 2: a small logistic regression over stage 1's two scores, the hand-written rules' signals (scam-shield.ts:
 * secret asked, fee, threat, urgency, schemes, the look-alike domain check, …) and the cues of cues.ts (narration,
 * advice, a live channel with an instruction to the reader). Its weights are learned too, on stage 1's out-of-fold
 * scores so that stage 1 does not look better to it than it is on new text.
 *
 * The trained model is a file in the repository (model/shield-model.json), built by `npm run safety:train` from
 * tests/fixtures/safety/train.json. It is committed rather than trained at build time so that every server runs the same
 * model, a review can see when it changes, and the build needs no minutes of training: training is deterministic
 * (fixed seed, fixed order), so the file can be rebuilt from the corpus byte for byte and checked.
 */
import { readFileSync } from 'node:fs';
import { readCues } from './cues.ts';
import { DIMENSIONS, HASH_BITS } from './features.ts';
import type { RuleReading } from './scam-shield.ts';

/** The stage-2 inputs, in order. */
export const STAGE2_FEATURES = [
  's1:scam',
  's1:warning',
  'asks-for-secret',
  'asks-for-fee',
  'fee-to-release-money',
  'threat',
  'urgency',
  'moves-off-platform',
  'mobile-number',
  'promises-money',
  'scheme-decisive',
  'schemes',
  'kinds',
  'link:lookalike',
  'link:app-file',
  'link:shortener',
  'link:ip-address',
  'link:risky-ending',
  'link:official',
  'link:plain',
  'warning-phrases',
  'rule-score',
  'cue:live-channel',
  'cue:instruction',
  'cue:actionable',
  'cue:narration',
  'cue:advice',
  'cue:actionable-and-scam',
  'cue:narration-and-warning',
] as const;

export type Head = { bias: number; weights: Float32Array };

export type ShieldModel = {
  version: number;
  scam: Head;
  warning: Head;
  stage2: { bias: number; weights: number[] };
  thresholds: { warn: number; held: number };
  trainedOn: Record<string, unknown>;
};

/** A head as stored: weights as little-endian int16 in base64, times `scale`. */
export type StoredHead = { bias: number; scale: number; weights: string };
export type StoredModel = Omit<ShieldModel, 'scam' | 'warning'> & { hashBits: number; scam: StoredHead; warning: StoredHead };

export const MODEL_URL = new URL('./model/shield-model.json', import.meta.url);

export function encodeHead(bias: number, weights: Float32Array): StoredHead {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  const scale = max === 0 ? 1 : max / 32767;
  const ints = new Int16Array(weights.length);
  for (let i = 0; i < weights.length; i++) ints[i] = Math.round(weights[i] / scale);
  return { bias, scale, weights: Buffer.from(ints.buffer, ints.byteOffset, ints.byteLength).toString('base64') };
}

export function decodeHead(stored: StoredHead): Head {
  const bytes = Buffer.from(stored.weights, 'base64');
  const ints = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
  const weights = new Float32Array(ints.length);
  for (let i = 0; i < ints.length; i++) weights[i] = ints[i] * stored.scale;
  return { bias: stored.bias, weights };
}

export function decodeModel(stored: StoredModel): ShieldModel {
  if (stored.hashBits !== HASH_BITS)
    throw new Error(
      `The scam model was trained with ${stored.hashBits} hash bits; the features use ${HASH_BITS}. Run npm run safety:train.`,
    );
  return { ...stored, scam: decodeHead(stored.scam), warning: decodeHead(stored.warning) };
}

export function loadModel(url: URL = MODEL_URL): ShieldModel {
  return decodeModel(JSON.parse(readFileSync(url, 'utf8')) as StoredModel);
}

let committed: ShieldModel | null = null;
/** The model committed with the code (npm run safety:train), read once. */
export function committedModel(): ShieldModel {
  committed ??= loadModel();
  return committed;
}

let loaded: ShieldModel | null = null;
/** The model in use: the committed one, read once on first use, until staff promote or activate another (teacher.ts). */
export function currentModel(): ShieldModel {
  loaded ??= committedModel();
  return loaded;
}

/** Puts a model in use in this process (the active one of the database's model versions). */
export function useModel(model: ShieldModel): void {
  loaded = model;
}

/** A head's raw score (logit) of a text's buckets, its binary features scaled to unit length. */
export function headScore(head: Head, buckets: Uint32Array): number {
  if (buckets.length === 0) return head.bias;
  let sum = 0;
  for (const i of buckets) sum += head.weights[i];
  return head.bias + sum / Math.sqrt(buckets.length);
}

/** Stage 1's scores are squashed to about −1…1 so that stage 2's weights stay comparable. */
const squash = (logit: number) => Math.tanh(logit / 4);

export function stage2Vector(scamLogit: number, warningLogit: number, reading: RuleReading): number[] {
  const riskyLink = ['link:lookalike', 'link:app-file', 'link:shortener', 'link:ip-address', 'link:risky-ending', 'link:plain'].some(
    (k) => reading.signals[k],
  );
  const cues = readCues(reading.text, riskyLink);
  const s1 = squash(scamLogit);
  const w1 = squash(warningLogit);
  // The model's own scores and the cues; every other feature is the rule signal of the same name (0 when absent).
  const computed: Partial<Record<(typeof STAGE2_FEATURES)[number], number>> = {
    's1:scam': s1,
    's1:warning': w1,
    'cue:live-channel': cues.liveChannel,
    'cue:instruction': cues.instruction,
    'cue:actionable': cues.actionable,
    'cue:narration': cues.narration,
    'cue:advice': cues.advice,
    'cue:actionable-and-scam': cues.actionable * Math.max(0, s1),
    'cue:narration-and-warning': cues.narration * Math.max(0, w1),
  };
  return STAGE2_FEATURES.map((name) => computed[name] ?? reading.signals[name] ?? 0);
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function stage2Probability(model: Pick<ShieldModel, 'stage2'>, vector: number[]): number {
  let z = model.stage2.bias;
  for (let i = 0; i < vector.length; i++) z += model.stage2.weights[i] * vector[i];
  return sigmoid(z);
}

export { DIMENSIONS };
