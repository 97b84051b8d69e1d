import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgeHost } from './domains.ts';
import { evaluateCorpus, type CorpusExample } from './evaluate.ts';
import { scoreText } from './scam-shield.ts';

const load = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../../../tests/fixtures/${file}`, import.meta.url), 'utf8')) as CorpusExample[];
const corpus = load('scam-corpus.json');
const heldOut = [...load('scam-corpus-heldout.json'), ...load('scam-corpus-heldout-2.json')];

const SCHEMES = [
  'upi-collect',
  'kyc-threat',
  'bill-disconnection',
  'digital-arrest',
  'task-job',
  'investment',
  'lottery',
  'loan-app',
  'customer-care',
  'olx-army',
  'job-fee',
  'sextortion',
  'sim-swap',
  'subsidy',
  'lookalike-domain',
  'shortener',
];

describe('the labelled corpus', () => {
  it('has at least 300 examples, about half of them scams, in English, Hinglish and Hindi, covering every scheme', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    const scams = corpus.filter((e) => e.label === 'scam').length;
    expect(scams / corpus.length).toBeGreaterThan(0.45);
    expect(scams / corpus.length).toBeLessThan(0.55);
    for (const lang of ['en', 'hinglish', 'hi']) {
      expect(corpus.filter((e) => e.lang === lang && e.label === 'scam').length).toBeGreaterThanOrEqual(25);
      expect(corpus.filter((e) => e.lang === lang && e.label === 'legit').length).toBeGreaterThanOrEqual(25);
    }
    for (const scheme of SCHEMES) expect(corpus.filter((e) => e.label === 'scam' && e.pattern === scheme).length).toBeGreaterThanOrEqual(8);
    expect(corpus.filter((e) => e.pattern === 'warning').length).toBeGreaterThanOrEqual(40);
    expect(new Set(corpus.map((e) => e.id)).size).toBe(corpus.length);
  });

  it('meets the goal: precision at least 0.95 and recall at least 0.90, missing at most 1 % of the corpus', () => {
    const report = evaluateCorpus(corpus);
    // The rules were tuned until they missed nothing here; the learned model is trained on it among 4,000 other
    // examples and is not tuned item by item, so a stray miss is allowed (the frozen split is the real measure).
    expect(report.misses.length).toBeLessThanOrEqual(Math.floor(corpus.length / 100));
    expect(report.precision).toBeGreaterThanOrEqual(0.95);
    expect(report.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('meets the same goal on the examples written after tuning', () => {
    const report = evaluateCorpus(heldOut);
    expect(heldOut.length).toBeGreaterThanOrEqual(150);
    expect(report.precision).toBeGreaterThanOrEqual(0.95);
    expect(report.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('scores an item well under 2 ms', () => {
    const report = evaluateCorpus(corpus, 5);
    expect(report.p99Ms).toBeLessThan(2);
  });
});

describe('scoreText', () => {
  it('holds a UPI collect request that asks for the PIN to receive money', () => {
    const result = scoreText({ text: 'I sent you 5000 by mistake, approve the collect request and enter UPI PIN to receive it back' });
    expect(result.verdict).toBe('held');
    expect(result.pattern).toBe('upi-collect');
    expect(result.reasons).toContain('scheme:upi-collect:decisive');
  });

  it('leaves the same words alone when a member warns about them', () => {
    const result = scoreText({ text: 'Beware: never approve a collect request or enter your UPI PIN to receive money. Report at 1930.' });
    expect(result.verdict).toBe('ok');
  });

  it('flags a lookalike of a bank domain and trusts the real one', () => {
    expect(scoreText({ text: 'Update your KYC at onlinesbi-kyc.com now' }).verdict).not.toBe('ok');
    expect(scoreText({ text: 'Log in only at https://www.onlinesbi.sbi and never through an SMS link.' }).verdict).toBe('ok');
  });

  it('holds a link from a new account more readily, unless NEW_ACCOUNT_HOURS is 0', () => {
    const text = 'Free recharge for everyone this week, details here: bit.ly/fr33-recharge';
    expect(scoreText({ text, authorAgeHours: 500 }).verdict).toBe('warn');
    expect(scoreText({ text, authorAgeHours: 2 }).verdict).toBe('held');
    expect(scoreText({ text, authorAgeHours: 2, newAccountHours: 0 }).verdict).toBe('warn');
    expect(scoreText({ text: 'Our society meeting notes are on example.org/notes', authorAgeHours: 2 }).verdict).toBe('ok');
  });

  it('reads links passed beside the text (anchors of a post)', () => {
    expect(scoreText({ text: 'Click to claim your reward', links: ['http://hdfcbank-rewards.co/claim'] }).verdict).toBe('held');
  });

  it('reads Devanagari digits and invisible characters as plain text', () => {
    const result = scoreText({ text: 'आपका बिजली कनेक्शन आज रात काट दिया जाएगा, तुरंत बिजली अधिकारी से संपर्क करें ९८७६५४३२१०' });
    expect(result.verdict).toBe('held');
    expect(result.reasons).toContain('mobile-number');
    expect(scoreText({ text: 'share the O\u200bTP now to unblock your account' }).reasons).toContain('asks-for-secret');
  });

  it('stays fast on a very long text', () => {
    const text = 'Cricket talk and chai. '.repeat(2_000) + 'pay ₹500 registration fee on whatsapp 9876543210';
    const started = performance.now();
    scoreText({ text });
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('judgeHost', () => {
  it.each([
    ['sbi.co.in', 'official'],
    ['retail.onlinesbi.sbi', 'official'],
    ['eportal.incometax.gov.in', 'official'],
    ['pmkisan.gov.in', 'official'],
    ['hdfcbnak.com', 'lookalike'],
    ['icicibank.co', 'lookalike'],
    ['paytrn.com', 'lookalike'],
    ['uidai-gov.in', 'lookalike'],
    ['npci.org.in.verify-now.xyz', 'lookalike'],
    ['axlsbank.com', 'lookalike'],
    ['bit.ly', 'shortener'],
    ['example.org', 'plain'],
    ['win-prize.xyz', 'risky-ending'],
  ])('%s is %s', (host, kind) => {
    expect(judgeHost(host).kind).toBe(kind);
  });

  it('sees an .apk download', () => {
    expect(judgeHost('files.example.com', '/loan-app.apk').kind).toBe('app-file');
  });

  it('reads Cyrillic look-alike letters', () => {
    expect(judgeHost('раytm.com').kind).toBe('lookalike');
  });
});
