import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Worker as Thread } from 'node:worker_threads';
import sharp from 'sharp';
import { createWorker, OEM, type Block, type Worker } from 'tesseract.js';

/**
 * The text in an image, read by OCR (tesseract.js, English and Hindi): a screenshot of a scam message gets the verdict
 * its words would get. The language data comes from the installed @tesseract.js-data packages (their LSTM-only
 * `4.0.0_best_int` files, 2.9 MB English and 1.4 MB Hindi, gzipped) and the engine from tesseract.js-core: nothing is
 * downloaded and nothing is cached to disk. Recognition runs in worker threads, at most `concurrency` of them, kept
 * between images and ended after a minute idle; one that takes longer than `timeoutMs` is ended and replaced.
 */

export const IMAGE_TEXT_LANGUAGES = ['eng', 'hin'] as const;

/**
 * Images are scaled down to fit this box before reading: a phone screenshot (1080–1440 wide) keeps its text legible
 * and the work stays bounded. A photo costs most (tesseract looks for text in every texture): measured on this
 * project's 2-core machine, a textured 2000 × 1500 image took 12 s, the same at 1280 × 960 about a third of it.
 */
const MAX_WIDTH = 1280;
const MAX_HEIGHT = 2880;
/** Words read with less confidence than this (0–100) are left out: a photo's textures read as stray letters. */
const MIN_WORD_CONFIDENCE = 60;
/** A worker idle this long is ended (each holds about 150 MB); the next image starts one again in about a second. */
const IDLE_MS = 60_000;

/** A recognition (or a worker's start) that took longer than the reader's timeout; its worker was ended. */
export class ImageTextTimeoutError extends Error {}

export type ImageTextReaderOptions = {
  /** The longest one image (or one worker's start) may take. */
  timeoutMs: number;
  /** Workers at most (each a thread with its own copy of the engine). */
  concurrency: number;
  log: { warn: (obj: object, msg: string) => void };
};

export type ImageTextReader = {
  /** The words in an image, '' when it holds none or cannot be decoded; ImageTextTimeoutError past the timeout. */
  read(image: Buffer): Promise<string>;
  /** Ends every worker; a read after it starts them again. */
  close(): Promise<void>;
};

/** tesseract.js reads every language from one directory: one made of links to the packages' files, once per reader. */
async function languageDirectory(): Promise<string> {
  const require = createRequire(import.meta.url);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bsq-ocr-'));
  for (const code of IMAGE_TEXT_LANGUAGES) {
    const packageDir = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    await symlink(path.join(packageDir, '4.0.0_best_int', `${code}.traineddata.gz`), path.join(dir, `${code}.traineddata.gz`));
  }
  return dir;
}

function timeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImageTextTimeoutError(`image text not read within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The image as the engine reads it best: upright, grey, within MAX_WIDTH × MAX_HEIGHT, PNG. Null when sharp cannot decode it. */
async function prepare(image: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(image, { failOn: 'none' })
      .rotate()
      .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * The words read with confidence, a paragraph (a chat bubble, say) to a line and a blank line between paragraphs. A
 * wrapped line is rejoined with a space: the shield reads a single line break between two letters as a word split on
 * purpose ("acco\nunt") and joins it, which would glue "kyc.update@okaxis" to the next line's first word.
 */
function confidentText(blocks: Block[]): string {
  return blocks
    .flatMap((block) => block.paragraphs)
    .map((paragraph) =>
      paragraph.lines
        .flatMap((line) => line.words)
        .filter((word) => word.confidence >= MIN_WORD_CONFIDENCE)
        .map((word) => word.text)
        .join(' '),
    )
    .filter(Boolean)
    .join('\n\n');
}

export function createImageTextReader({ timeoutMs, concurrency, log }: ImageTextReaderOptions): ImageTextReader {
  let languages: Promise<string> | null = null;
  const idle: Worker[] = [];
  const idleTimers = new Map<Worker, NodeJS.Timeout>();
  const waiting: Array<() => void> = [];
  let running = 0;
  let closed = false;

  async function start(): Promise<Worker> {
    languages ??= languageDirectory().catch((error: unknown) => {
      languages = null;
      throw error;
    });
    const langPath = await languages;
    // Without an errorHandler tesseract.js throws a failed job's error from its message listener, which would end
    // the process; with it, a failed start rejects here and a failed recognition rejects its own promise.
    let failed: (reason: unknown) => void = () => {};
    const failure = new Promise<never>((_, reject) => (failed = reject));
    failure.catch(() => {});
    const starting = createWorker([...IMAGE_TEXT_LANGUAGES], OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: 'none',
      logger: () => {},
      errorHandler: (error: unknown) => failed(new Error(String(error))),
    });
    try {
      const worker = await timeout(Promise.race([starting, failure]), timeoutMs);
      // A crash inside the thread is an 'error' event on it; unheard, it would end the whole process.
      (worker as unknown as { worker: Thread }).worker.on('error', (error) => {
        log.warn({ err: error }, 'image text worker failed');
        discard(worker);
      });
      // Uploads carry no resolution (their metadata is stripped); without one the engine guesses and says so on stderr.
      await timeout(worker.setParameters({ user_defined_dpi: '300' }), timeoutMs);
      return worker;
    } catch (error) {
      void starting.then((worker) => worker.terminate()).catch(() => {});
      throw error;
    }
  }

  /** A worker for one image: an idle one, a new one while fewer than `concurrency` run, else the next one freed. */
  async function acquire(): Promise<Worker> {
    for (;;) {
      const worker = idle.pop();
      if (worker) {
        clearTimeout(idleTimers.get(worker));
        idleTimers.delete(worker);
        return worker;
      }
      if (running < concurrency) {
        running++;
        try {
          return await start();
        } catch (error) {
          running--;
          waiting.shift()?.();
          throw error;
        }
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  function release(worker: Worker): void {
    if (closed) return discard(worker);
    idle.push(worker);
    idleTimers.set(
      worker,
      setTimeout(() => {
        const at = idle.indexOf(worker);
        if (at !== -1) idle.splice(at, 1);
        discard(worker);
      }, IDLE_MS).unref(),
    );
    waiting.shift()?.();
  }

  const ended = new WeakSet<Worker>();
  function discard(worker: Worker): void {
    if (ended.has(worker)) return;
    ended.add(worker);
    clearTimeout(idleTimers.get(worker));
    idleTimers.delete(worker);
    const at = idle.indexOf(worker);
    if (at !== -1) idle.splice(at, 1);
    running--;
    void worker.terminate().catch(() => {});
    waiting.shift()?.();
  }

  return {
    async read(image) {
      closed = false;
      const png = await prepare(image);
      if (!png) return '';
      const worker = await acquire();
      try {
        const { data } = await timeout(worker.recognize(png, {}, { text: false, blocks: true }), timeoutMs);
        release(worker);
        return confidentText(data.blocks ?? []);
      } catch (error) {
        discard(worker);
        throw error;
      }
    },

    async close() {
      closed = true;
      for (const worker of [...idle]) discard(worker);
      const dir = await languages?.catch(() => null);
      languages = null;
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
