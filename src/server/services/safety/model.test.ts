import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadModel, MODEL_URL } from './model.ts';
import { scoreText } from './scam-shield.ts';
import type { LabelledItem } from './training/templating.ts';
import { train, TRAIN_FILE } from './training/train.ts';

describe('the committed scam model', () => {
  it('is exactly what npm run safety:train builds from the committed corpus (training is deterministic)', () => {
    const items = JSON.parse(readFileSync(TRAIN_FILE, 'utf8')) as LabelledItem[];
    const { model } = train(items);
    expect(`${JSON.stringify(model, null, 1)}\n`).toBe(readFileSync(MODEL_URL, 'utf8'));
  }, 120_000);

  it('was trained on at least 3,000 labelled items: 100 per scam pattern, 1,500 legitimate of which 500 warnings', () => {
    const items = JSON.parse(readFileSync(TRAIN_FILE, 'utf8')) as LabelledItem[];
    expect(items.length).toBeGreaterThanOrEqual(3000);
    const patterns = [
      'upi-collect',
      'sim-swap',
      'loan-app',
      'task-job',
      'lottery',
      'crypto-forex',
      'sextortion',
      'govt-scheme-fee',
      'digital-arrest',
      'fake-kyc',
      'olx-army',
      'refund-reward',
      'stock-tips',
      'lookalike-domain',
    ];
    for (const pattern of patterns)
      expect(items.filter((i) => i.label === 'scam' && i.pattern === pattern).length).toBeGreaterThanOrEqual(100);
    expect(items.filter((i) => i.label === 'legit').length).toBeGreaterThanOrEqual(1500);
    expect(items.filter((i) => i.pattern === 'warning').length).toBeGreaterThanOrEqual(500);
    for (const item of items) expect(['template', 'paraphrase', 'script', 'noise', 'real']).toContain(item.source);
  });

  it('loads in well under 200 ms', () => {
    const started = performance.now();
    loadModel();
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('tells a scam from a member quoting it to warn others', () => {
    expect(
      scoreText({ text: 'Your SBI account will be blocked today. Update KYC at http://sbi-kyc-update.in/login or call 9876543210.' })
        .verdict,
    ).toBe('held');
    expect(
      scoreText({
        text: 'My uncle got an SMS saying "your SBI account will be blocked today, update KYC at sbi-kyc-update.in". It is fake, never click such links. Report at 1930.',
      }).verdict,
    ).toBe('ok');
  });
});
