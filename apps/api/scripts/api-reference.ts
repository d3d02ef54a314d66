import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3 } from 'openapi-types';
import * as prettier from 'prettier';
import { API_PREFIX, ERROR_RESPONSES } from '../src/lib/openapi-document';
import { apiDocument } from '../src/plugins/api-docs';

/*
 * docs/api.md, the API reference, written from the OpenAPI document (itself built from the endpoint definitions in
 * packages/contract): `npm run docs:api` rewrites it, and a test (api-reference.test.ts) fails while it is not up to
 * date.
 */

export const API_REFERENCE = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));

type Schema = OpenAPIV3.SchemaObject;
const METHODS = ['get', 'post', 'put', 'delete'] as const;

/** A schema's type in one line: `string`, `integer | null`, `"paid" | "unpaid"`, `object[]`. */
function typeOf(schema: Schema): string {
  let type: string;
  if (schema.enum) type = schema.enum.map((v) => (v === null ? 'null' : JSON.stringify(v))).join(' \\| ');
  else if (schema.anyOf || schema.oneOf) {
    type = (schema.anyOf ?? schema.oneOf ?? []).map((s) => typeOf(s as Schema)).join(' \\| ');
  } else if (schema.type === 'array') type = `${typeOf((schema.items ?? {}) as Schema)}[]`;
  else if (schema.type)
    type = schema.format && schema.format !== 'binary' ? `${schema.type} (${schema.format})` : schema.type;
  else type = 'any';
  return schema.nullable && !schema.enum?.includes(null) ? `${type} \\| null` : type;
}

function noteOf(description: string | undefined, limits: string): string {
  return [description?.replace(/\.$/, ''), limits].filter(Boolean).join('. ');
}

function cell(text: string | undefined): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/\n+/g, ' ');
}

/** Limits a field has beyond its type: length, range, pattern, default. */
function limitsOf(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    parts.push(`${schema.minLength ?? 0} to ${schema.maxLength ?? '…'} characters`);
  }
  const bounded = (n: number | undefined) => n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER;
  if (bounded(schema.minimum) || bounded(schema.maximum)) {
    parts.push(`${schema.minimum ?? '…'} to ${schema.maximum ?? '…'}`);
  }
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    parts.push(`${schema.minItems ?? 0} to ${schema.maxItems ?? '…'} items`);
  }
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join('; ');
}

/** The fields of an object schema, nested ones as `a.b` and `items[].name`, one table row each. */
function fieldRows(schema: Schema, prefix = ''): string[] {
  const rows: string[] = [];
  const object = schema.type === 'array' ? ((schema.items ?? {}) as Schema) : schema;
  const base = schema.type === 'array' ? `${prefix}[]` : prefix;
  const variants = (object.anyOf ?? object.oneOf) as Schema[] | undefined;
  if (variants && variants.every((v) => v.type === 'object')) {
    variants.forEach((variant, i) => {
      rows.push(`| ${base || '(body)'} | one of ${variants.length}: variant ${i + 1} | | |`);
      rows.push(...fieldRows(variant, base));
    });
    return rows;
  }
  if (object.type !== 'object' || !object.properties) return rows;
  const required = new Set(object.required ?? []);
  for (const [name, property] of Object.entries(object.properties) as [string, Schema][]) {
    const path = base ? `${base}.${name}` : name;
    const note = noteOf(property.description, limitsOf(property));
    rows.push(`| \`${path}\` | ${typeOf(property)} | ${required.has(name) ? 'yes' : ''} | ${cell(note)} |`);
    rows.push(...fieldRows(property, path));
  }
  return rows;
}

function fieldsTable(schema: Schema): string[] {
  const rows = fieldRows(schema);
  if (rows.length === 0) return [`\`${typeOf(schema)}\``, ''];
  return ['| field | type | required | notes |', '| --- | --- | --- | --- |', ...rows, ''];
}

const WHO: Record<string, string> = {
  '[]': 'anyone',
  '[{},{"session":[]}]': 'anyone; reads the session when one is sent',
  '[{"session":[]}]': 'a signed-in account (`session` cookie)',
  '[{"adminSession":[]}]': 'a shop admin (`adminSession`)',
};

function anchorOf(operationId: string): string {
  return operationId.toLowerCase();
}

function operationMarkdown(method: string, path: string, op: OpenAPIV3.OperationObject): string[] {
  const lines = [`### <a id="${anchorOf(op.operationId!)}"></a>\`${method.toUpperCase()} ${path}\``, ''];
  lines.push(
    `**${op.summary}** (\`${op.operationId}\`). Who: ${WHO[JSON.stringify(op.security)] ?? 'see security'}.`,
    '',
  );
  const description = (op.description ?? '').split('\n\n').slice(0, -1).join('\n\n');
  if (description) lines.push(description, '');
  const parameters = (op.parameters ?? []) as OpenAPIV3.ParameterObject[];
  if (parameters.length > 0) {
    lines.push('| parameter | in | type | required | notes |', '| --- | --- | --- | --- | --- |');
    for (const p of parameters) {
      const schema = p.schema as Schema;
      const note = noteOf(p.description, limitsOf(schema));
      lines.push(
        `| \`${p.name}\` | ${p.in} | ${typeOf(schema)} | ${p.required ? 'yes' : ''} | ${cell(note)} |`,
      );
    }
    lines.push('');
  }
  const body = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content['application/json'];
  if (body) {
    const required = (op.requestBody as OpenAPIV3.RequestBodyObject).required;
    lines.push(`Body (JSON${required ? '' : ', optional'}):`, '', ...fieldsTable(body.schema as Schema));
  }
  const errors: string[] = [];
  const answers = new Map<string, { statuses: string[]; response: OpenAPIV3.ResponseObject }>();
  for (const [status, response] of Object.entries(op.responses)) {
    if ('$ref' in response) {
      errors.push(status);
      continue;
    }
    const key = JSON.stringify({ ...response, description: undefined });
    const same = answers.get(key);
    if (same) same.statuses.push(status);
    else answers.set(key, { statuses: [status], response });
  }
  for (const { statuses, response } of answers.values()) {
    const json = response.content?.['application/json']?.schema as Schema | undefined;
    const other = Object.keys(response.content ?? {}).filter((type) => type !== 'application/json');
    const headers = Object.keys(response.headers ?? {});
    lines.push(
      `Answer ${statuses.join(' or ')}: ${response.description}${other.length ? ` (${other.join(', ')})` : ''}${
        headers.length ? `; headers ${headers.map((h) => `\`${h}\``).join(', ')}` : ''
      }${json ? ':' : '.'}`,
      '',
    );
    if (json) lines.push(...fieldsTable(json));
  }
  if (errors.length > 0) lines.push(`Errors (\`{ error }\`): ${errors.join(', ')}.`, '');
  return lines;
}

/** The reference, as Markdown (formatted as Prettier writes it, so `npm run lint` passes on it). */
export async function renderApiReference(document: OpenAPIV3.Document = apiDocument()): Promise<string> {
  const byTag = new Map<string, Array<[string, string, OpenAPIV3.OperationObject]>>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push([method, path, op]);
    }
  }
  const tags = document.tags ?? [];
  const errorRows = Object.entries(ERROR_RESPONSES).map(
    ([status, { description }]) => `| ${status} | ${description} |`,
  );
  const lines = [
    '# API reference',
    '',
    '<!-- Written by `npm run docs:api` from the OpenAPI document; edit the endpoint definitions',
    '     (packages/contract/src/endpoints/), not this file. A test fails while it is out of date. -->',
    '',
    `${document.info.description}`,
    '',
    `Every path below is under \`${API_PREFIX}\`. The machine-readable document is \`GET ${API_PREFIX}/openapi.json\` ` +
      `(and a page at \`${API_PREFIX}/docs\`) while \`API_DOCS\` is on; how it is built and checked: ` +
      '[decision 025](decisions/025-endpoints-defined-once.md).',
    '',
    '## Failures',
    '',
    'Every failure answers `{ "error": "a message for people", "details"?: [{ "path", "message" }] }`; `details` ' +
      'names the fields of an input that failed its checks. The messages a customer can meet, and the `message` of ' +
      'a successful answer, are in the request\'s language: its `lang` cookie ("en" or "sw"), else its ' +
      'Accept-Language, else English (the texts: packages/contract/src/message-catalogue.ts).',
    '',
    '| status | meaning |',
    '| --- | --- |',
    ...errorRows,
    '',
    '## Contents',
    '',
  ];
  for (const tag of tags) {
    const ops = byTag.get(tag.name) ?? [];
    lines.push(
      `- ${tag.name}: ${ops.map(([m, p, op]) => `[${m.toUpperCase()} ${p}](#${anchorOf(op.operationId!)})`).join(', ')}`,
    );
  }
  lines.push('');
  for (const tag of tags) {
    lines.push(`## ${tag.name}`, '');
    if (tag.description) lines.push(tag.description, '');
    for (const [method, path, op] of byTag.get(tag.name) ?? [])
      lines.push(...operationMarkdown(method, path, op));
  }
  const text = `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
  const options = await prettier.resolveConfig(API_REFERENCE);
  return prettier.format(text, { ...options, parser: 'markdown' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(API_REFERENCE, await renderApiReference());
  console.warn(`wrote ${API_REFERENCE}`);
}
