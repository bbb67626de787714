// docs/openapi.yaml -> docs/openapi.json (the copy the server embeds as a Qt
// resource). `--check` fails when the committed JSON differs from the YAML.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const yamlPath = path.join(root, 'docs/openapi.yaml');
const jsonPath = path.join(root, 'docs/openapi.json');
const text = JSON.stringify(yaml.load(fs.readFileSync(yamlPath, 'utf8')), null, 1) + '\n';
if (process.argv.includes('--check')) {
  const current = fs.existsSync(jsonPath) ? fs.readFileSync(jsonPath, 'utf8') : '';
  if (current !== text) {
    console.error('docs/openapi.json is not docs/openapi.yaml: run node tools/openapi/to-json.mjs');
    process.exit(1);
  }
  console.log('docs/openapi.json matches docs/openapi.yaml');
} else {
  fs.writeFileSync(jsonPath, text);
  console.log('wrote docs/openapi.json');
}
