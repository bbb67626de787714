#!/usr/bin/env node
// Node 20 command line over jobdesk-client.mjs:
//   node create-job.mjs --url http://127.0.0.1:8080 --token "$TOKEN" --route summarize \
//        --input '{"text": "Thanks, it works!"}' [--key order-1001] [--wait 30] [--max-tries 8]
// Prints the job as JSON. Exit status: 0 a job, 1 a final refusal, 2 gave up.
import { parseArgs } from 'node:util';
import { createJob, Refused } from './jobdesk-client.mjs';

const { values: a } = parseArgs({
  options: {
    url: { type: 'string' }, token: { type: 'string' }, route: { type: 'string' }, input: { type: 'string' },
    key: { type: 'string' }, wait: { type: 'string', default: '30' }, 'max-tries': { type: 'string', default: '8' },
  },
});
try {
  const job = await createJob({
    url: a.url, token: a.token, route: a.route, input: JSON.parse(a.input), key: a.key ?? crypto.randomUUID(),
    wait: Number(a.wait), maxTries: Number(a['max-tries']), log: (m) => console.error(m),
  });
  console.log(JSON.stringify(job));
} catch (e) {
  console.error(e instanceof Refused ? JSON.stringify(e.problem) : e.message);
  process.exitCode = e instanceof Refused ? 1 : 2;
}
