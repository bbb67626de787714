// Create a JobDesk job once per user intent, with fetch (Node 20 and browsers).
//
//   import { createJob } from './jobdesk-client.mjs';
//   const key = crypto.randomUUID();          // once per intent: store it with the intent
//   const job = await createJob({ url, token, route: 'summarize', input: { text: '...' }, key });
//
// The key is sent unchanged with every retry. Network errors, 408, 429 and 5xx
// are retried with exponential backoff and full jitter, never sooner than
// Retry-After; 409, 422 and every other 4xx are final (a Refused error with the problem).

const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);

export class Refused extends Error {
  constructor(status, problem) {
    super(`${status} ${problem.type ?? ''}: ${problem.detail ?? ''}`);
    this.status = status;
    this.problem = problem;
  }
}

// Retry-After as delta-seconds or an HTTP-date, in ms; 0 when absent or unreadable.
export function retryAfterMs(value) {
  if (!value) return 0;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - Date.now());
}

// Full jitter: random in [0, min(cap, base * 2^attempt)], at least Retry-After.
export function backoffMs(attempt, retryAfter = 0, baseMs = 500, capMs = 8000) {
  return Math.max(Math.random() * Math.min(capMs, baseMs * 2 ** attempt), retryAfter);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createJob({ url, token, route, input, key = crypto.randomUUID(), wait = 30, maxTries = 8, log = () => {} }) {
  const init = {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
      Prefer: `wait=${wait}`,
    },
    body: JSON.stringify({ route, input }),
  };
  for (let attempt = 0; attempt < maxTries; attempt++) {
    let retryAfter = 0;
    try {
      const reply = await fetch(`${url}/v1/jobs`, { ...init, signal: AbortSignal.timeout((wait + 15) * 1000) });
      if (reply.ok) return await reply.json();
      if (!RETRYABLE.has(reply.status)) throw new Refused(reply.status, await reply.json().catch(() => ({})));
      retryAfter = retryAfterMs(reply.headers.get('Retry-After'));
      log(`try ${attempt + 1}: HTTP ${reply.status}`);
    } catch (e) {
      if (e instanceof Refused) throw e;
      log(`try ${attempt + 1}: ${e.cause?.code ?? e.name}: ${e.message}`); // network error or timeout
    }
    if (attempt + 1 < maxTries) await sleep(backoffMs(attempt, retryAfter));
  }
  throw new Error(`no answer after ${maxTries} tries; the same key (${key}) may be sent again later`);
}
