import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

/** True when zod would give back the value unchanged: same keys, same order, every value valid. */
type Check = (value: unknown) => boolean;

/**
 * Response serialisation: zod checks every answer against its route's schema and writes back what
 * it parsed (unknown keys dropped). For schemas made only of objects, arrays, strings, numbers,
 * booleans, literals, enums and optional fields, a check compiled from the schema tells in one pass
 * whether zod would return the answer as it is; then the answer is written directly. Anything else
 * (an unknown or misplaced key, a wrong type) goes through zod as before, so what is sent, and what
 * fails, are the same. Counts for 100 names spent more time in zod than in the database.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const check = compileCheck(route.schema as $ZodType);
  if (!check) return viaZod;
  return (data) => (check(data) ? JSON.stringify(data) : viaZod(data));
};

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  shape?: Record<string, $ZodType>;
  catchall?: unknown;
  format?: string;
  element?: $ZodType;
  innerType?: $ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
}

/** The check for a schema, or undefined when it uses anything the check does not cover. */
export function compileCheck(schema: $ZodType | undefined): Check | undefined {
  const def = (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;
  if (!def) return undefined;
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'string':
      return checks.length === 0 && def.format === undefined
        ? (value) => typeof value === 'string'
        : undefined;
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'number':
      return def.format === undefined ? numberCheck(checks) : undefined;
    case 'literal': {
      const values = def.values ?? [];
      return (value) => values.includes(value);
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return (value) => values.includes(value);
    }
    case 'array': {
      const element = compileCheck(def.element);
      if (!element || checks.length > 0) return undefined;
      return (value) => Array.isArray(value) && value.every(element);
    }
    case 'object':
      return def.catchall === undefined ? objectCheck(def.shape ?? {}) : undefined;
    default:
      return undefined;
  }
}

function numberCheck(checks: NonNullable<Def['checks']>): Check | undefined {
  if (checks.length === 0) return (value) => typeof value === 'number' && Number.isFinite(value);
  const [only] = checks;
  if (checks.length === 1 && only?._zod.def.check === 'number_format' && only._zod.def.format === 'safeint')
    return (value) => Number.isSafeInteger(value);
  return undefined;
}

function objectCheck(shape: Record<string, $ZodType>): Check | undefined {
  const keys = Object.keys(shape);
  const fields: { check: Check; isOptional: boolean }[] = [];
  for (const key of keys) {
    const def = (shape[key] as { _zod: { def: Def } })._zod.def;
    const isOptional = def.type === 'optional';
    const check = compileCheck(isOptional ? def.innerType : shape[key]);
    if (!check) return undefined;
    fields.push({ check, isOptional });
  }
  return (value) => {
    if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
      return false;
    const record = value as Record<string, unknown>;
    // zod writes the known keys in the schema's order: the answer's must already be in it.
    let next = 0;
    for (const key in record) {
      while (next < keys.length && keys[next] !== key) {
        if (!fields[next]!.isOptional) return false;
        next++;
      }
      if (next === keys.length) return false;
      const field = fields[next]!;
      const item = record[key];
      if (!(item === undefined ? field.isOptional : field.check(item))) return false;
      next++;
    }
    for (; next < keys.length; next++) if (!fields[next]!.isOptional) return false;
    return true;
  };
}
