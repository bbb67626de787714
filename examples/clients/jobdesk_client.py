#!/usr/bin/env python3
"""Create a JobDesk job once per user intent (Python standard library only).

    python3 jobdesk_client.py --url http://127.0.0.1:8080 --token "$TOKEN" \
        --route summarize --input '{"text": "Thanks, it works!"}' [--key order-1001] [--wait 30]

The key is made once per intent (or given: the id your application stored for the
intent) and sent unchanged with every retry. Network errors, 408, 429 and 5xx are
retried with exponential backoff and full jitter, never sooner than Retry-After;
409 and 422 (and every other 4xx) are final. Prints the job as JSON.
Exit status: 0 a job (201 or 200), 1 a final refusal (the problem on stderr),
2 gave up after --max-tries.
"""
import argparse
import email.utils
import http.client
import json
import random
import sys
import time
import urllib.error
import urllib.request
import uuid

RETRYABLE = {408, 429, 500, 502, 503, 504}


def retry_after_seconds(value):
    """Retry-After as delta-seconds or an HTTP-date; None when absent or unreadable."""
    if not value:
        return None
    if value.strip().isdigit():
        return float(value.strip())
    try:
        return max(0.0, email.utils.parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def backoff(attempt, retry_after, base=0.5, cap=8.0):
    """Full jitter: random in [0, min(cap, base * 2^attempt)], at least Retry-After."""
    delay = random.uniform(0, min(cap, base * 2 ** attempt))
    return max(delay, retry_after or 0.0)


class Refused(Exception):
    def __init__(self, status, problem):
        super().__init__(f"{status} {problem.get('type', '')}: {problem.get('detail', '')}")
        self.status, self.problem = status, problem


def create_job(url, token, route, input, key=None, wait=30, max_tries=8, log=lambda *_: None):
    key = key or str(uuid.uuid4())  # once per intent, kept across every retry
    body = json.dumps({"route": route, "input": input}).encode()
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json",
               "Idempotency-Key": key, "Prefer": f"wait={wait}"}
    for attempt in range(max_tries):
        request = urllib.request.Request(f"{url}/v1/jobs", data=body, headers=headers, method="POST")
        retry_after = None
        try:
            with urllib.request.urlopen(request, timeout=wait + 15) as reply:
                return json.load(reply)
        except urllib.error.HTTPError as e:
            if e.code not in RETRYABLE:
                raise Refused(e.code, json.loads(e.read() or b"{}")) from None
            retry_after = retry_after_seconds(e.headers.get("Retry-After"))
            log(f"try {attempt + 1}: HTTP {e.code}")
        except (urllib.error.URLError, http.client.HTTPException, ConnectionError, TimeoutError) as e:
            log(f"try {attempt + 1}: {e}")
        if attempt + 1 < max_tries:
            time.sleep(backoff(attempt, retry_after))
    raise TimeoutError(f"no answer after {max_tries} tries; the same key ({key}) may be sent again later")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--url", required=True)
    p.add_argument("--token", required=True)
    p.add_argument("--route", required=True)
    p.add_argument("--input", required=True, help="the input as a JSON object")
    p.add_argument("--key", help="the intent's idempotency key (default: a new UUID)")
    p.add_argument("--wait", type=int, default=30, help="Prefer: wait=N seconds (at most 60)")
    p.add_argument("--max-tries", type=int, default=8)
    a = p.parse_args()
    try:
        job = create_job(a.url, a.token, a.route, json.loads(a.input), a.key, a.wait, a.max_tries,
                         log=lambda m: print(m, file=sys.stderr))
    except Refused as e:
        print(json.dumps(e.problem), file=sys.stderr)
        return 1
    except TimeoutError as e:
        print(e, file=sys.stderr)
        return 2
    print(json.dumps(job))
    return 0


if __name__ == "__main__":
    sys.exit(main())
