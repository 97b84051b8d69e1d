import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, detail, fieldErrors, say, type Message } from '../platform/errors.ts';
import { nullCharacterErrors } from '../http/null-characters.ts';
import { bodyAsDictionary } from '../http/request-validation.ts';
import { InvalidMediaError, cutAtLimit, fileTooLarge, UploadBatch, type StoredMedia, type MediaKind } from '../services/media/index.ts';

/** How a multipart file field is read: which kinds it accepts, its error message, how many files at most. */
export type FileFieldRule = { accept: readonly MediaKind[]; invalid: string | Message; max?: number };

export type RequestForm = {
  fields: Record<string, unknown>;
  /** Every value of each multipart text field, in the order sent (a list such as one `alts` per image); empty for JSON. */
  lists: Record<string, string[]>;
  files: { field: string; media: StoredMedia }[];
  /** Moves the files under /media/private/ (for a private circle) and gives them with their new URLs. */
  makePrivate: () => Promise<{ field: string; media: StoredMedia }[]>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The handler reads the multipart parts (and their files) itself; other routes get a form's text fields as their body. */
    multipartFiles?: boolean;
  }
  interface FastifyRequest {
    /**
     * Reads a body that is JSON (or a URL-encoded form) or multipart with files, runs `handle` with it, and
     * deletes the stored files when anything fails, so a failed request leaves no file and no row behind.
     */
    withForm<T>(rules: Record<string, FileFieldRule>, handle: (form: RequestForm) => Promise<T>): Promise<T>;
  }
}

type MultipartForm = Omit<RequestForm, 'fields' | 'makePrivate'> & { fields: Record<string, string>; batch: UploadBatch };

const drain = (part: MultipartFile) => pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() }));

/** busboy reports a malformed body (no boundary, cut-off data) as a plain Error: that is the client's 400. */
export function asMultipartClientError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof HttpError || 'code' in error) return error;
  if (/multipart|boundary|part terminated|unexpected end/i.test(error.message)) {
    return detail(400, `Multipart form parse error - ${error.message}`);
  }
  return error;
}

/**
 * Reads a whole multipart request: text fields (the last value of a repeated field wins) and the files
 * of the fields in `rules`, stored as they arrive. Files of other fields and empty file inputs are skipped.
 * On any failure the files written so far are deleted before the error goes on.
 */
async function receiveMultipart(
  request: FastifyRequest,
  options: { batch: UploadBatch; maxBytes: number; rules: Record<string, FileFieldRule> },
): Promise<MultipartForm> {
  const { batch } = options;
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const files: MultipartForm['files'] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw detail(413, say('api.tooLarge'));
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const refused = nullCharacterErrors({ [part.fieldname]: value });
        if (refused) throw refused;
        fields[part.fieldname] = value;
        (lists[part.fieldname] ??= []).push(value);
        continue;
      }
      const rule = Object.hasOwn(options.rules, part.fieldname) ? options.rules[part.fieldname] : undefined;
      if (!rule) {
        cutAtLimit(part.file, () => fileTooLarge(options.maxBytes));
        await drain(part);
        if (part.file.truncated) throw fileTooLarge(options.maxBytes);
        continue;
      }
      const count = files.filter((f) => f.field === part.fieldname).length;
      if (rule.max !== undefined && count >= rule.max) {
        throw fieldErrors({ [part.fieldname]: [say('errors.media.tooMany', { count: rule.max })] });
      }
      try {
        const media = await batch.store({ stream: part.file, filename: part.filename }, rule.accept);
        if (media) files.push({ field: part.fieldname, media });
      } catch (error) {
        if (error instanceof InvalidMediaError) throw fieldErrors({ [part.fieldname]: [error.userMessage ?? rule.invalid] });
        throw error;
      }
    }
  } catch (error) {
    // Nothing more of this body is read (a file over the limit stops here, not at its end).
    request.raw.unpipe();
    await batch.discard();
    throw asMultipartClientError(error);
  }
  return { fields, lists, files, batch };
}

/**
 * Uploads: multipart bodies are read here and nowhere else. Routes that take files call
 * `request.withForm(rules, handle)`; on every other API route a multipart form's text fields are its
 * body, as DRF reads them (its files are drained and dropped).
 */
async function uploadsPlugin(app: FastifyInstance) {
  const { mediaDir, maxUploadBytes } = app.ctx.config;
  const { mediaStore } = app.ctx.services;
  // Files arrive in the media directory's hidden incoming files (local disk, whatever the store), and only accepted ones go on.
  const newBatch = () => new UploadBatch(mediaStore, mediaDir, maxUploadBytes);
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes, files: 20, fields: 20, fieldSize: 1024 * 1024, parts: 40 },
  });

  app.decorateRequest('withForm', async function withForm<
    T,
  >(this: FastifyRequest, rules: Record<string, FileFieldRule>, handle: (form: RequestForm) => Promise<T>): Promise<T> {
    if (!this.isMultipart()) return handle({ fields: bodyAsDictionary(this.body), lists: {}, files: [], makePrivate: async () => [] });
    const form = await receiveMultipart(this, { batch: newBatch(), maxBytes: maxUploadBytes, rules });
    try {
      const makePrivate = async () => {
        const moved = [];
        for (const file of form.files) moved.push({ field: file.field, media: await form.batch.makePrivate(file.media) });
        return moved;
      };
      return await handle({ fields: form.fields, lists: form.lists, files: form.files, makePrivate });
    } catch (error) {
      await form.batch.discard();
      throw error;
    }
  });

  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/') || !request.isMultipart() || request.routeOptions.config.multipartFiles) return;
    request.body = (await receiveMultipart(request, { batch: newBatch(), maxBytes: maxUploadBytes, rules: {} })).fields;
  });
}

export default fp(uploadsPlugin, { name: 'uploads', dependencies: ['body-parsers'] });
