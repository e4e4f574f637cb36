// Generates bad input for a route of the OpenAPI document: each case starts from a plausible
// request and spoils one thing (a parameter, a body field, the body as a whole).

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  pattern?: string;
  default?: unknown;
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface BadRequest {
  label: string;
  url: string;
  /** A JSON value, or a raw string sent as is with `contentType`. */
  payload?: unknown;
  rawBody?: string;
  contentType?: string;
}

const uuid = '00000000-0000-4000-8000-000000000001';

function typeOf(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  const alt = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return alt ? typeOf(alt.find((s) => s.type !== 'null')) : undefined;
}

function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const alt = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (!schema.type && !schema.enum && !schema.properties && alt) return resolve(alt.find((s) => s.type !== 'null') ?? alt[0]);
  return schema;
}

/** A value the schema accepts, as far as a generator can tell. */
export function sampleOf(schema: JsonSchema | undefined, name = ''): unknown {
  const s = resolve(schema);
  if (!s) return 'abc';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [sampleOf(s.items)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(s.properties ?? {})) out[key] = sampleOf(value, key);
      return out;
    }
    default:
      if (s.format === 'email' || /e-?mail/i.test(name)) return 'sweep@example.test';
      if (s.format === 'uuid' || /guid/i.test(name)) return uuid;
      if (s.format === 'uri' || /url/i.test(name)) return 'https://example.test/x';
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (s.format === 'date') return '2026-01-01';
      return 'abcdefgh'.padEnd(s.minLength ?? 1, 'x');
  }
}

/** Values that must all be refused (or ignored) without a 500, for a field of this schema. */
function spoiledValues(schema: JsonSchema | undefined): [string, unknown][] {
  const kind = typeOf(resolve(schema));
  const common: [string, unknown][] = [
    ['NUL byte', 'ab\u0000cd'],
    ['control character', 'ab\u0007\u001bcd'],
    ['over-long string', 'x'.repeat(100_000)],
    ['object instead of scalar', { $gt: 1 }],
    ['array', ['1', '2']],
    ['null', null],
  ];
  if (kind === 'integer' || kind === 'number') {
    return [
      ['2^31', 2147483648],
      // Past Number.MAX_SAFE_INTEGER: what a client's JSON may carry, precision loss included.
      // eslint-disable-next-line no-loss-of-precision
      ['2^53+1', 9007199254740993],
      ['1e15', 1e15],
      ['1e308', 1e308],
      ['negative', -1],
      ['zero', 0],
      ['fraction', 1.5],
      ['word for a number', 'abc'],
      ...common,
    ];
  }
  if (kind === 'boolean') return [['word for a boolean', 'yes-please'], ['number for a boolean', 2], ...common];
  return [
    ['number for a string', 12345],
    ['empty string', ''],
    ['unicode', 'Ω≈ç√∫😀'],
    ['javascript: url', 'javascript:alert(1)'],
    ...common,
  ];
}

function asQueryValue(value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function buildUrl(path: string, params: Record<string, string>, query: Record<string, unknown>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const v of value) search.append(key, asQueryValue(v));
    else if (value !== undefined) search.set(key, asQueryValue(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** Every bad request generated for one operation. */
export function badRequestsFor(path: string, op: OpenApiOperation): BadRequest[] {
  const parameters = op.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const params: Record<string, string> = Object.fromEntries(pathParams.map((p) => [p.name, String(sampleOf(p.schema, p.name))]));
  const query: Record<string, unknown> = Object.fromEntries(queryParams.map((p) => [p.name, sampleOf(p.schema, p.name)]));
  const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
  const body = jsonSchema ? sampleOf(jsonSchema) : undefined;
  const cases: BadRequest[] = [{ label: 'plausible request', url: buildUrl(path, params, query), payload: body }];

  for (const p of pathParams) {
    for (const [label, value] of [
      ['2^31', '2147483648'],
      ['2^31-1', '2147483647'],
      ['negative', '-1'],
      ['zero', '0'],
      ['fraction', '1.5'],
      ['word', 'abc'],
      ['NUL byte', 'a\u0000b'],
      ['huge', '9'.repeat(400)],
      ['over-long', 'x'.repeat(5000)],
    ] as const) {
      cases.push({ label: `path ${p.name}: ${label}`, url: buildUrl(path, { ...params, [p.name]: value }, query), payload: body });
    }
  }
  for (const p of queryParams) {
    if (p.required)
      cases.push({ label: `query ${p.name}: missing`, url: buildUrl(path, params, { ...query, [p.name]: undefined }), payload: body });
    for (const [label, value] of spoiledValues(p.schema)) {
      cases.push({ label: `query ${p.name}: ${label}`, url: buildUrl(path, params, { ...query, [p.name]: value }), payload: body });
    }
  }
  if (jsonSchema) {
    const url = buildUrl(path, params, query);
    const shape = resolve(jsonSchema);
    const fields = Object.entries(shape?.properties ?? {});
    for (const [name, fieldSchema] of fields) {
      const base = body as Record<string, unknown>;
      const { [name]: _omitted, ...without } = base;
      cases.push({ label: `body ${name}: missing`, url, payload: without });
      for (const [label, value] of spoiledValues(fieldSchema))
        cases.push({ label: `body ${name}: ${label}`, url, payload: { ...base, [name]: value } });
    }
    cases.push(
      { label: 'body: bad JSON', url, rawBody: '{"a": ', contentType: 'application/json' },
      { label: 'body: JSON with a NUL escape', url, rawBody: '{"x":"\\u0000"}', contentType: 'application/json' },
      { label: 'body: array', url, payload: [body] },
      { label: 'body: string', url, rawBody: '"text"', contentType: 'application/json' },
      { label: 'body: empty', url, rawBody: '', contentType: 'application/json' },
      { label: 'body: deep nesting', url, rawBody: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json' },
      { label: 'body: form-encoded', url, rawBody: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    );
  }
  return cases;
}
