import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { zodToFieldErrors } from './http-errors.ts';

/**
 * Route JSON schemas here exist for the OpenAPI document only; the rules (and DRF's wording of their
 * messages) live in zod, applied in the handler. Without this, Fastify's Ajv would answer first, in its words.
 */
export const documentationOnly: FastifySchemaCompiler<unknown> = () => () => true;

/** A request part (body or query) parsed by a zod schema, or DRF-shaped field errors (400). */
export function parseInput<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw zodToFieldErrors(result.error);
  return result.data;
}
