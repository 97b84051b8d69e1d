import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { fieldErrors, zodToFieldErrors } from '../platform/errors.ts';

/**
 * Route JSON schemas here exist for the OpenAPI document only; the rules (and DRF's wording of their
 * messages) live in zod, applied in the handler. Without this, Fastify's Ajv would answer first, in its words.
 */
export const documentationOnly: FastifySchemaCompiler<unknown> = () => () => true;

type JsonSchema = { type?: string; properties?: Record<string, unknown>; [key: string]: unknown };

/**
 * The JSON schema /api/docs shows for a request body or query: generated from the zod schema that validates it,
 * so the two cannot drift. `paging` adds the page parameters, which `paginate()` reads rather than zod.
 */
export function documented(schema: z.ZodTypeAny, paging: Record<string, string> = {}): JsonSchema {
  const json = zodToJsonSchema(schema, { target: 'openApi3', $refStrategy: 'none', effectStrategy: 'input' }) as JsonSchema;
  const pages = Object.fromEntries(Object.entries(paging).map(([param, description]) => [param, { type: 'string', description }]));
  return { ...json, properties: { ...json.properties, ...pages } };
}

/** The one page parameter of a paged list, for `documented()`. */
export const PAGE = { page: 'Page number, from 1' };

/** DRF's names for JSON types, for 'Invalid data. Expected a dictionary, but got list.' */
function jsonTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return 'NoneType';
}

/**
 * A request body as the dictionary every endpoint reads: no body (or JSON null) is an empty one, and a
 * JSON list, string, number or boolean is DRF's 400 before any field is looked at.
 */
export function bodyAsDictionary(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw fieldErrors({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${jsonTypeName(body)}.`] });
  }
  return body as Record<string, unknown>;
}

/** A request part (body or query) parsed by a zod schema, or DRF-shaped field errors (400). */
export function parseInput<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): T {
  const result = schema.safeParse(bodyAsDictionary(value));
  if (!result.success) throw zodToFieldErrors(result.error);
  return result.data;
}
