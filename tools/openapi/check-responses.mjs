// Checks recorded HTTP answers (JSON lines: method, path, status, headers,
// body; tests/http/HttpTestSupport.h writes them when JOBDESK_HTTP_RECORD is
// set) against docs/openapi.yaml: the status is one the operation declares
// (or one the framer may give any request: x-jobdesk-transport-responses),
// every required header is there, every documented header that is sent is
// declared for that answer and matches its schema, the content type is
// declared and the body matches its schema. Exits 1 on any mismatch.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import Ajv from 'ajv';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const spec = yaml.load(fs.readFileSync(path.join(root, 'docs/openapi.yaml'), 'utf8'));
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node check-responses.mjs RECORD.jsonl...');
  process.exit(2);
}

const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
ajv.addSchema(spec, 'spec');
const compiled = new Map();
function validatorFor(pointer) {
  if (!compiled.has(pointer)) compiled.set(pointer, ajv.compile({ $ref: 'spec#' + pointer }));
  return compiled.get(pointer);
}
const esc = (s) => s.replace(/~/g, '~0').replace(/\//g, '~1');
function deref(obj) {
  while (obj && obj.$ref) {
    obj = obj.$ref.slice(2).split('/').reduce((o, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  }
  return obj;
}

// Path templates, literal ones first ("/v1/jobs/batch" before "/v1/jobs/{id}").
const templates = Object.keys(spec.paths)
  .map((t) => ({ t, re: new RegExp('^' + t.replace(/\{[^}]+\}/g, '([^/]+)') + '$'), literal: !t.includes('{') }))
  .sort((a, b) => Number(b.literal) - Number(a.literal));
const documentedHeaders = new Set(['location', 'idempotent-replayed', 'preference-applied', 'retry-after', 'allow', 'www-authenticate']);
const transport = spec['x-jobdesk-transport-responses'] || {};

let checked = 0;
const failures = new Map(); // message -> count
const seen = new Map();     // "METHOD template status" -> count
function fail(rec, why) {
  const key = `${rec.method} ${rec.path.split('?')[0]} -> ${rec.status}: ${why}`;
  failures.set(key, (failures.get(key) || 0) + 1);
}

function checkBody(rec, content, where) {
  const type = (rec.headers.find(([n]) => n.toLowerCase() === 'content-type') || [, ''])[1].split(';')[0].trim();
  if (rec.method === 'HEAD') return;
  if (!content) {
    if (rec.body.length) fail(rec, `a body, but ${where} declares none`);
    return;
  }
  if (!(type in content)) {
    fail(rec, `content type "${type}" not declared (${Object.keys(content).join(', ')})`);
    return;
  }
  const media = content[type];
  if (!media.schema) return;
  let value = rec.body;
  if (type.endsWith('json')) {
    try { value = JSON.parse(rec.body); } catch { fail(rec, 'body is not JSON'); return; }
  }
  const v = media.schema.$ref ? validatorFor(media.schema.$ref.slice(1)) : validatorFor(where + '/content/' + esc(type) + '/schema');
  if (!v(value)) fail(rec, 'body: ' + ajv.errorsText(v.errors, { separator: '; ' }));
}

function checkResponse(rec, response, where) {
  response = deref(response);
  const declared = new Map(Object.entries(response.headers || {}).map(([n, h]) => [n.toLowerCase(), deref(h)]));
  for (const [name, h] of declared) {
    const sent = rec.headers.filter(([n]) => n.toLowerCase() === name);
    if (h.required && sent.length === 0) fail(rec, `required header ${name} missing`);
    if (sent.length && h.schema) {
      const v = ajv.compile(h.schema.$ref ? { $ref: 'spec' + h.schema.$ref } : h.schema);
      if (!v(sent[0][1])) fail(rec, `header ${name}: "${sent[0][1]}" ` + ajv.errorsText(v.errors));
    }
  }
  for (const [n] of rec.headers) {
    if (documentedHeaders.has(n.toLowerCase()) && !declared.has(n.toLowerCase())) fail(rec, `header ${n} sent but not declared`);
  }
  checkBody(rec, response.content, where);
}

for (const file of files) {
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const rec = JSON.parse(line);
    checked++;
    const p = rec.path.split('?')[0];
    const match = templates.find((x) => x.re.test(p));
    const method = rec.method === 'HEAD' ? 'get' : rec.method.toLowerCase();
    const op = match && spec.paths[match.t][method];
    const status = String(rec.status);
    seen.set(`${rec.method} ${match ? match.t : '(no such path)'} ${status}`, (seen.get(`${rec.method} ${match ? match.t : '(no such path)'} ${status}`) || 0) + 1);
    if (op && op.responses[status]) {
      checkResponse(rec, op.responses[status], `/paths/${esc(match.t)}/${method}/responses/${status}`);
    } else if (transport[status]) {
      checkResponse(rec, transport[status], `/x-jobdesk-transport-responses/${status}`);
    } else if (!op) {
      fail(rec, match ? `no ${rec.method} operation on ${match.t}, and ${status} is not a transport answer` : `no such path, and ${status} is not a transport answer`);
    } else {
      fail(rec, `status ${status} not declared for ${rec.method} ${match.t}`);
    }
  }
}

console.log(`checked ${checked} recorded answers against docs/openapi.yaml:`);
for (const [k, n] of [...seen].sort()) console.log(`  ${String(n).padStart(6)}  ${k}`);
if (checked === 0) {
  console.error('no answers were recorded');
  process.exit(1);
}
if (failures.size) {
  console.error(`${failures.size} kinds of mismatch:`);
  for (const [k, n] of failures) console.error(`  ${n}x ${k}`);
  process.exit(1);
}
console.log('every answer matches the document');
