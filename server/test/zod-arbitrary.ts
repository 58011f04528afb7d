/**
 * fast-check arbitraries derived from the contract's zod schemas, for the
 * schema kinds the contract uses (objects, strings with length, pattern and
 * email rules, numbers with bounds, booleans, enums, arrays, records of enum
 * keys, optional/default/nullable, pipes, preprocess and stringbool). They
 * make the *input* side of a schema: what a client sends.
 */
import fc from 'fast-check';
import { z } from 'zod';

type Path = (string | number)[];

interface StringRules {
  minLength: number;
  maxLength: number;
  patterns: RegExp[];
  email: boolean;
}

interface CheckDef {
  check?: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

const checksOf = (schema: z.ZodType): CheckDef[] =>
  ((schema._zod.def as { checks?: { _zod: { def: CheckDef } }[] }).checks ?? []).map(
    (check) => check._zod.def,
  );

/**
 * The text rules (D37: no control characters, no lone surrogates) say what may
 * not appear; plain text already obeys them, and building an arbitrary from
 * their Unicode classes costs more than the rest of a fuzz run.
 */
const isTextRule = (pattern: RegExp) => /\\[pP]\{C[cs]\}/.test(pattern.source);

/** Length, pattern and format rules of a string-like schema, pipes and wrappers included. */
function stringRules(schema: z.ZodType, rules: StringRules): StringRules {
  if (schema instanceof z.ZodPipe) {
    return stringRules(schema.out as z.ZodType, stringRules(schema.in as z.ZodType, rules));
  }
  if (!(schema instanceof z.ZodString) && !(schema instanceof z.ZodStringFormat)) return rules;
  let next = { ...rules, patterns: [...rules.patterns] };
  if ((schema._zod.def as CheckDef).format === 'email') next.email = true;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') {
      next = { ...next, minLength: Math.max(next.minLength, check.minimum ?? 0) };
    }
    if (check.check === 'max_length') {
      next = { ...next, maxLength: Math.min(next.maxLength, check.maximum ?? next.maxLength) };
    }
    if (check.format === 'email') next.email = true;
    if (check.format === 'regex' && check.pattern && !isTextRule(check.pattern)) {
      next.patterns.push(check.pattern);
    }
  }
  return next;
}

const isStringLike = (schema: z.ZodType): boolean =>
  schema instanceof z.ZodString ||
  schema instanceof z.ZodStringFormat ||
  (schema instanceof z.ZodPipe &&
    !(schema.in instanceof z.ZodTransform) &&
    isStringLike(schema.in as z.ZodType) &&
    (schema.out instanceof z.ZodTransform || isStringLike(schema.out as z.ZodType)));

/** Lookaheads (the password rule's) are beyond fc.stringMatching; the parse below checks them. */
/**
 * A filter keeping what the schema accepts, which lets a value through anyway
 * after 100 misses in a row: a rule the walker cannot meet makes a few invalid
 * values instead of a fuzzer that never ends.
 */
function parsesBy(schema: z.ZodType): (value: unknown) => boolean {
  let misses = 0;
  return (value) => {
    if (schema.safeParse(value).success || ++misses > 100) {
      misses = 0;
      return true;
    }
    return false;
  };
}

const withoutLookaheads = (pattern: RegExp) =>
  new RegExp(pattern.source.replace(/\(\?=[^)]*\)/g, ''), pattern.flags);

/** Any text a person might type, in every script, emoji and combining marks included. */
export const humanText = (minLength: number, maxLength: number) =>
  fc.string({ unit: 'grapheme', minLength, maxLength });

/**
 * A string the schema accepts: candidates from its rules, kept when they parse
 * (refinements are not visible to the walker, and the text rule is left to the parse).
 */
function validString(schema: z.ZodType): fc.Arbitrary<string> {
  const rules = stringRules(schema, {
    minLength: 0,
    maxLength: Number.MAX_SAFE_INTEGER,
    patterns: [],
    email: false,
  });
  const [pattern] = rules.patterns;
  const generated: fc.Arbitrary<string> = rules.email
    ? fc.emailAddress()
    : pattern
      ? fc.stringMatching(withoutLookaheads(pattern))
      : humanText(rules.minLength, Math.min(rules.maxLength, Math.max(rules.minLength, 40)));
  // A rule chance rarely meets (a phone's 7 to 15 digits) has examples in the contract.
  const examples = examplesOf(schema);
  const candidate =
    examples.length > 0 ? fc.oneof(generated, fc.constantFrom(...examples)) : generated;
  return candidate.filter(parsesBy(schema));
}

function examplesOf(schema: z.ZodType): string[] {
  const own = (z.globalRegistry.get(schema)?.examples ?? []) as string[];
  if (own.length > 0 || !(schema instanceof z.ZodPipe)) return own;
  return [...examplesOf(schema.in as z.ZodType), ...examplesOf(schema.out as z.ZodType)];
}

function numberFor(schema: z.ZodNumber): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let integer = false;
  for (const check of checksOf(schema)) {
    if (check.check === 'number_format') integer = true;
    const bound = Number(check.value);
    if (check.check === 'greater_than') min = check.inclusive ? bound : bound + 0.01;
    if (check.check === 'less_than') max = check.inclusive ? bound : bound - 0.01;
  }
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  // Whole paise (D4): amounts in the contract have at most 2 decimals.
  return fc
    .integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) })
    .map((paise) => paise / 100);
}

/** The input side of a schema, as a client sends it. */
export function arbitraryFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    return fc.option(arbitraryFor(schema.def.innerType as z.ZodType), { nil: undefined });
  }
  if (schema instanceof z.ZodNullable) {
    return fc.option(arbitraryFor(schema.def.innerType as z.ZodType), { nil: null });
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return fc
      .record(
        Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, arbitraryFor(field)])),
      )
      .map(withoutUndefined)
      .filter(parsesBy(schema));
  }
  if (schema instanceof z.ZodArray) {
    const checks = checksOf(schema);
    const minLength = checks.find((check) => check.check === 'min_length')?.minimum ?? 0;
    const maxLength = checks.find((check) => check.check === 'max_length')?.maximum ?? 5;
    return fc.array(arbitraryFor(schema.element as z.ZodType), {
      minLength,
      maxLength: Math.min(maxLength, Math.max(minLength, 5)),
    });
  }
  if (schema instanceof z.ZodRecord && schema.keyType instanceof z.ZodEnum) {
    const keys = schema.keyType.options as string[];
    const value = arbitraryFor(schema.valueType as z.ZodType);
    return fc
      .subarray(keys)
      .chain((chosen) => fc.tuple(...chosen.map(() => value)).map((values) => zip(chosen, values)));
  }
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...(schema.options as string[]));
  if (schema instanceof z.ZodLiteral) return fc.constantFrom(...[...schema.values]);
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodNumber) return numberFor(schema);
  if (schema instanceof z.ZodPipe) {
    const bag = schema._zod.bag as { truthy?: string[]; falsy?: string[] };
    if (bag.truthy && bag.falsy) return fc.constantFrom(...bag.truthy, ...bag.falsy);
    if (schema.in instanceof z.ZodTransform) return arbitraryFor(schema.out as z.ZodType);
    if (isStringLike(schema)) return validString(schema);
    return arbitraryFor(schema.in as z.ZodType);
  }
  if (isStringLike(schema)) return validString(schema);
  return fc.anything();
}

/**
 * Objects keep only what parses, since object-level rules (a price range in
 * order, card details to pay by card) are not visible field by field; the one
 * such rule chance would never meet is made true by construction: a
 * confirmation copies its password.
 */
function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (field !== undefined) copy[key] = field;
  if ('confirmPassword' in copy) copy.confirmPassword = copy.newPassword ?? copy.password;
  return copy;
}

const zip = (keys: string[], values: unknown[]) =>
  Object.fromEntries(keys.map((key, index) => [key, values[index]]));

/** The unwrapped kind of a schema: optional/default/nullable/preprocess taken off. */
function unwrap(schema: z.ZodType): z.ZodType {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodNullable
  ) {
    return unwrap(schema.def.innerType as z.ZodType);
  }
  if (schema instanceof z.ZodPipe && schema.in instanceof z.ZodTransform) {
    return unwrap(schema.out as z.ZodType);
  }
  if (schema instanceof z.ZodPipe && !isStringLike(schema)) {
    const bag = schema._zod.bag as { truthy?: string[] };
    return bag.truthy ? schema : unwrap(schema.in as z.ZodType);
  }
  return schema;
}

/**
 * Where a client puts text in a request: the path of every string field
 * (array items at index 0), found by walking the schema.
 */
export function stringFieldsOf(schema: z.ZodType, path: Path = []): Path[] {
  const inner = unwrap(schema);
  if (isStringLike(inner)) return [path];
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      stringFieldsOf(field, [...path, key]),
    );
  }
  if (inner instanceof z.ZodArray) return stringFieldsOf(inner.element as z.ZodType, [...path, 0]);
  return [];
}

/** A copy of `value` with `leaf` at `path`, making the objects and arrays on the way. */
export function setAt(value: unknown, path: Path, leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (typeof head === 'number') {
    const array = Array.isArray(value) ? [...value] : [];
    array[head] = setAt(array[head], rest, leaf);
    return array;
  }
  const object =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { ...(value as Record<string, unknown>) }
      : {};
  object[head] = setAt(object[head], rest, leaf);
  return object;
}
