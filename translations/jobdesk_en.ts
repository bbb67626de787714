<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ChargeAccount</name>
    <message>
        <source>its result won</source>
        <translation>its result won</translation>
    </message>
    <message>
        <source>its result came back after #%1 had won and was discarded</source>
        <translation>its result came back after #%1 had won and was discarded</translation>
    </message>
    <message>
        <source>its result came back too late and was discarded</source>
        <translation>its result came back too late and was discarded</translation>
    </message>
    <message>
        <source>its result came back after it was cancelled and was discarded</source>
        <translation>its result came back after it was cancelled and was discarded</translation>
    </message>
    <message>
        <source>its result came back but broke the route&apos;s contract</source>
        <translation>its result came back but broke the route&apos;s contract</translation>
    </message>
    <message>
        <source>sent, and the provider says it is still working on it</source>
        <translation>sent, and the provider says it is still working on it</translation>
    </message>
    <message>
        <source>sent, no answer yet</source>
        <translation>sent, no answer yet</translation>
    </message>
    <message>
        <source>outcome unknown while the provider says it is still working on it</source>
        <translation>outcome unknown while the provider says it is still working on it</translation>
    </message>
    <message>
        <source>sent, then its outcome became unknown</source>
        <translation>sent, then its outcome became unknown</translation>
    </message>
    <message>
        <source>cancelled while the provider said it was still working</source>
        <translation>cancelled while the provider said it was still working</translation>
    </message>
    <message>
        <source>cancelled after it was sent, with no answer</source>
        <translation>cancelled after it was sent, with no answer</translation>
    </message>
    <message>
        <source>failed, but the provider said it was still working on it</source>
        <translation>failed, but the provider said it was still working on it</translation>
    </message>
    <message>
        <source>not sent yet</source>
        <translation>not sent yet</translation>
    </message>
    <message>
        <source>never sent</source>
        <translation>never sent</translation>
    </message>
    <message>
        <source>cancelled before it was sent</source>
        <translation>cancelled before it was sent</translation>
    </message>
    <message>
        <source>ended with nothing done</source>
        <translation>ended with nothing done</translation>
    </message>
    <message>
        <source>the provider said it never processed it</source>
        <translation>the provider said it never processed it</translation>
    </message>
    <message>
        <source>#%1 on %2, %3</source>
        <translation>#%1 on %2, %3</translation>
    </message>
    <message>
        <source>Nothing charged: no request was sent to a provider.</source>
        <translation>Nothing charged: no request was sent to a provider.</translation>
    </message>
    <message numerus="yes">
        <source>Nothing charged: %n request(s), none of which a provider worked on.</source>
        <translation>
            <numerusform>Nothing charged: %n request, which no provider worked on.</numerusform>
            <numerusform>Nothing charged: %n requests, none of which a provider worked on.</numerusform>
        </translation>
    </message>
    <message>
        <source>Charged once: %1.</source>
        <translation>Charged once: %1.</translation>
    </message>
    <message>
        <source>No result charged</source>
        <translation>No result charged</translation>
    </message>
    <message numerus="yes">
        <source>%n result(s) charged</source>
        <translation>
            <numerusform>%n result charged</numerusform>
            <numerusform>%n results charged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n result(s) charged (%1)</source>
        <translation>
            <numerusform>%n result charged (%1)</numerusform>
            <numerusform>%n results charged (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n request(s) possibly charged: %1</source>
        <translation>
            <numerusform>; %n request possibly charged: %1</numerusform>
            <numerusform>; %n requests possibly charged: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n more request(s) possibly charged: %1</source>
        <translation>
            <numerusform>; %n more request possibly charged: %1</numerusform>
            <numerusform>; %n more requests possibly charged: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConsoleSettings</name>
    <message>
        <source>System language</source>
        <translation>System language</translation>
    </message>
    <message>
        <source>System language (%1)</source>
        <translation>System language (%1)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Light</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dark</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>%1 ago</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>queued</translation>
    </message>
    <message>
        <source>running</source>
        <translation>running</translation>
    </message>
    <message>
        <source>BLOCKED</source>
        <translation>BLOCKED</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>succeeded</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>starting</translation>
    </message>
    <message>
        <source>superseded</source>
        <translation>superseded</translation>
    </message>
    <message>
        <source>UNKNOWN</source>
        <translation>UNKNOWN</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automatic</translation>
    </message>
    <message>
        <source>hedge</source>
        <translation>hedge</translation>
    </message>
    <message>
        <source>operator retry</source>
        <translation>operator retry</translation>
    </message>
</context>
<context>
    <name>IncidentReport</name>
    <message>
        <source>(client not recorded)</source>
        <translation>(client not recorded)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>was started by %1 at %2</source>
        <translation>was started by %1 at %2</translation>
    </message>
    <message>
        <source>was sent at %1</source>
        <translation>was sent at %1</translation>
    </message>
    <message>
        <source>timed out after %1 (%2): outcome UNKNOWN</source>
        <translation>timed out after %1 (%2): outcome UNKNOWN</translation>
    </message>
    <message>
        <source>went UNKNOWN after %1%2</source>
        <translation>went UNKNOWN after %1%2</translation>
    </message>
    <message>
        <source>won at %1, %2 after it was sent</source>
        <translation>won at %1, %2 after it was sent</translation>
    </message>
    <message>
        <source>finished at %1 but lost the race</source>
        <translation>finished at %1 but lost the race</translation>
    </message>
    <message>
        <source>to attempt %1 on %2</source>
        <translation>to attempt %1 on %2</translation>
    </message>
    <message>
        <source>(expected v%1, found v%2); its result was discarded</source>
        <translation>(expected v%1, found v%2); its result was discarded</translation>
    </message>
    <message>
        <source>failed at %1%2</source>
        <translation>failed at %1%2</translation>
    </message>
    <message>
        <source>was cancelled by %1 at %2%3</source>
        <translation>was cancelled by %1 at %2%3</translation>
    </message>
    <message>
        <source>attempt %1 on %2 (%3)</source>
        <translation>attempt %1 on %2 (%3)</translation>
    </message>
    <message>
        <source>is %1</source>
        <translation>is %1</translation>
    </message>
    <message>
        <source># Incident report: job %1</source>
        <translation># Incident report: job %1</translation>
    </message>
    <message>
        <source>Generated %1. Times are %2.</source>
        <translation>Generated %1. Times are %2.</translation>
    </message>
    <message>
        <source>UTC</source>
        <translation>UTC</translation>
    </message>
    <message>
        <source>- **Owner:** %1</source>
        <translation>- **Owner:** %1</translation>
    </message>
    <message>
        <source>- **Route:** %1</source>
        <translation>- **Route:** %1</translation>
    </message>
    <message>
        <source>- **State:** %1</source>
        <translation>- **State:** %1</translation>
    </message>
    <message>
        <source>- **Created:** %1 by %2</source>
        <translation>- **Created:** %1 by %2</translation>
    </message>
    <message>
        <source>- **Fingerprint of the intent:** `%1`</source>
        <translation>- **Fingerprint of the intent:** `%1`</translation>
    </message>
    <message>
        <source>## What was asked</source>
        <translation>## What was asked</translation>
    </message>
    <message>
        <source>## Requests with this key</source>
        <translation>## Requests with this key</translation>
    </message>
    <message>
        <source>The key was sent once: one request, one job.</source>
        <translation>The key was sent once: one request, one job.</translation>
    </message>
    <message>
        <source>| # | Time | After the first | Client | What happened |</source>
        <translation>| # | Time | After the first | Client | What happened |</translation>
    </message>
    <message>
        <source>created job %1</source>
        <translation>created job %1</translation>
    </message>
    <message>
        <source>CONFLICT: same key, another intent; refused, nothing created (see the diff below)</source>
        <translation>CONFLICT: same key, another intent; refused, nothing created (see the diff below)</translation>
    </message>
    <message>
        <source>replay: same key, same intent; job %1 returned, nothing new done</source>
        <translation>replay: same key, same intent; job %1 returned, nothing new done</translation>
    </message>
    <message>
        <source>### Conflict at %1: the two intents field by field</source>
        <translation>### Conflict at %1: the two intents field by field</translation>
    </message>
    <message>
        <source>| Field | Bound to the key (job %1) | Sent at %2 (refused) |</source>
        <translation>| Field | Bound to the key (job %1) | Sent at %2 (refused) |</translation>
    </message>
    <message>
        <source>(absent)</source>
        <translation>(absent)</translation>
    </message>
    <message>
        <source>## Attempts</source>
        <translation>## Attempts</translation>
    </message>
    <message>
        <source>No attempt was made.</source>
        <translation>No attempt was made.</translation>
    </message>
    <message>
        <source>## Outcome</source>
        <translation>## Outcome</translation>
    </message>
    <message>
        <source>- **Winner:** none (the job is %1).</source>
        <translation>- **Winner:** none (the job is %1).</translation>
    </message>
    <message>
        <source>- **Loser:** attempt %1 on %2 finished at %3 and lost to %4 (expected v%5, found v%6); its payload was discarded (digest `%7`).</source>
        <translation>- **Loser:** attempt %1 on %2 finished at %3 and lost to %4 (expected v%5, found v%6); its payload was discarded (digest `%7`).</translation>
    </message>
    <message>
        <source>attempt %1 on %2</source>
        <translation>attempt %1 on %2</translation>
    </message>
    <message>
        <source>a cancellation</source>
        <translation>a cancellation</translation>
    </message>
    <message>
        <source>- Attempt %1 on %2 did not win: %3%4.</source>
        <translation>- Attempt %1 on %2 did not win: %3%4.</translation>
    </message>
    <message>
        <source>## Audit trail</source>
        <translation>## Audit trail</translation>
    </message>
    <message>
        <source>No operator acted on this job.</source>
        <translation>No operator acted on this job.</translation>
    </message>
    <message>
        <source>| Time | Action | Operator | Database user | Attempt | Reason | Request id |</source>
        <translation>| Time | Action | Operator | Database user | Attempt | Reason | Request id |</translation>
    </message>
    <message>
        <source>%1:%2 (%3)</source>
        <translation>%1:%2 (%3)</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Could not write %1: %2</translation>
    </message>
    <message>
        <source>, then </source>
        <comment>joins the steps of one attempt&apos;s story</comment>
        <translation>, then </translation>
    </message>
    <message numerus="yes">
        <source>The key was sent %n times: one job (%1),</source>
        <translation>
            <numerusform>The key was sent %n time: one job (%1),</numerusform>
            <numerusform>The key was sent %n times: one job (%1),</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n replay(s) of the same intent that returned it,</source>
        <translation>
            <numerusform>%n replay of the same intent that returned it,</numerusform>
            <numerusform>%n replays of the same intent that returned it,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conflict(s) with another intent that created nothing.</source>
        <translation>
            <numerusform>%n conflict with another intent that created nothing.</numerusform>
            <numerusform>%n conflicts with another intent that created nothing.</numerusform>
        </translation>
    </message>
    <message>
        <source>- **Idempotency key:** %1</source>
        <translation>- **Idempotency key:** %1</translation>
    </message>
    <message>
        <source>local time (UTC%1)</source>
        <translation>local time (UTC%1)</translation>
    </message>
    <message>
        <source>- **Winner:** attempt %1 on %2, result written at %3 (job version %4).</source>
        <translation>- **Winner:** attempt %1 on %2, result written at %3 (job version %4).</translation>
    </message>
    <message>
        <source>## Charges</source>
        <translation>## Charges</translation>
    </message>
    <message>
        <source>| Attempt | Charge | Evidence | Provider key |</source>
        <translation>| Attempt | Charge | Evidence | Provider key |</translation>
    </message>
    <message>
        <source>charged</source>
        <translation>charged</translation>
    </message>
    <message>
        <source>POSSIBLY charged</source>
        <translation>POSSIBLY charged</translation>
    </message>
    <message>
        <source>not charged</source>
        <translation>not charged</translation>
    </message>
    <message>
        <source>(the provider said so from %1)</source>
        <translation>(the provider said so from %1)</translation>
    </message>
</context>
<context>
    <name>ProviderStanding</name>
    <message>
        <source>not proven: never validated for this route</source>
        <translation>not proven: never validated for this route</translation>
    </message>
    <message>
        <source>not proven: the last validation FAILED</source>
        <translation>not proven: the last validation FAILED</translation>
    </message>
    <message>
        <source>not current: EXPIRED at %1</source>
        <translation>not current: EXPIRED at %1</translation>
    </message>
    <message>
        <source>not current: STALE, validated for another route or provider config</source>
        <translation>not current: STALE, validated for another route or provider config</translation>
    </message>
    <message>
        <source>current until %1</source>
        <translation>current until %1</translation>
    </message>
    <message>
        <source>never validated (first in the chain: it needs no proof to take the first attempt)</source>
        <translation>never validated (first in the chain: it needs no proof to take the first attempt)</translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>Displays help on commandline options.</source>
        <translation>Displays help on commandline options.</translation>
    </message>
    <message>
        <source>Displays help including Qt specific options.</source>
        <translation>Displays help including Qt specific options.</translation>
    </message>
    <message>
        <source>Displays version information.</source>
        <translation>Displays version information.</translation>
    </message>
    <message>
        <source>Usage: %1</source>
        <translation>Usage: %1</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>Options:</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>Arguments:</translation>
    </message>
    <message>
        <source>[options]</source>
        <translation>[options]</translation>
    </message>
    <message>
        <source>Unknown option &apos;%1&apos;.</source>
        <translation>Unknown option &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Unknown options: %1.</source>
        <translation>Unknown options: %1.</translation>
    </message>
    <message>
        <source>Missing value after &apos;%1&apos;.</source>
        <translation>Missing value after &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Unexpected value after &apos;%1&apos;.</source>
        <translation>Unexpected value after &apos;%1&apos;.</translation>
    </message>
</context>
<context>
    <name>QGnomeTheme</name>
    <message>
        <source>&amp;OK</source>
        <translation>&amp;OK</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancel</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Close</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
</context>
<context>
    <name>SupportViews</name>
    <message>
        <source>Support</source>
        <translation>Support</translation>
    </message>
    <message>
        <source>Duplicate clicks</source>
        <translation>Duplicate clicks</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Providers</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Charts</translation>
    </message>
    <message>
        <source>&amp;Support</source>
        <translation>&amp;Support</translation>
    </message>
    <message>
        <source>&amp;Export incident report…</source>
        <translation>&amp;Export incident report…</translation>
    </message>
    <message>
        <source>The story of the job in the detail view, as Markdown (copied) and PDF</source>
        <translation>The story of the job in the detail view, as Markdown (copied) and PDF</translation>
    </message>
</context>
<context>
    <name>jobdesk::Refusal</name>
    <message>
        <source>a new attempt must start in state starting</source>
        <translation>a new attempt must start in state starting</translation>
    </message>
    <message>
        <source>an attempt of this job is unknown</source>
        <translation>an attempt of this job is unknown</translation>
    </message>
    <message>
        <source>the job has a winner or is cancelled</source>
        <translation>the job has a winner or is cancelled</translation>
    </message>
    <message>
        <source>max_parallel attempts are open</source>
        <translation>max_parallel attempts are open</translation>
    </message>
    <message>
        <source>the job has used its automatic attempt budget</source>
        <translation>the job has used its automatic attempt budget</translation>
    </message>
    <message>
        <source>every attempt starts with a lease</source>
        <translation>every attempt starts with a lease</translation>
    </message>
    <message>
        <source>the starting worker does not hold an unexpired claim on the job</source>
        <translation>the starting worker does not hold an unexpired claim on the job</translation>
    </message>
    <message>
        <source>a hedge needs an open attempt to hedge</source>
        <translation>a hedge needs an open attempt to hedge</translation>
    </message>
    <message>
        <source>attempt %1 cannot go from %2 to %3</source>
        <translation>attempt %1 cannot go from %2 to %3</translation>
    </message>
    <message>
        <source>only the job&apos;s winner may be succeeded</source>
        <translation>only the job&apos;s winner may be succeeded</translation>
    </message>
    <message>
        <source>an attempt of a job that has a winner, is cancelled or has an unknown attempt is never sent</source>
        <translation>an attempt of a job that has a winner, is cancelled or has an unknown attempt is never sent</translation>
    </message>
    <message>
        <source>a job with an open attempt cannot fail</source>
        <translation>a job with an open attempt cannot fail</translation>
    </message>
    <message>
        <source>a %1 job does not change state</source>
        <translation>a %1 job does not change state</translation>
    </message>
    <message>
        <source>this attempt state change is not allowed</source>
        <translation>this attempt state change is not allowed</translation>
    </message>
    <message>
        <source>a cancelled or succeeded job does not change state</source>
        <translation>a cancelled or succeeded job does not change state</translation>
    </message>
    <message>
        <source>a winner is never overwritten</source>
        <translation>a winner is never overwritten</translation>
    </message>
    <message>
        <source>the winner must be a running or unknown attempt of a job that is not cancelled</source>
        <translation>the winner must be a running or unknown attempt of a job that is not cancelled</translation>
    </message>
    <message>
        <source>a winner is never overwritten and must be a running or unknown attempt</source>
        <translation>a winner is never overwritten and must be a running or unknown attempt</translation>
    </message>
    <message>
        <source>a job is born without a winner</source>
        <translation>a job is born without a winner</translation>
    </message>
    <message>
        <source>a job is born queued, at version 0</source>
        <translation>a job is born queued, at version 0</translation>
    </message>
    <message>
        <source>API tokens are revoked, never deleted (token %1)</source>
        <translation>API tokens are revoked, never deleted (token %1)</translation>
    </message>
    <message>
        <source>API tokens are revoked, never deleted</source>
        <translation>API tokens are revoked, never deleted</translation>
    </message>
    <message>
        <source>a token can only be revoked, and only once (token %1)</source>
        <translation>a token can only be revoked, and only once (token %1)</translation>
    </message>
    <message>
        <source>a token can only be revoked, and only once</source>
        <translation>a token can only be revoked, and only once</translation>
    </message>
    <message>
        <source>idempotency key %1 of owner %2 belongs to job %3, which was archived and removed</source>
        <translation>idempotency key %1 of owner %2 belongs to job %3, which was archived and removed</translation>
    </message>
    <message>
        <source>retention run %1 is not archived (%2): nothing is removed before its archive is complete</source>
        <translation>retention run %1 is not archived (%2): nothing is removed before its archive is complete</translation>
    </message>
    <message>
        <source>the idempotency key belongs to a job that was archived and removed</source>
        <translation>the idempotency key belongs to a job that was archived and removed</translation>
    </message>
    <message>
        <source>retain_days must be at least 1 (got %1)</source>
        <translation>retain_days must be at least 1 (got %1)</translation>
    </message>
    <message>
        <source>retain_days of route %1 must be at least 1 (got %2)</source>
        <translation>retain_days of route %1 must be at least 1 (got %2)</translation>
    </message>
    <message>
        <source>key_retain_days must be at least 1 (got %1)</source>
        <translation>key_retain_days must be at least 1 (got %1)</translation>
    </message>
    <message>
        <source>the batch size must be 1..10000 (got %1)</source>
        <translation>the batch size must be 1..10000 (got %1)</translation>
    </message>
    <message>
        <source>the jobs per run must be at least 1 (got %1)</source>
        <translation>the jobs per run must be at least 1 (got %1)</translation>
    </message>
    <message>
        <source>the archive folder %1 is not a writable folder</source>
        <translation>the archive folder %1 is not a writable folder</translation>
    </message>
    <message>
        <source>cannot write the archive %1: %2</source>
        <translation>cannot write the archive %1: %2</translation>
    </message>
    <message>
        <source>cannot start compressing the archive %1</source>
        <translation>cannot start compressing the archive %1</translation>
    </message>
    <message>
        <source>cannot sync the archive %1</source>
        <translation>cannot sync the archive %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>cannot write %1: %2</translation>
    </message>
    <message>
        <source>cannot move %1 into place as %2</source>
        <translation>cannot move %1 into place as %2</translation>
    </message>
    <message>
        <source>retention run %1 is not archived: nothing is removed before its archive is complete</source>
        <translation>retention run %1 is not archived: nothing is removed before its archive is complete</translation>
    </message>
    <message>
        <source>another retention run is in progress on this store; nothing was done</source>
        <translation>another retention run is in progress on this store; nothing was done</translation>
    </message>
    <message>
        <source>a retention run needs an actor (1..255 characters)</source>
        <translation>a retention run needs an actor (1..255 characters)</translation>
    </message>
    <message>
        <source>retention: the database is unreachable: %1</source>
        <translation>retention: the database is unreachable: %1</translation>
    </message>
    <message>
        <source>retention: %1</source>
        <translation>retention: %1</translation>
    </message>
    <message>
        <source>%1 is not a complete JobDesk archive: %2</source>
        <translation>%1 is not a complete JobDesk archive: %2</translation>
    </message>
    <message>
        <source>an archive record holds no job</source>
        <translation>an archive record holds no job</translation>
    </message>
    <message>
        <source>%1 holds no archive header</source>
        <translation>%1 holds no archive header</translation>
    </message>
    <message>
        <source>%1 is an archive of version %2; this JobDesk reads version 1</source>
        <translation>%1 is an archive of version %2; this JobDesk reads version 1</translation>
    </message>
    <message>
        <source>submit: the key&apos;s tombstone kept changing; nothing was written, try again</source>
        <translation>submit: the key&apos;s tombstone kept changing; nothing was written, try again</translation>
    </message>
    <message>
        <source>a lookup claim needs a claim time and a backoff range</source>
        <translation>a lookup claim needs a claim time and a backoff range</translation>
    </message>
    <message>
        <source>a page sorted by a column continues after a JobCursor</source>
        <translation>a page sorted by a column continues after a JobCursor</translation>
    </message>
    <message>
        <source>a page sorted by a column continues after its value</source>
        <translation>a page sorted by a column continues after its value</translation>
    </message>
    <message>
        <source>%1 is append-only (%2 refused)</source>
        <translation>%1 is append-only (%2 refused)</translation>
    </message>
    <message>
        <source>the identity of a row in %1 is never rewritten</source>
        <translation>the identity of a row in %1 is never rewritten</translation>
    </message>
    <message>
        <source>where an attempt&apos;s request went is recorded once, as it is sent</source>
        <translation>where an attempt&apos;s request went is recorded once, as it is sent</translation>
    </message>
    <message>
        <source>that a provider did nothing with an attempt is recorded once, as the attempt fails</source>
        <translation>that a provider did nothing with an attempt is recorded once, as the attempt fails</translation>
    </message>
    <message>
        <source>attempt %1 of job %2 is unknown: its outcome must be learned or it must be cancelled before another attempt starts</source>
        <translation>attempt %1 of job %2 is unknown: its outcome must be learned or it must be cancelled before another attempt starts</translation>
    </message>
    <message>
        <source>job %1 already has a winner (attempt %2)</source>
        <translation>job %1 already has a winner (attempt %2)</translation>
    </message>
    <message>
        <source>job %1 is cancelled</source>
        <translation>job %1 is cancelled</translation>
    </message>
    <message>
        <source>worker %1 does not hold an unexpired claim on job %2 (held by %3)</source>
        <translation>worker %1 does not hold an unexpired claim on job %2 (held by %3)</translation>
    </message>
    <message>
        <source>attempt %1 of job %2 is still starting</source>
        <translation>attempt %1 of job %2 is still starting</translation>
    </message>
    <message numerus="yes">
        <source>job %1 already has %2 open attempt(s), its limit is %3</source>
        <translation>
            <numerusform>job %1 already has %2 open attempt, its limit is %3</numerusform>
            <numerusform>job %1 already has %2 open attempts, its limit is %3</numerusform>
        </translation>
    </message>
    <message>
        <source>job %1 already has an open automatic attempt (%2); extra slots are for hedges</source>
        <translation>job %1 already has an open automatic attempt (%2); extra slots are for hedges</translation>
    </message>
    <message>
        <source>job %1 has no open attempt to hedge</source>
        <translation>job %1 has no open attempt to hedge</translation>
    </message>
    <message numerus="yes">
        <source>job %1 has used its %2 automatic attempt(s)</source>
        <translation>
            <numerusform>job %1 has used its %2 automatic attempt</numerusform>
            <numerusform>job %1 has used its %2 automatic attempts</numerusform>
        </translation>
    </message>
    <message>
        <source>job %1 changed since you looked (change %2, now %3): it is %4; latest: attempt #%5 %6 -&gt; %7 by %8 %9. Refresh and decide again.</source>
        <translation>job %1 changed since you looked (change %2, now %3): it is %4; latest: attempt #%5 %6 -&gt; %7 by %8 %9. Refresh and decide again.</translation>
    </message>
    <message>
        <source>job %1 changed since you looked (change %2, now %3): it is %4; latest: the provider says attempt #%5 is still working on it. Refresh and decide again.</source>
        <translation>job %1 changed since you looked (change %2, now %3): it is %4; latest: the provider says attempt #%5 is still working on it. Refresh and decide again.</translation>
    </message>
    <message>
        <source>job %1 changed since you looked (change %2, now %3): it is %4. Refresh and decide again.</source>
        <translation>job %1 changed since you looked (change %2, now %3): it is %4. Refresh and decide again.</translation>
    </message>
    <message>
        <source>request id %1 was already used for a different action (%2)</source>
        <translation>request id %1 was already used for a different action (%2)</translation>
    </message>
    <message>
        <source>request id %1 was already used for %2 on another target (job %3, attempt %4)</source>
        <translation>request id %1 was already used for %2 on another target (job %3, attempt %4)</translation>
    </message>
    <message>
        <source>request id %1 was already used for a retry on provider %2</source>
        <translation>request id %1 was already used for a retry on provider %2</translation>
    </message>
    <message>
        <source>request id %1 was already used by someone else</source>
        <translation>request id %1 was already used by someone else</translation>
    </message>
    <message>
        <source>attempt %1 does not exist</source>
        <translation>attempt %1 does not exist</translation>
    </message>
    <message>
        <source>job %1 does not exist</source>
        <translation>job %1 does not exist</translation>
    </message>
    <message>
        <source>attempt %1 is already %2; there is nothing to cancel</source>
        <translation>attempt %1 is already %2; there is nothing to cancel</translation>
    </message>
    <message>
        <source>job %1 already has a winner (attempt %2); it cannot be cancelled</source>
        <translation>job %1 already has a winner (attempt %2); it cannot be cancelled</translation>
    </message>
    <message>
        <source>job %1 is already cancelled</source>
        <translation>job %1 is already cancelled</translation>
    </message>
    <message>
        <source>attempt %1 is already %2; there is nothing to ask its provider</source>
        <translation>attempt %1 is already %2; there is nothing to ask its provider</translation>
    </message>
    <message>
        <source>provider %1 offers no status lookup; ask its support about key %2 instead</source>
        <translation>provider %1 offers no status lookup; ask its support about key %2 instead</translation>
    </message>
    <message>
        <source>provider %1 is not known to this database</source>
        <translation>provider %1 is not known to this database</translation>
    </message>
    <message>
        <source>route %1 is not known to this database</source>
        <translation>route %1 is not known to this database</translation>
    </message>
    <message>
        <source>a reason is required</source>
        <translation>a reason is required</translation>
    </message>
    <message>
        <source>the reason is longer than 2000 characters</source>
        <translation>the reason is longer than 2000 characters</translation>
    </message>
    <message>
        <source>only an operator may do this (%1 &apos;%2&apos; is a %3)</source>
        <translation>only an operator may do this (%1 &apos;%2&apos; is a %3)</translation>
    </message>
    <message>
        <source>attempt %1 is still starting: mark it running before it completes</source>
        <translation>attempt %1 is still starting: mark it running before it completes</translation>
    </message>
    <message>
        <source>job %1 is %2 and cannot fail</source>
        <translation>job %1 is %2 and cannot fail</translation>
    </message>
    <message>
        <source>job %1 still has an open attempt (%2); it cannot fail until that ends</source>
        <translation>job %1 still has an open attempt (%2); it cannot fail until that ends</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>queued</translation>
    </message>
    <message>
        <source>running</source>
        <translation>running</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>blocked</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>succeeded</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>starting</translation>
    </message>
    <message>
        <source>superseded</source>
        <translation>superseded</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>(new)</source>
        <translation>(new)</translation>
    </message>
    <message>
        <source>a validation needs a report (an object) and a validity of zero or more</source>
        <translation>a validation needs a report (an object) and a validity of zero or more</translation>
    </message>
    <message>
        <source>a validation of %1 is valid for at most %2 ms (its validation_ttl_ms), not %3 ms</source>
        <translation>a validation of %1 is valid for at most %2 ms (its validation_ttl_ms), not %3 ms</translation>
    </message>
    <message>
        <source>the input is not valid JSON (at byte %1: %2)</source>
        <translation>the input is not valid JSON (at byte %1: %2)</translation>
    </message>
    <message>
        <source>the input must be a JSON object, not %1</source>
        <translation>the input must be a JSON object, not %1</translation>
    </message>
    <message>
        <source>%1 must not be empty</source>
        <translation>%1 must not be empty</translation>
    </message>
    <message>
        <source>%1 is longer than %2 characters</source>
        <translation>%1 is longer than %2 characters</translation>
    </message>
    <message>
        <source>%1 must not contain a NUL character or a lone UTF-16 surrogate</source>
        <translation>%1 must not contain a NUL character or a lone UTF-16 surrogate</translation>
    </message>
    <message>
        <source>idempotency key must be 1..255 printable ASCII characters (got %1)</source>
        <translation>idempotency key must be 1..255 printable ASCII characters (got %1)</translation>
    </message>
    <message>
        <source>idempotency key must be printable ASCII (found U+%1)</source>
        <translation>idempotency key must be printable ASCII (found U+%1)</translation>
    </message>
    <message>
        <source>idempotency key must not start or end with a space</source>
        <translation>idempotency key must not start or end with a space</translation>
    </message>
    <message>
        <source>max_parallel must be 1..8 (got %1)</source>
        <translation>max_parallel must be 1..8 (got %1)</translation>
    </message>
    <message>
        <source>max_attempts must be 1..100 (got %1)</source>
        <translation>max_attempts must be 1..100 (got %1)</translation>
    </message>
    <message>
        <source>the intent is %1 bytes; the limit is 1 MiB</source>
        <translation>the intent is %1 bytes; the limit is 1 MiB</translation>
    </message>
    <message>
        <source>the input contains a NUL character (\u0000), which JobDesk does not store; remove it or encode the data (for example as base64)</source>
        <translation>the input contains a NUL character (\u0000), which JobDesk does not store; remove it or encode the data (for example as base64)</translation>
    </message>
    <message>
        <source>the input contains a lone UTF-16 surrogate (U+%1), which JobDesk does not store</source>
        <translation>the input contains a lone UTF-16 surrogate (U+%1), which JobDesk does not store</translation>
    </message>
    <message>
        <source>client metadata is over 64 KiB</source>
        <translation>client metadata is over 64 KiB</translation>
    </message>
    <message>
        <source>the result is %1 bytes; the limit is 1 MiB</source>
        <translation>the result is %1 bytes; the limit is 1 MiB</translation>
    </message>
    <message>
        <source>the result is not JSON: %1</source>
        <translation>the result is not JSON: %1</translation>
    </message>
    <message>
        <source>the result is not valid UTF-8</source>
        <translation>the result is not valid UTF-8</translation>
    </message>
    <message>
        <source>page size must be 1..1000</source>
        <translation>page size must be 1..1000</translation>
    </message>
    <message>
        <source>page size must be 1..500</source>
        <translation>page size must be 1..500</translation>
    </message>
    <message>
        <source>a chart needs 1..10000 buckets of at least a second</source>
        <translation>a chart needs 1..10000 buckets of at least a second</translation>
    </message>
    <message>
        <source>lease must be positive</source>
        <translation>lease must be positive</translation>
    </message>
    <message>
        <source>deadline must be positive</source>
        <translation>deadline must be positive</translation>
    </message>
    <message>
        <source>an operator&apos;s retry goes through JobService::retry (audited)</source>
        <translation>an operator&apos;s retry goes through JobService::retry (audited)</translation>
    </message>
    <message>
        <source>claim needs a worker id, a limit and a claim time</source>
        <translation>claim needs a worker id, a limit and a claim time</translation>
    </message>
    <message>
        <source>claim needs a worker id and a claim time</source>
        <translation>claim needs a worker id and a claim time</translation>
    </message>
    <message>
        <source>claiming retries needs a worker id, a limit and a lease</source>
        <translation>claiming retries needs a worker id, a limit and a lease</translation>
    </message>
    <message>
        <source>renewing needs a worker id, a lease and a claim time</source>
        <translation>renewing needs a worker id, a lease and a claim time</translation>
    </message>
    <message>
        <source>incomplete validation record</source>
        <translation>incomplete validation record</translation>
    </message>
    <message>
        <source>%1: the database is unreachable: %2</source>
        <translation>%1: the database is unreachable: %2</translation>
    </message>
    <message>
        <source>%1: the database refuses this for your database user: %2</source>
        <translation>%1: the database refuses this for your database user: %2</translation>
    </message>
    <message>
        <source>a lease is at most %1 ms (a day); a longer one would keep a stopped worker&apos;s attempt from being reaped</source>
        <translation>a lease is at most %1 ms (a day); a longer one would keep a stopped worker&apos;s attempt from being reaped</translation>
    </message>
    <message>
        <source>a claim is at most %1 ms (a day); a longer one would keep a stopped worker&apos;s job from being claimed by another</source>
        <translation>a claim is at most %1 ms (a day); a longer one would keep a stopped worker&apos;s job from being claimed by another</translation>
    </message>
    <message>
        <source>an event names an attempt of its own job</source>
        <translation>an event names an attempt of its own job</translation>
    </message>
    <message>
        <source>every role may create objects in schema &quot;%1&quot; (CREATE is granted to PUBLIC), so any login could plant functions or operators that JobDesk&apos;s guards and operator functions would run as the schema&apos;s owner. Revoke it, then open the store again: REVOKE CREATE ON SCHEMA %2 FROM PUBLIC; (grant CREATE to the role that owns JobDesk&apos;s tables if it needs it)</source>
        <translation>every role may create objects in schema &quot;%1&quot; (CREATE is granted to PUBLIC), so any login could plant functions or operators that JobDesk&apos;s guards and operator functions would run as the schema&apos;s owner. Revoke it, then open the store again: REVOKE CREATE ON SCHEMA %2 FROM PUBLIC; (grant CREATE to the role that owns JobDesk&apos;s tables if it needs it)</translation>
    </message>
    <message>
        <source>attempt %1 is already running and does not record that its request goes to %2: nothing is to be sent from here</source>
        <translation>attempt %1 is already running and does not record that its request goes to %2: nothing is to be sent from here</translation>
    </message>
    <message>
        <source>%1 holds a number that is not finite (NaN or an infinity), which JSON cannot carry</source>
        <translation>%1 holds a number that is not finite (NaN or an infinity), which JSON cannot carry</translation>
    </message>
    <message>
        <source>%1: the store stayed busy (%2); nothing was written, try again</source>
        <translation>%1: the store stayed busy (%2); nothing was written, try again</translation>
    </message>
    <message>
        <source>a winner&apos;s result is never rewritten</source>
        <translation>a winner&apos;s result is never rewritten</translation>
    </message>
    <message>
        <source>a winner is set by a compare-and-swap, the version one up</source>
        <translation>a winner is set by a compare-and-swap, the version one up</translation>
    </message>
    <message>
        <source>a job&apos;s version never goes back</source>
        <translation>a job&apos;s version never goes back</translation>
    </message>
    <message>
        <source>the job&apos;s winner is never superseded, failed or cancelled</source>
        <translation>the job&apos;s winner is never superseded, failed or cancelled</translation>
    </message>
    <message>
        <source>request id %1 already started attempt %2 of job %3; a retry needs a request id of its own</source>
        <translation>request id %1 already started attempt %2 of job %3; a retry needs a request id of its own</translation>
    </message>
    <message>
        <source>a job&apos;s version moves one up, with its win or its cancel</source>
        <translation>a job&apos;s version moves one up, with its win or its cancel</translation>
    </message>
    <message>
        <source>the rest ratio must be 0..100 (got %1)</source>
        <translation>the rest ratio must be 0..100 (got %1)</translation>
    </message>
    <message>
        <source>job %1 changed since you looked (change %2, now %3): it is %4; latest: attempt #%5 %6 -&gt; %7 by %8 %9 (%10). Refresh and decide again.</source>
        <translation>job %1 changed since you looked (change %2, now %3): it is %4; latest: attempt #%5 %6 -&gt; %7 by %8 %9 (%10). Refresh and decide again.</translation>
    </message>
    <message>
        <source>the route&apos;s contract (at %1) must not contain a NUL character or a lone UTF-16 surrogate</source>
        <translation>the route&apos;s contract (at %1) must not contain a NUL character or a lone UTF-16 surrogate</translation>
    </message>
    <message>
        <source>the result is not JSON: byte %1 breaks RFC 8259 (a raw control character inside a string, a leading zero or a bare decimal point)</source>
        <translation>the result is not JSON: byte %1 breaks RFC 8259 (a raw control character inside a string, a leading zero or a bare decimal point)</translation>
    </message>
    <message>
        <source>the owner must be 1..255 characters</source>
        <translation>the owner must be 1..255 characters</translation>
    </message>
    <message>
        <source>the owner must not begin or end with white space</source>
        <translation>the owner must not begin or end with white space</translation>
    </message>
    <message>
        <source>the label is longer than 255 characters</source>
        <translation>the label is longer than 255 characters</translation>
    </message>
    <message>
        <source>token %1 does not exist</source>
        <translation>token %1 does not exist</translation>
    </message>
    <message>
        <source>the database&apos;s schema is version %1, newer than this JobDesk knows (up to %2): upgrade JobDesk before using this database</source>
        <translation>the database&apos;s schema is version %1, newer than this JobDesk knows (up to %2): upgrade JobDesk before using this database</translation>
    </message>
    <message>
        <source>the database was made by a JobDesk 0.1 development build at its migration %1; JobDesk 1.0 adopts only a 0.1 database at its last migration (%2). Open it with the last 0.1 build first, or start a new database</source>
        <translation>the database was made by a JobDesk 0.1 development build at its migration %1; JobDesk 1.0 adopts only a 0.1 database at its last migration (%2). Open it with the last 0.1 build first, or start a new database</translation>
    </message>
    <message>
        <source>the database was made by a JobDesk 0.1 development build and its schema differs from the 1.0 baseline (the database has &quot;%1&quot; where the baseline has &quot;%2&quot;), so it was left as it was. Export what you need and start a new database (docs/upgrade.md)</source>
        <translation>the database was made by a JobDesk 0.1 development build and its schema differs from the 1.0 baseline (the database has &quot;%1&quot; where the baseline has &quot;%2&quot;), so it was left as it was. Export what you need and start a new database (docs/upgrade.md)</translation>
    </message>
    <message>
        <source>migration %1 did not record itself in schema_migrations</source>
        <translation>migration %1 did not record itself in schema_migrations</translation>
    </message>
    <message>
        <source>schema migration failed on %1: %2</source>
        <translation>schema migration failed on %1: %2</translation>
    </message>
    <message>
        <source>cannot read schema file %1</source>
        <translation>cannot read schema file %1</translation>
    </message>
    <message>
        <source>empty database URL</source>
        <translation>empty database URL</translation>
    </message>
    <message>
        <source>sqlite: URL without a path</source>
        <translation>sqlite: URL without a path</translation>
    </message>
    <message>
        <source>unsupported database URL scheme in &apos;%1&apos; (use sqlite:PATH or postgresql://...)</source>
        <translation>unsupported database URL scheme in &apos;%1&apos; (use sqlite:PATH or postgresql://...)</translation>
    </message>
    <message>
        <source>actor id</source>
        <translation>actor id</translation>
    </message>
    <message>
        <source>actor kind</source>
        <translation>actor kind</translation>
    </message>
    <message>
        <source>config hash</source>
        <translation>config hash</translation>
    </message>
    <message>
        <source>endpoint</source>
        <translation>endpoint</translation>
    </message>
    <message>
        <source>idempotency key prefix</source>
        <translation>idempotency key prefix</translation>
    </message>
    <message>
        <source>idempotency key</source>
        <translation>idempotency key</translation>
    </message>
    <message>
        <source>operator id</source>
        <translation>operator id</translation>
    </message>
    <message>
        <source>owner id</source>
        <translation>owner id</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>provider</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>reason</translation>
    </message>
    <message>
        <source>reconciler id</source>
        <translation>reconciler id</translation>
    </message>
    <message>
        <source>request id</source>
        <translation>request id</translation>
    </message>
    <message>
        <source>route</source>
        <translation>route</translation>
    </message>
    <message>
        <source>search</source>
        <translation>search</translation>
    </message>
    <message>
        <source>start request id</source>
        <translation>start request id</translation>
    </message>
    <message>
        <source>worker id</source>
        <translation>worker id</translation>
    </message>
    <message>
        <source>client metadata</source>
        <translation>client metadata</translation>
    </message>
    <message>
        <source>the route&apos;s contract</source>
        <translation>the route&apos;s contract</translation>
    </message>
    <message>
        <source>the input</source>
        <translation>the input</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>an array</translation>
    </message>
    <message>
        <source>a scalar</source>
        <translation>a scalar</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui</name>
    <message>
        <source>#%1 (attempt %2 on %3)</source>
        <translation>#%1 (attempt %2 on %3)</translation>
    </message>
    <message>
        <source>Retry is blocked by %1: UNKNOWN. Learn its outcome from the provider or cancel it first; a retry now could run the intent twice.</source>
        <translation>Retry is blocked by %1: UNKNOWN. Learn its outcome from the provider or cancel it first; a retry now could run the intent twice.</translation>
    </message>
    <message>
        <source>The job already has a winner (#%1): there is nothing to retry.</source>
        <translation>The job already has a winner (#%1): there is nothing to retry.</translation>
    </message>
    <message>
        <source>The job is cancelled: there is nothing to retry.</source>
        <translation>The job is cancelled: there is nothing to retry.</translation>
    </message>
    <message>
        <source>Attempt #%1 (attempt %2 on %3) is still starting.</source>
        <translation>Attempt #%1 (attempt %2 on %3) is still starting.</translation>
    </message>
    <message>
        <source>#%1 (%2 on %3)</source>
        <translation>#%1 (%2 on %3)</translation>
    </message>
    <message>
        <source>A retry starts attempt #%1 on the provider you choose. It is audited, and it may go beyond the automatic budget (%2 of %3 automatic attempts used).</source>
        <translation>A retry starts attempt #%1 on the provider you choose. It is audited, and it may go beyond the automatic budget (%2 of %3 automatic attempts used).</translation>
    </message>
    <message>
        <source>Job %1 already has a winner, so nothing waits for this attempt: cancelling records that it is over.</source>
        <translation>Job %1 already has a winner, so nothing waits for this attempt: cancelling records that it is over.</translation>
    </message>
    <message>
        <source>Attempt #%1 stops blocking job %2.</source>
        <translation>Attempt #%1 stops blocking job %2.</translation>
    </message>
    <message>
        <source>The job keeps waiting for its other open attempt(s).</source>
        <translation>The job keeps waiting for its other open attempt(s).</translation>
    </message>
    <message>
        <source>The job goes back to the queue and the dispatcher starts the next attempt on the next proven provider.</source>
        <translation>The job goes back to the queue and the dispatcher starts the next attempt on the next proven provider.</translation>
    </message>
    <message>
        <source>The request has not been sent yet; it will not be sent.</source>
        <translation>The request has not been sent yet; it will not be sent.</translation>
    </message>
    <message>
        <source>If %1 still delivers a result for this attempt, it is discarded and shown as a race loss; it never overwrites anything.</source>
        <translation>If %1 still delivers a result for this attempt, it is discarded and shown as a race loss; it never overwrites anything.</translation>
    </message>
    <message>
        <source>The job has a winner; it cannot be cancelled.</source>
        <translation>The job has a winner; it cannot be cancelled.</translation>
    </message>
    <message>
        <source>The job is already cancelled.</source>
        <translation>The job is already cancelled.</translation>
    </message>
    <message>
        <source>Job %1 ends as cancelled; this cannot be undone and no further attempt will start.</source>
        <translation>Job %1 ends as cancelled; this cannot be undone and no further attempt will start.</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message numerus="yes">
        <source>Its open attempt(s) %1 are cancelled with it; a late result from any of them is discarded and shown as a race loss.</source>
        <translation>
            <numerusform>Its open attempt %1 is cancelled with it; a late result from it is discarded and shown as a race loss.</numerusform>
            <numerusform>Its open attempts %1 are cancelled with it; a late result from any of them is discarded and shown as a race loss.</numerusform>
        </translation>
    </message>
    <message>
        <source>The job goes back to the queue, but no proven provider is left in the chain of route %1: the dispatcher will fail it unless you retry it yourself (or validate a provider first).</source>
        <translation>The job goes back to the queue, but no proven provider is left in the chain of route %1: the dispatcher will fail it unless you retry it yourself (or validate a provider first).</translation>
    </message>
    <message numerus="yes">
        <source>%1 still open; this job allows %n open attempt(s) at a time.</source>
        <translation>
            <numerusform>%1 still open; this job allows %n open attempt at a time.</numerusform>
            <numerusform>%1 still open; this job allows %n open attempts at a time.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The job goes back to the queue, but its automatic budget (%n attempt(s)) is spent: the dispatcher will fail it unless you retry it yourself.</source>
        <translation>
            <numerusform>The job goes back to the queue, but its automatic budget (%n attempt) is spent: the dispatcher will fail it unless you retry it yourself.</numerusform>
            <numerusform>The job goes back to the queue, but its automatic budget (%n attempts) is spent: the dispatcher will fail it unless you retry it yourself.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 said at %2 that it is still working on this request: it is most likely being run, and billed.</source>
        <translation>%1 said at %2 that it is still working on this request: it is most likely being run, and billed.</translation>
    </message>
    <message>
        <source>If %1 did run it, that run may be billed all the same, and the job&apos;s next attempt is a second charge.</source>
        <translation>If %1 did run it, that run may be billed all the same, and the job&apos;s next attempt is a second charge.</translation>
    </message>
    <message>
        <source>#%1 on %2</source>
        <translation>#%1 on %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 may already be running at the provider: such a run may be billed all the same, with no result for the job.</source>
        <translation>
            <numerusform>%1 may already be running at the provider: such a run may be billed all the same, with no result for the job.</numerusform>
            <numerusform>%1 may already be running at their providers: such runs may be billed all the same, with no result for the job.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ActionDialog</name>
    <message>
        <source>&amp;Reason (required; it goes into the audit trail):</source>
        <translation>&amp;Reason (required; it goes into the audit trail):</translation>
    </message>
    <message>
        <source>e.g. provider support confirmed no charge was made (ticket 4711)</source>
        <translation>e.g. provider support confirmed no charge was made (ticket 4711)</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Working…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>The answer to &quot;%1&quot; (closed before it came): %2</source>
        <translation>The answer to &quot;%1&quot; (closed before it came): %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; was closed before its answer came; it is not known whether it took effect: read the job again before you act on it. (%2)</source>
        <translation>&quot;%1&quot; was closed before its answer came; it is not known whether it took effect: read the job again before you act on it. (%2)</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ArchiveView</name>
    <message>
        <source>Archive (read-only)</source>
        <translation>Archive (read-only)</translation>
    </message>
    <message>
        <source>Owner or idempotency key, or the start of one</source>
        <translation>Owner or idempotency key, or the start of one</translation>
    </message>
    <message>
        <source>Search the archive by owner or key</source>
        <translation>Search the archive by owner or key</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>Final state</source>
        <translation>Final state</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Created</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>Last change</translation>
    </message>
    <message>
        <source>Archived jobs</source>
        <translation>Archived jobs</translation>
    </message>
    <message>
        <source>Incident &amp;report…</source>
        <translation>Incident &amp;report…</translation>
    </message>
    <message>
        <source>The story of the selected job, as Markdown (copied) and PDF (Ctrl+E)</source>
        <translation>The story of the selected job, as Markdown (copied) and PDF (Ctrl+E)</translation>
    </message>
    <message>
        <source>Archive %1 (read-only)</source>
        <translation>Archive %1 (read-only)</translation>
    </message>
    <message>
        <source>Reading and checking %1…</source>
        <translation>Reading and checking %1…</translation>
    </message>
    <message>
        <source>The archive %1 does not exist.</source>
        <translation>The archive %1 does not exist.</translation>
    </message>
    <message>
        <source>%1 cannot be opened as a JobDesk archive: it is damaged, was changed after it was written, or its checksum file (.sha256) is missing. Nothing from it is shown.</source>
        <translation>%1 cannot be opened as a JobDesk archive: it is damaged, was changed after it was written, or its checksum file (.sha256) is missing. Nothing from it is shown.</translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>Details: %1</translation>
    </message>
    <message>
        <source>No archive is open.</source>
        <translation>No archive is open.</translation>
    </message>
    <message numerus="yes">
        <source>Retention run %1 archived and removed %n job(s) whose last change was before %2. Read-only: nothing here can act.</source>
        <translation>
            <numerusform>Retention run %1 archived and removed %n job whose last change was before %2. Read-only: nothing here can act.</numerusform>
            <numerusform>Retention run %1 archived and removed %n jobs whose last change was before %2. Read-only: nothing here can act.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) match the search.</source>
        <translation>
            <numerusform>%n job matches the search.</numerusform>
            <numerusform>%n jobs match the search.</numerusform>
        </translation>
    </message>
    <message>
        <source>Archived by retention run %1 and removed from the store: read-only, nothing here can act. Its key is kept as a tombstone: a retry with it is answered with this job, never a new one.</source>
        <translation>Archived by retention run %1 and removed from the store: read-only, nothing here can act. Its key is kept as a tombstone: a retry with it is answered with this job, never a new one.</translation>
    </message>
    <message>
        <source>Open a retention archive</source>
        <translation>Open a retention archive</translation>
    </message>
    <message>
        <source>JobDesk archives (*.jsonl.gz);;All files (*)</source>
        <translation>JobDesk archives (*.jsonl.gz);;All files (*)</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::BulkCancelDialog</name>
    <message>
        <source>Cancel attempt #%1 of job %2?</source>
        <translation>Cancel attempt #%1 of job %2?</translation>
    </message>
    <message numerus="yes">
        <source>Cancel %n unknown attempt(s)?</source>
        <translation>
            <numerusform>Cancel %n unknown attempt?</numerusform>
            <numerusform>Cancel %n unknown attempts?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unknown attempt(s)</source>
        <translation>
            <numerusform>%n unknown attempt</numerusform>
            <numerusform>%n unknown attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n job(s) will be cancelled, each as its own audited action. This set was fixed when this dialog opened; an attempt whose job changed since then is skipped, not cancelled.</source>
        <translation>
            <numerusform>of %n job will be cancelled, each as its own audited action. This set was fixed when this dialog opened; an attempt whose job changed since then is skipped, not cancelled.</numerusform>
            <numerusform>of %n jobs will be cancelled, each as its own audited action. This set was fixed when this dialog opened; an attempt whose job changed since then is skipped, not cancelled.</numerusform>
        </translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Attempt</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>Unknown since</source>
        <translation>Unknown since</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>Idempotency key</translation>
    </message>
    <message>
        <source>#%1 (id %2)</source>
        <translation>#%1 (id %2)</translation>
    </message>
    <message>
        <source>What follows: each job whose last open attempt this was returns to queued, and a dispatcher starts its next attempt on the next proven provider. It fails the job instead when its attempt budget is spent or no proven provider is left in its route&apos;s chain: retry those yourself. If a provider did run one of these, its late result is recorded as a race loss and discarded.</source>
        <translation>What follows: each job whose last open attempt this was returns to queued, and a dispatcher starts its next attempt on the next proven provider. It fails the job instead when its attempt budget is spent or no proven provider is left in its route&apos;s chain: retry those yourself. If a provider did run one of these, its late result is recorded as a race loss and discarded.</translation>
    </message>
    <message>
        <source>&amp;Reason (required; it goes into the audit trail of every attempt):</source>
        <translation>&amp;Reason (required; it goes into the audit trail of every attempt):</translation>
    </message>
    <message>
        <source>e.g. provider outage 10:00-10:20, support confirmed nothing was charged (ticket 4711)</source>
        <translation>e.g. provider outage 10:00-10:20, support confirmed nothing was charged (ticket 4711)</translation>
    </message>
    <message>
        <source>This cancels more than %1 attempts. Type the number of attempts (%2) to confirm:</source>
        <translation>This cancels more than %1 attempts. Type the number of attempts (%2) to confirm:</translation>
    </message>
    <message>
        <source>%v of %m answered</source>
        <translation>%v of %m answered</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Result</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Why</translation>
    </message>
    <message>
        <source>Cancel the attempt</source>
        <translation>Cancel the attempt</translation>
    </message>
    <message numerus="yes">
        <source>Cancel %n attempt(s)</source>
        <translation>
            <numerusform>Cancel %n attempt</numerusform>
            <numerusform>Cancel %n attempts</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep them</source>
        <translation>Keep them</translation>
    </message>
    <message>
        <source>Type the number of attempts to confirm.</source>
        <translation>Type the number of attempts to confirm.</translation>
    </message>
    <message>
        <source>cancelled (already, by this action)</source>
        <translation>cancelled (already, by this action)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>skipped: it changed meanwhile</source>
        <translation>skipped: it changed meanwhile</translation>
    </message>
    <message>
        <source>failed: not known whether it was cancelled</source>
        <translation>failed: not known whether it was cancelled</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>not sent</translation>
    </message>
    <message>
        <source>Cancelled %1, skipped %2 (changed meanwhile), failed %3.</source>
        <translation>Cancelled %1, skipped %2 (changed meanwhile), failed %3.</translation>
    </message>
    <message>
        <source>Press the button again to send the failed ones again: each keeps its request id, so one that did go through is not cancelled twice.</source>
        <translation>Press the button again to send the failed ones again: each keeps its request id, so one that did go through is not cancelled twice.</translation>
    </message>
    <message numerus="yes">
        <source>Send the %n failed again</source>
        <translation>
            <numerusform>Send the %n failed again</numerusform>
            <numerusform>Send the %n failed again</numerusform>
        </translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>not sent: the cancel of attempt %1 of this job did not answer, so the job&apos;s change number is not known; OK sends both again</source>
        <translation>not sent: the cancel of attempt %1 of this job did not answer, so the job&apos;s change number is not known; OK sends both again</translation>
    </message>
    <message>
        <source>Provider&apos;s last answer</source>
        <translation>Provider&apos;s last answer</translation>
    </message>
    <message>
        <source>Such a run may be billed all the same, and the job&apos;s next attempt is a second charge.</source>
        <translation>Such a run may be billed all the same, and the job&apos;s next attempt is a second charge.</translation>
    </message>
    <message numerus="yes">
        <source>%n of these providers said they are still working on the request: those are most likely being run, and billed.</source>
        <translation>
            <numerusform>%n of these providers said they are still working on the request: those are most likely being run, and billed.</numerusform>
            <numerusform>%n of these providers said they are still working on the request: those are most likely being run, and billed.</numerusform>
        </translation>
    </message>
    <message>
        <source>still working on it since %1 (the last lookup: %2)</source>
        <translation>still working on it since %1 (the last lookup: %2)</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::CancelAttemptDialog</name>
    <message>
        <source>Cancel attempt #%1 of job %2?</source>
        <translation>Cancel attempt #%1 of job %2?</translation>
    </message>
    <message>
        <source>Attempt #%1 (id %2) on %3 has been %4 since %5 (%6).</source>
        <translation>Attempt #%1 (id %2) on %3 has been %4 since %5 (%6).</translation>
    </message>
    <message>
        <source>Last reason: %1.</source>
        <translation>Last reason: %1.</translation>
    </message>
    <message>
        <source>What follows: %1</source>
        <translation>What follows: %1</translation>
    </message>
    <message>
        <source>The provider saw this attempt under the key %1; ask it about that key first if you can.</source>
        <translation>The provider saw this attempt under the key %1; ask it about that key first if you can.</translation>
    </message>
    <message>
        <source>Cancel attempt #%1</source>
        <translation>Cancel attempt #%1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::CancelJobDialog</name>
    <message>
        <source>Cancel job %1?</source>
        <translation>Cancel job %1?</translation>
    </message>
    <message>
        <source>Job %1 (owner %2, key %3, route %4) is %5.</source>
        <translation>Job %1 (owner %2, key %3, route %4) is %5.</translation>
    </message>
    <message>
        <source>What follows: %1</source>
        <translation>What follows: %1</translation>
    </message>
    <message>
        <source>Cancel job %1</source>
        <translation>Cancel job %1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ChartsView</name>
    <message>
        <source>Last hour (per minute)</source>
        <translation>Last hour (per minute)</translation>
    </message>
    <message>
        <source>Last day (per 15 minutes)</source>
        <translation>Last day (per 15 minutes)</translation>
    </message>
    <message>
        <source>Attempts by outcome, per minute</source>
        <translation>Attempts by outcome, per minute</translation>
    </message>
    <message>
        <source>Latency per provider (sent to finished)</source>
        <translation>Latency per provider (sent to finished)</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>Race losses and attempts that went unknown</source>
        <translation>Race losses and attempts that went unknown</translation>
    </message>
    <message>
        <source>race losses</source>
        <translation>race losses</translation>
    </message>
    <message>
        <source>went UNKNOWN</source>
        <translation>went UNKNOWN</translation>
    </message>
    <message>
        <source>Attempts by outcome, per 15 minutes</source>
        <translation>Attempts by outcome, per 15 minutes</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Reading…</translation>
    </message>
    <message>
        <source>Could not read the charts: %1</source>
        <translation>Could not read the charts: %1</translation>
    </message>
    <message>
        <source>%1 to %2:</source>
        <translation>%1 to %2:</translation>
    </message>
    <message numerus="yes">
        <source>%n race loss(es),</source>
        <translation>
            <numerusform>%n race loss,</numerusform>
            <numerusform>%n race losses,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s) went unknown,</source>
        <translation>
            <numerusform>%n attempt went unknown,</numerusform>
            <numerusform>%n attempts went unknown,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finished attempt(s) timed.</source>
        <translation>
            <numerusform>%n finished attempt timed.</numerusform>
            <numerusform>%n finished attempts timed.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 reads them again.</source>
        <translation>%1 reads them again.</translation>
    </message>
    <message>
        <source>%1: p50 %2 ms, p95 %3 ms (n=%4)</source>
        <translation>%1: p50 %2 ms, p95 %3 ms (n=%4)</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ConnectionBanner</name>
    <message>
        <source>Not connected. File ▸ Connect… (Ctrl+O)</source>
        <translation>Not connected. File ▸ Connect… (Ctrl+O)</translation>
    </message>
    <message>
        <source>Not connected: %1 (retrying)</source>
        <translation>Not connected: %1 (retrying)</translation>
    </message>
    <message>
        <source>%1, read-only: actions disabled</source>
        <translation>%1, read-only: actions disabled</translation>
    </message>
    <message>
        <source>local file, acts as operator</source>
        <translation>local file, acts as operator</translation>
    </message>
    <message>
        <source>%1 as %2 (%3)</source>
        <translation>%1 as %2 (%3)</translation>
    </message>
    <message>
        <source>read %1</source>
        <translation>read %1</translation>
    </message>
    <message>
        <source>PRODUCTION</source>
        <translation>PRODUCTION</translation>
    </message>
    <message>
        <source>CONNECTION LOST at %1: %2
What you see was read at %3 (%4) and may be out of date. Reconnecting by itself; actions wait until the connection is back.</source>
        <translation>CONNECTION LOST at %1: %2
What you see was read at %3 (%4) and may be out of date. Reconnecting by itself; actions wait until the connection is back.</translation>
    </message>
    <message>
        <source>CONNECTION LOST at %1: %2
Nothing has been read yet. Reconnecting by itself.</source>
        <translation>CONNECTION LOST at %1: %2
Nothing has been read yet. Reconnecting by itself.</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>on %1</translation>
    </message>
    <message>
        <source>on %1, failed over from %2 at %3</source>
        <translation>on %1, failed over from %2 at %3</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ConnectionDialog</name>
    <message>
        <source>Connect to a JobDesk database</source>
        <translation>Connect to a JobDesk database</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Save</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Delete</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>SQLite &amp;file (local, single user)</source>
        <translation>SQLite &amp;file (local, single user)</translation>
    </message>
    <message>
        <source>&amp;PostgreSQL</source>
        <translation>&amp;PostgreSQL</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>Kind:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Browse…</translation>
    </message>
    <message>
        <source>&amp;Location:</source>
        <translation>&amp;Location:</translation>
    </message>
    <message>
        <source>asked each time, never saved</source>
        <translation>asked each time, never saved</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>Pass&amp;word:</translation>
    </message>
    <message>
        <source>This is &amp;production (the banner turns red)</source>
        <translation>This is &amp;production (the banner turns red)</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Connect</translation>
    </message>
    <message>
        <source>%1 (PRODUCTION)</source>
        <translation>%1 (PRODUCTION)</translation>
    </message>
    <message>
        <source>/path/to/jobdesk.db</source>
        <translation>/path/to/jobdesk.db</translation>
    </message>
    <message>
        <source>postgresql://alice@db1.example.org/jobdesk</source>
        <translation>postgresql://alice@db1.example.org/jobdesk</translation>
    </message>
    <message>
        <source>Say where the database is.</source>
        <translation>Say where the database is.</translation>
    </message>
    <message>
        <source>That is not a PostgreSQL URL (postgresql://...) or connection string (host=... dbname=...).</source>
        <translation>That is not a PostgreSQL URL (postgresql://...) or connection string (host=... dbname=...).</translation>
    </message>
    <message>
        <source>SQLite database</source>
        <translation>SQLite database</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite);;All files (*)</source>
        <translation>SQLite databases (*.db *.sqlite);;All files (*)</translation>
    </message>
    <message>
        <source>Sa&amp;ved connections:</source>
        <translation>Sa&amp;ved connections:</translation>
    </message>
    <message>
        <source>Saved connections</source>
        <translation>Saved connections</translation>
    </message>
    <message>
        <source>Open the &amp;demo</source>
        <translation>Open the &amp;demo</translation>
    </message>
    <message>
        <source>The built-in demo: its own SQLite file, simulated providers and users</source>
        <translation>The built-in demo: its own SQLite file, simulated providers and users</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Connecting to %1…</translation>
    </message>
    <message>
        <source>Demo (built in)</source>
        <translation>Demo (built in)</translation>
    </message>
    <message>
        <source>Starting the demo…</source>
        <translation>Starting the demo…</translation>
    </message>
    <message>
        <source>Could not connect: %1</source>
        <translation>Could not connect: %1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::Demo</name>
    <message>
        <source>a customer double-clicks Pay: two POSTs 180 ms apart with one key (a replay)</source>
        <translation>a customer double-clicks Pay: two POSTs 180 ms apart with one key (a replay)</translation>
    </message>
    <message>
        <source>an app reuses a key with another payload (a conflict: nothing created)</source>
        <translation>an app reuses a key with another payload (a conflict: nothing created)</translation>
    </message>
    <message>
        <source>a provider hangs past its deadline: the attempt becomes unknown and blocks the job</source>
        <translation>a provider hangs past its deadline: the attempt becomes unknown and blocks the job</translation>
    </message>
    <message>
        <source>a provider answers after the deadline: unknown first, then the late result wins through the CAS</source>
        <translation>a provider answers after the deadline: unknown first, then the late result wins through the CAS</translation>
    </message>
    <message>
        <source>a hedge finishes first, the slow primary after it: a race loss</source>
        <translation>a hedge finishes first, the slow primary after it: a race loss</translation>
    </message>
    <message>
        <source>a provider refuses: failover skips the unproven spare for the proven backup</source>
        <translation>a provider refuses: failover skips the unproven spare for the proven backup</translation>
    </message>
    <message>
        <source>fake provider %1 could not listen on 127.0.0.1</source>
        <translation>fake provider %1 could not listen on 127.0.0.1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::IncidentReportDialog</name>
    <message>
        <source>Incident report: job %1</source>
        <translation>Incident report: job %1</translation>
    </message>
    <message>
        <source>&amp;Copy Markdown</source>
        <translation>&amp;Copy Markdown</translation>
    </message>
    <message>
        <source>Save as &amp;PDF…</source>
        <translation>Save as &amp;PDF…</translation>
    </message>
    <message>
        <source>Save the incident report</source>
        <translation>Save the incident report</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>The report is on the clipboard as Markdown.</source>
        <translation>The report is on the clipboard as Markdown.</translation>
    </message>
    <message>
        <source>Saved as %1.</source>
        <translation>Saved as %1.</translation>
    </message>
    <message>
        <source>Incident report</source>
        <translation>Incident report</translation>
    </message>
    <message>
        <source>Could not read job %1 for its report: %2</source>
        <translation>Could not read job %1 for its report: %2</translation>
    </message>
    <message>
        <source>Copy Markdown puts the report on the clipboard; Save as PDF writes a file.</source>
        <translation>Copy Markdown puts the report on the clipboard; Save as PDF writes a file.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::IncidentsModel</name>
    <message>
        <source>One job (%1, %2).</source>
        <translation>One job (%1, %2).</translation>
    </message>
    <message>
        <source>The key was sent once.</source>
        <translation>The key was sent once.</translation>
    </message>
    <message numerus="yes">
        <source>The key was sent %1 times from %n client(s) within %2.</source>
        <translation>
            <numerusform>The key was sent %1 times from %n client within %2.</numerusform>
            <numerusform>The key was sent %1 times from %n clients within %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n replay(s) returned the same job: nothing was done twice.</source>
        <translation>
            <numerusform>%n replay returned the same job: nothing was done twice.</numerusform>
            <numerusform>%n replays returned the same job: nothing was done twice.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n CONFLICT(s): the same key came with another payload, which was refused (nothing created).</source>
        <translation>
            <numerusform>%n CONFLICT: the same key came with another payload, which was refused (nothing created).</numerusform>
            <numerusform>%n CONFLICTS: the same key came with another payload, which was refused (nothing created).</numerusform>
        </translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>Idempotency key</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Replays</source>
        <translation>Replays</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>Conflicts</translation>
    </message>
    <message>
        <source>First</source>
        <translation>First</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>Spread</source>
        <translation>Spread</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>Clients</translation>
    </message>
    <message numerus="yes">
        <source>%n CONFLICT(s)</source>
        <translation>
            <numerusform>%n CONFLICT</numerusform>
            <numerusform>%n CONFLICTS</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::IncidentsView</name>
    <message>
        <source>When</source>
        <translation>When</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>What happened</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <source>Owner or idempotency key, exactly as the customer sent it (empty: the newest duplicates)</source>
        <translation>Owner or idempotency key, exactly as the customer sent it (empty: the newest duplicates)</translation>
    </message>
    <message>
        <source>Show the &amp;diff</source>
        <translation>Show the &amp;diff</translation>
    </message>
    <message>
        <source>&amp;Open the job</source>
        <translation>&amp;Open the job</translation>
    </message>
    <message>
        <source>&amp;Export incident report…</source>
        <translation>&amp;Export incident report…</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Reading…</translation>
    </message>
    <message>
        <source>Could not read the incidents: %1</source>
        <translation>Could not read the incidents: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) sent more than once, %1 with a conflict</source>
        <translation>
            <numerusform>%n key sent more than once, %1 with a conflict</numerusform>
            <numerusform>%n keys sent more than once, %1 with a conflict</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) with owner or key &quot;%1&quot;</source>
        <translation>
            <numerusform>%n job with owner or key &quot;%1&quot;</numerusform>
            <numerusform>%n jobs with owner or key &quot;%1&quot;</numerusform>
        </translation>
    </message>
    <message>
        <source>No job has owner or key &quot;%1&quot;.</source>
        <translation>No job has owner or key &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Could not read job %1: %2</source>
        <translation>Could not read job %1: %2</translation>
    </message>
    <message>
        <source>created job %1</source>
        <translation>created job %1</translation>
    </message>
    <message>
        <source>CONFLICT: another payload with the same key, refused (double-click for the diff)</source>
        <translation>CONFLICT: another payload with the same key, refused (double-click for the diff)</translation>
    </message>
    <message>
        <source>replayed: the same payload, job %1 returned</source>
        <translation>replayed: the same payload, job %1 returned</translation>
    </message>
    <message>
        <source>The newest %1 keys sent more than once are shown, %2 with a conflict; there may be more: search by owner or key to see theirs.</source>
        <translation>The newest %1 keys sent more than once are shown, %2 with a conflict; there may be more: search by owner or key to see theirs.</translation>
    </message>
    <message>
        <source>Owner or key, exactly as sent</source>
        <translation>Owner or key, exactly as sent</translation>
    </message>
    <message>
        <source>The newest %1 jobs with owner or key &quot;%2&quot; are shown; there may be more.</source>
        <translation>The newest %1 jobs with owner or key &quot;%2&quot; are shown; there may be more.</translation>
    </message>
    <message>
        <source>Reading what was charged…</source>
        <translation>Reading what was charged…</translation>
    </message>
    <message>
        <source>Charges: %1</source>
        <translation>Charges: %1</translation>
    </message>
    <message>
        <source>Charges: not known, the job&apos;s attempts could not be read.</source>
        <translation>Charges: not known, the job&apos;s attempts could not be read.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::IntentDiffDialog</name>
    <message>
        <source>Key conflict on %1: what differs</source>
        <translation>Key conflict on %1: what differs</translation>
    </message>
    <message>
        <source>Owner %1 reused the key %2 with another intent: %3 field(s) differ, so nothing was created and job %4 is unchanged.
Stored: job %4, created %5 by %6.
Rejected: request at %7 (%8 after the job was created) by %9.</source>
        <translation>Owner %1 reused the key %2 with another intent: %3 field(s) differ, so nothing was created and job %4 is unchanged.
Stored: job %4, created %5 by %6.
Rejected: request at %7 (%8 after the job was created) by %9.</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Field</translation>
    </message>
    <message>
        <source>Stored (the job&apos;s intent)</source>
        <translation>Stored (the job&apos;s intent)</translation>
    </message>
    <message>
        <source>Rejected (this request)</source>
        <translation>Rejected (this request)</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Difference</translation>
    </message>
    <message>
        <source>same</source>
        <translation>same</translation>
    </message>
    <message>
        <source>CHANGED</source>
        <translation>CHANGED</translation>
    </message>
    <message>
        <source>REMOVED in the request</source>
        <translation>REMOVED in the request</translation>
    </message>
    <message>
        <source>ADDED in the request</source>
        <translation>ADDED in the request</translation>
    </message>
    <message>
        <source>(absent)</source>
        <translation>(absent)</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::JobDetailView</name>
    <message>
        <source>Select a job to see it in full.</source>
        <translation>Select a job to see it in full.</translation>
    </message>
    <message>
        <source>Intent (route and input, as fingerprinted):</source>
        <translation>Intent (route and input, as fingerprinted):</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>Result:</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Overview</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Started</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Took</translation>
    </message>
    <message>
        <source>Read version</source>
        <translation>Read version</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>Deadline</translation>
    </message>
    <message>
        <source>Provider key</source>
        <translation>Provider key</translation>
    </message>
    <message>
        <source>Last reason</source>
        <translation>Last reason</translation>
    </message>
    <message>
        <source>Time line</source>
        <translation>Time line</translation>
    </message>
    <message>
        <source>When</source>
        <translation>When</translation>
    </message>
    <message>
        <source>What</source>
        <translation>What</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Show the &amp;diff of this conflict…</source>
        <translation>Show the &amp;diff of this conflict…</translation>
    </message>
    <message>
        <source>Key history</source>
        <translation>Key history</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Attempt</translation>
    </message>
    <message>
        <source>Transition</source>
        <translation>Transition</translation>
    </message>
    <message>
        <source>By</source>
        <translation>By</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Events</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Database user</source>
        <translation>Database user</translation>
    </message>
    <message>
        <source>Request id</source>
        <translation>Request id</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Answer</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>Audit</translation>
    </message>
    <message>
        <source>Job %1: reading…</source>
        <translation>Job %1: reading…</translation>
    </message>
    <message>
        <source>Job %1 could not be read: %2</source>
        <translation>Job %1 could not be read: %2</translation>
    </message>
    <message>
        <source>Job %1 · %2 · owner %3 · key %4 · route %5 · v%6 · created %7 (%8)</source>
        <translation>Job %1 · %2 · owner %3 · key %4 · route %5 · v%6 · created %7 (%8)</translation>
    </message>
    <message>
        <source>Key history (%1)</source>
        <translation>Key history (%1)</translation>
    </message>
    <message>
        <source>Events (%1)</source>
        <translation>Events (%1)</translation>
    </message>
    <message>
        <source>Audit (%1)</source>
        <translation>Audit (%1)</translation>
    </message>
    <message>
        <source>Time line (%1)</source>
        <translation>Time line (%1)</translation>
    </message>
    <message>
        <source>BLOCKED: waiting for an operator. </source>
        <translation>BLOCKED: waiting for an operator. </translation>
    </message>
    <message>
        <source>Reason recorded on the job: %1</source>
        <translation>Reason recorded on the job: %1</translation>
    </message>
    <message>
        <source>Result (from the winner, attempt #%1 on %2):</source>
        <translation>Result (from the winner, attempt #%1 on %2):</translation>
    </message>
    <message>
        <source>(no result yet)</source>
        <translation>(no result yet)</translation>
    </message>
    <message>
        <source>%1 (WINNER)</source>
        <translation>%1 (WINNER)</translation>
    </message>
    <message>
        <source>v%1</source>
        <translation>v%1</translation>
    </message>
    <message>
        <source>created job %1</source>
        <translation>created job %1</translation>
    </message>
    <message>
        <source>CONFLICT: same key, another intent (nothing created)</source>
        <translation>CONFLICT: same key, another intent (nothing created)</translation>
    </message>
    <message>
        <source>replayed: same key, same intent (job %1 returned)</source>
        <translation>replayed: same key, same intent (job %1 returned)</translation>
    </message>
    <message>
        <source>double-click or &quot;Show the diff&quot; to compare the intents</source>
        <translation>double-click or &quot;Show the diff&quot; to compare the intents</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>created as %1</source>
        <translation>created as %1</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>%1:%2 (%3)</source>
        <translation>%1:%2 (%3)</translation>
    </message>
    <message>
        <source>The connection is lost: actions wait until it is back.</source>
        <translation>The connection is lost: actions wait until it is back.</translation>
    </message>
    <message>
        <source>This connection may only read (role %1).</source>
        <translation>This connection may only read (role %1).</translation>
    </message>
    <message>
        <source>Cancel #%1 (%2)…</source>
        <translation>Cancel #%1 (%2)…</translation>
    </message>
    <message>
        <source>Cancel attempt #%1 (Ctrl+K cancels the oldest unknown one)</source>
        <translation>Cancel attempt #%1 (Ctrl+K cancels the oldest unknown one)</translation>
    </message>
    <message>
        <source>&amp;Retry…</source>
        <translation>&amp;Retry…</translation>
    </message>
    <message>
        <source>Cancel jo&amp;b…</source>
        <translation>Cancel jo&amp;b…</translation>
    </message>
    <message>
        <source>Its request went to %1</source>
        <translation>Its request went to %1</translation>
    </message>
    <message>
        <source>Not sent yet</source>
        <translation>Not sent yet</translation>
    </message>
    <message>
        <source>It records no endpoint its request went to (never sent, or sent by an older JobDesk)</source>
        <translation>It records no endpoint its request went to (never sent, or sent by an older JobDesk)</translation>
    </message>
    <message>
        <source>charged</source>
        <translation>charged</translation>
    </message>
    <message>
        <source>POSSIBLY charged</source>
        <translation>POSSIBLY charged</translation>
    </message>
    <message>
        <source>not charged</source>
        <translation>not charged</translation>
    </message>
    <message>
        <source>Charge</source>
        <translation>Charge</translation>
    </message>
    <message>
        <source>Job %1 is %2 now.</source>
        <translation>Job %1 is %2 now.</translation>
    </message>
    <message>
        <source>Charges: %1</source>
        <translation>Charges: %1</translation>
    </message>
    <message>
        <source>Job detail</source>
        <translation>Job detail</translation>
    </message>
    <message>
        <source>Intent</source>
        <translation>Intent</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Result</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::JobsModel</name>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>Idempotency key</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Attempts</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Age</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>%1 (%2 UNKNOWN)</source>
        <translation>%1 (%2 UNKNOWN)</translation>
    </message>
    <message>
        <source>v%1</source>
        <translation>v%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Blocked: an attempt is unknown and there is no winner. An operator must learn its outcome or cancel it.</source>
        <translation>Blocked: an attempt is unknown and there is no winner. An operator must learn its outcome or cancel it.</translation>
    </message>
    <message>
        <source>#%1 %2 on %3</source>
        <translation>#%1 %2 on %3</translation>
    </message>
    <message>
        <source>created %1</source>
        <translation>created %1</translation>
    </message>
    <message>
        <source>No longer matches the filter (%1 reads the list again).</source>
        <translation>No longer matches the filter (%1 reads the list again).</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::MainWindow</name>
    <message>
        <source>JobDesk console</source>
        <translation>JobDesk console</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>Could not read jobs: %1</source>
        <translation>Could not read jobs: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n new job(s) waiting: show them (they do not push the rows you are reading)</source>
        <translation>
            <numerusform>%n new job waiting: show it (it does not push the rows you are reading)</numerusform>
            <numerusform>%n new jobs waiting: show them (they do not push the rows you are reading)</numerusform>
        </translation>
    </message>
    <message>
        <source>Any state</source>
        <translation>Any state</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>Any age</source>
        <translation>Any age</translation>
    </message>
    <message>
        <source>Last 15 min</source>
        <translation>Last 15 min</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Last hour</translation>
    </message>
    <message>
        <source>Last day</source>
        <translation>Last day</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Connect…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Find job id or key</source>
        <translation>&amp;Find job id or key</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Refresh</translation>
    </message>
    <message>
        <source>Show &amp;new jobs</source>
        <translation>Show &amp;new jobs</translation>
    </message>
    <message>
        <source>Times in &amp;UTC</source>
        <translation>Times in &amp;UTC</translation>
    </message>
    <message>
        <source>&amp;Job</source>
        <translation>&amp;Job</translation>
    </message>
    <message>
        <source>&amp;Copy job id</source>
        <translation>&amp;Copy job id</translation>
    </message>
    <message>
        <source>Copy idempotency &amp;key</source>
        <translation>Copy idempotency &amp;key</translation>
    </message>
    <message>
        <source>Cancel &amp;attempt…</source>
        <translation>Cancel &amp;attempt…</translation>
    </message>
    <message>
        <source>&amp;Retry…</source>
        <translation>&amp;Retry…</translation>
    </message>
    <message>
        <source>Cancel &amp;job…</source>
        <translation>Cancel &amp;job…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;About JobDesk</source>
        <translation>&amp;About JobDesk</translation>
    </message>
    <message>
        <source>About JobDesk</source>
        <translation>About JobDesk</translation>
    </message>
    <message>
        <source>JobDesk %1: one user intent, one side effect.

Jobs are the stable record of what a user asked for; attempts are tries against providers; a timeout is unknown, never failed; exactly one attempt wins, by compare-and-swap.</source>
        <translation>JobDesk %1: one user intent, one side effect.

Jobs are the stable record of what a user asked for; attempts are tries against providers; a timeout is unknown, never failed; exactly one attempt wins, by compare-and-swap.</translation>
    </message>
    <message>
        <source>JobDesk console: %1</source>
        <translation>JobDesk console: %1</translation>
    </message>
    <message>
        <source>Reading jobs…</source>
        <translation>Reading jobs…</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) shown; more load as you scroll.</source>
        <translation>
            <numerusform>%n job shown; more load as you scroll.</numerusform>
            <numerusform>%n jobs shown; more load as you scroll.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n matching job(s) shown.</source>
        <translation>
            <numerusform>All %n matching job shown.</numerusform>
            <numerusform>All %n matching jobs shown.</numerusform>
        </translation>
    </message>
    <message>
        <source>Live updates paused while minimised.</source>
        <translation>Live updates paused while minimised.</translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation>Copied %1</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <source>Worklists</source>
        <translation>Worklists</translation>
    </message>
    <message>
        <source>The table may be incomplete; %1 reads it again.</source>
        <translation>The table may be incomplete; %1 reads it again.</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) shown.</source>
        <translation>
            <numerusform>%n job shown.</numerusform>
            <numerusform>%n jobs shown.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new job(s) wait above the table (%1 shows them).</source>
        <translation>
            <numerusform>%n new job waits above the table (%1 shows it).</numerusform>
            <numerusform>%n new jobs wait above the table (%1 shows them).</numerusform>
        </translation>
    </message>
    <message>
        <source>Job id or key (Ctrl+F)</source>
        <translation>Job id or key (Ctrl+F)</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Views</translation>
    </message>
    <message>
        <source>The jobs whose idempotency key starts with what you type (key:TEXT for exactly that key); a number and Enter opens that job</source>
        <translation>The jobs whose idempotency key starts with what you type (key:TEXT for exactly that key); a number and Enter opens that job</translation>
    </message>
    <message>
        <source>Find job id or idempotency key</source>
        <translation>Find job id or idempotency key</translation>
    </message>
    <message>
        <source>State filter</source>
        <translation>State filter</translation>
    </message>
    <message>
        <source>Owner filter (exact owner id)</source>
        <translation>Owner filter (exact owner id)</translation>
    </message>
    <message>
        <source>Route filter</source>
        <translation>Route filter</translation>
    </message>
    <message>
        <source>Provider filter</source>
        <translation>Provider filter</translation>
    </message>
    <message>
        <source>Age filter</source>
        <translation>Age filter</translation>
    </message>
    <message>
        <source>Active filters</source>
        <translation>Active filters</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Clear filters</translation>
    </message>
    <message>
        <source>New jobs waiting</source>
        <translation>New jobs waiting</translation>
    </message>
    <message>
        <source>&amp;Export shown jobs as CSV…</source>
        <translation>&amp;Export shown jobs as CSV…</translation>
    </message>
    <message>
        <source>Saved &amp;views</source>
        <translation>Saved &amp;views</translation>
    </message>
    <message>
        <source>Cancel attempt: select a job first.</source>
        <translation>Cancel attempt: select a job first.</translation>
    </message>
    <message>
        <source>Cancel attempt: %1</source>
        <translation>Cancel attempt: %1</translation>
    </message>
    <message>
        <source>Cancel attempt: job %1 has no open or unknown attempt to cancel.</source>
        <translation>Cancel attempt: job %1 has no open or unknown attempt to cancel.</translation>
    </message>
    <message>
        <source>Retry: select a job first.</source>
        <translation>Retry: select a job first.</translation>
    </message>
    <message>
        <source>Retry: %1</source>
        <translation>Retry: %1</translation>
    </message>
    <message>
        <source>Retry refused for job %1: %2</source>
        <translation>Retry refused for job %1: %2</translation>
    </message>
    <message>
        <source>Cancel job: select a job first.</source>
        <translation>Cancel job: select a job first.</translation>
    </message>
    <message>
        <source>Cancel job: %1</source>
        <translation>Cancel job: %1</translation>
    </message>
    <message>
        <source>Cancel job %1 refused: %2</source>
        <translation>Cancel job %1 refused: %2</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Keyboard shortcuts</translation>
    </message>
    <message>
        <source>The jobs are sorted by id, owner, key, route, state or age: the store keeps those in order, so every page follows the order and not only the rows loaded.</source>
        <translation>The jobs are sorted by id, owner, key, route, state or age: the store keeps those in order, so every page follows the order and not only the rows loaded.</translation>
    </message>
    <message>
        <source>state %1</source>
        <translation>state %1</translation>
    </message>
    <message>
        <source>key starts with &quot;%1&quot;</source>
        <translation>key starts with &quot;%1&quot;</translation>
    </message>
    <message>
        <source>key &quot;%1&quot;</source>
        <translation>key &quot;%1&quot;</translation>
    </message>
    <message>
        <source>owner &quot;%1&quot;</source>
        <translation>owner &quot;%1&quot;</translation>
    </message>
    <message>
        <source>route &quot;%1&quot;</source>
        <translation>route &quot;%1&quot;</translation>
    </message>
    <message>
        <source>provider &quot;%1&quot;</source>
        <translation>provider &quot;%1&quot;</translation>
    </message>
    <message>
        <source>No filter: every job.</source>
        <translation>No filter: every job.</translation>
    </message>
    <message>
        <source>Filtered by %1.</source>
        <translation>Filtered by %1.</translation>
    </message>
    <message>
        <source>No jobs match: %1</source>
        <translation>No jobs match: %1</translation>
    </message>
    <message>
        <source>the %1 filter</source>
        <translation>the %1 filter</translation>
    </message>
    <message>
        <source>the age filter (%1)</source>
        <translation>the age filter (%1)</translation>
    </message>
    <message>
        <source>the owner filter</source>
        <translation>the owner filter</translation>
    </message>
    <message>
        <source>the route filter</source>
        <translation>the route filter</translation>
    </message>
    <message>
        <source>the provider filter</source>
        <translation>the provider filter</translation>
    </message>
    <message>
        <source>%1 hides more than 100 matches</source>
        <translation>%1 hides more than 100 matches</translation>
    </message>
    <message numerus="yes">
        <source>%1 hides %n match(es)</source>
        <translation>
            <numerusform>%1 hides %n match</numerusform>
            <numerusform>%1 hides %n matches</numerusform>
        </translation>
    </message>
    <message>
        <source>No jobs: %1.</source>
        <translation>No jobs: %1.</translation>
    </message>
    <message>
        <source>No jobs: no idempotency key starts with &quot;%1&quot; (keys are case-sensitive).</source>
        <translation>No jobs: no idempotency key starts with &quot;%1&quot; (keys are case-sensitive).</translation>
    </message>
    <message>
        <source>No jobs: no job has the idempotency key &quot;%1&quot;.</source>
        <translation>No jobs: no job has the idempotency key &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>No jobs match these filters together.</source>
        <translation>No jobs match these filters together.</translation>
    </message>
    <message>
        <source>Export shown jobs as CSV</source>
        <translation>Export shown jobs as CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV files (*.csv);;All files (*)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Could not write %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Exported the %n job(s) loaded to %1 (more match: scroll to load them).</source>
        <translation>
            <numerusform>Exported the %n job loaded to %1 (more match: scroll to load them).</numerusform>
            <numerusform>Exported the %n jobs loaded to %1 (more match: scroll to load them).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n job(s) to %1.</source>
        <translation>
            <numerusform>Exported %n job to %1.</numerusform>
            <numerusform>Exported %n jobs to %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved the view &quot;%1&quot;.</source>
        <translation>Saved the view &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>&amp;Save the current filters as…</source>
        <translation>&amp;Save the current filters as…</translation>
    </message>
    <message>
        <source>Save view</source>
        <translation>Save view</translation>
    </message>
    <message>
        <source>Name of the view (the filters and the order as they are now):</source>
        <translation>Name of the view (the filters and the order as they are now):</translation>
    </message>
    <message>
        <source>&amp;Delete a saved view</source>
        <translation>&amp;Delete a saved view</translation>
    </message>
    <message>
        <source>Open &amp;archive…</source>
        <translation>Open &amp;archive…</translation>
    </message>
    <message>
        <source>A retention archive (.jsonl.gz), read-only: its jobs, their stories and incident reports</source>
        <translation>A retention archive (.jsonl.gz), read-only: its jobs, their stories and incident reports</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Theme</translation>
    </message>
    <message>
        <source>&amp;Sidebar</source>
        <translation>&amp;Sidebar</translation>
    </message>
    <message>
        <source>The window is too narrow for the sidebar beside every jobs column: widen it, or the columns scroll.</source>
        <translation>The window is too narrow for the sidebar beside every jobs column: widen it, or the columns scroll.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ProvidersModel</name>
    <message>
        <source>Validated for %1
Recorded config now %2</source>
        <translation>Validated for %1
Recorded config now %2</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>yes</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>not in chain</source>
        <translation>not in chain</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>passed</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>FAILED</translation>
    </message>
    <message>
        <source>current</source>
        <translation>current</translation>
    </message>
    <message>
        <source>STALE</source>
        <translation>STALE</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Endpoint</translation>
    </message>
    <message>
        <source>Chain</source>
        <translation>Chain</translation>
    </message>
    <message>
        <source>Validated</source>
        <translation>Validated</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Expires</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>Config</translation>
    </message>
    <message>
        <source>Standing</source>
        <translation>Standing</translation>
    </message>
    <message>
        <source>Lookup</source>
        <translation>Lookup</translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>Validation</translation>
    </message>
    <message>
        <source>first</source>
        <translation>first</translation>
    </message>
    <message>
        <source>fallback %1</source>
        <translation>fallback %1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ProvidersView</name>
    <message>
        <source>Run the contract validation of the selected provider for its route now, and record it</source>
        <translation>Run the contract validation of the selected provider for its route now, and record it</translation>
    </message>
    <message>
        <source>Could not read the providers: %1</source>
        <translation>Could not read the providers: %1</translation>
    </message>
    <message>
        <source>%1 for %2: %3</source>
        <translation>%1 for %2: %3</translation>
    </message>
    <message>
        <source>Validation %1 at %2, %3, expires %4.</source>
        <translation>Validation %1 at %2, %3, expires %4.</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>passed</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>FAILED</translation>
    </message>
    <message>
        <source>Validated config %1; recorded config now %2.</source>
        <translation>Validated config %1; recorded config now %2.</translation>
    </message>
    <message>
        <source>A validation is already running.</source>
        <translation>A validation is already running.</translation>
    </message>
    <message>
        <source>%1 for %2 is not listed.</source>
        <translation>%1 for %2 is not listed.</translation>
    </message>
    <message>
        <source>The recorded config of %1 for %2 cannot be read: %3</source>
        <translation>The recorded config of %1 for %2 cannot be read: %3</translation>
    </message>
    <message>
        <source>Not validated: %1 needs the secret in the environment variable %2, which this console does not have. Nothing was recorded; run the validation where the dispatcher runs, or start the console with %2 set.</source>
        <translation>Not validated: %1 needs the secret in the environment variable %2, which this console does not have. Nothing was recorded; run the validation where the dispatcher runs, or start the console with %2 set.</translation>
    </message>
    <message>
        <source>Validating %1 for %2 (its golden cases against the provider)…</source>
        <translation>Validating %1 for %2 (its golden cases against the provider)…</translation>
    </message>
    <message>
        <source>Not validated: %1</source>
        <translation>Not validated: %1</translation>
    </message>
    <message>
        <source>Not validated: %1. Nothing was recorded.</source>
        <translation>Not validated: %1. Nothing was recorded.</translation>
    </message>
    <message>
        <source>The validation ran (%1) but could not be recorded: %2</source>
        <translation>The validation ran (%1) but could not be recorded: %2</translation>
    </message>
    <message>
        <source>%1 for %2 passed its contract validation; recorded (validation %3).</source>
        <translation>%1 for %2 passed its contract validation; recorded (validation %3).</translation>
    </message>
    <message>
        <source>%1 for %2 FAILED its contract validation; recorded (validation %3), see the report.</source>
        <translation>%1 for %2 FAILED its contract validation; recorded (validation %3), see the report.</translation>
    </message>
    <message>
        <source>This connection may only read (role %1).</source>
        <translation>This connection may only read (role %1).</translation>
    </message>
    <message>
        <source>No report was recorded with this validation.</source>
        <translation>No report was recorded with this validation.</translation>
    </message>
    <message>
        <source>Not validated: this connection may only read (role %1); contract validations are recorded by operators and dispatchers. Nothing was recorded.</source>
        <translation>Not validated: this connection may only read (role %1); contract validations are recorded by operators and dispatchers. Nothing was recorded.</translation>
    </message>
    <message>
        <source>Not validated: the console is not connected to the store.</source>
        <translation>Not validated: the console is not connected to the store.</translation>
    </message>
    <message>
        <source>The validation ran (%1) but the database does not let this connection (role %2) record it: nothing was recorded. Run it where the dispatcher runs (its connection records validations).</source>
        <translation>The validation ran (%1) but the database does not let this connection (role %2) record it: nothing was recorded. Run it where the dispatcher runs (its connection records validations).</translation>
    </message>
    <message>
        <source>Va&amp;lidate now</source>
        <translation>Va&amp;lidate now</translation>
    </message>
    <message>
        <source>%1 reads them again.</source>
        <translation>%1 reads them again.</translation>
    </message>
    <message>
        <source>Not validated: the base URL of %1 holds credentials (user info) that the store does not keep, so this console cannot send them. Nothing was recorded; run the validation where the dispatcher runs: jobdesk-server --validate %1 --route %2.</source>
        <translation>Not validated: the base URL of %1 holds credentials (user info) that the store does not keep, so this console cannot send them. Nothing was recorded; run the validation where the dispatcher runs: jobdesk-server --validate %1 --route %2.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::RaceLossModel</name>
    <message>
        <source>When</source>
        <translation>When</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Loser</source>
        <translation>Loser</translation>
    </message>
    <message>
        <source>Lost to</source>
        <translation>Lost to</translation>
    </message>
    <message>
        <source>Expected version</source>
        <translation>Expected version</translation>
    </message>
    <message>
        <source>Found version</source>
        <translation>Found version</translation>
    </message>
    <message>
        <source>Loser&apos;s payload (SHA-256)</source>
        <translation>Loser&apos;s payload (SHA-256)</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>Idempotency key</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>no winner yet (the job was decided otherwise)</source>
        <translation>no winner yet (the job was decided otherwise)</translation>
    </message>
    <message>
        <source>v%1</source>
        <translation>v%1</translation>
    </message>
    <message>
        <source>(no payload)</source>
        <translation>(no payload)</translation>
    </message>
    <message>
        <source>attempt id %1</source>
        <translation>attempt id %1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::RaceLossView</name>
    <message>
        <source>Attempts that finished after their job was decided: their payload was discarded (only its digest is kept) and the winner&apos;s result stands.</source>
        <translation>Attempts that finished after their job was decided: their payload was discarded (only its digest is kept) and the winner&apos;s result stands.</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>&amp;Provider:</translation>
    </message>
    <message>
        <source>loser&apos;s or winner&apos;s</source>
        <translation>loser&apos;s or winner&apos;s</translation>
    </message>
    <message>
        <source>&amp;When:</source>
        <translation>&amp;When:</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>Any time</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Last hour</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Last 24 hours</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Last 7 days</translation>
    </message>
    <message>
        <source>&amp;Open on time line</source>
        <translation>&amp;Open on time line</translation>
    </message>
    <message numerus="yes">
        <source>%n race loss(es) shown; more load as you scroll.</source>
        <translation>
            <numerusform>%n race loss shown; more load as you scroll.</numerusform>
            <numerusform>%n race losses shown; more load as you scroll.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n race loss(es).</source>
        <translation>
            <numerusform>%n race loss.</numerusform>
            <numerusform>%n race losses.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not read race losses: %1</source>
        <translation>Could not read race losses: %1</translation>
    </message>
    <message>
        <source>Race losses</source>
        <translation>Race losses</translation>
    </message>
    <message>
        <source>Race losses in the last hour, as Charts counts them; the list shows every one</source>
        <translation>Race losses in the last hour, as Charts counts them; the list shows every one</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ReadRetry</name>
    <message>
        <source>Trying again by itself in %1; %2 reads them again now.</source>
        <translation>Trying again by itself in %1; %2 reads them again now.</translation>
    </message>
    <message>
        <source>Trying again by itself in %1; %2 reads it again now.</source>
        <translation>Trying again by itself in %1; %2 reads it again now.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::RetryDialog</name>
    <message>
        <source>Retry job %1?</source>
        <translation>Retry job %1?</translation>
    </message>
    <message>
        <source>Provider (a proven provider holds a passing, unexpired contract validation for route %1):</source>
        <translation>Provider (a proven provider holds a passing, unexpired contract validation for route %1):</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>Contract</source>
        <translation>Contract</translation>
    </message>
    <message>
        <source>In the route&apos;s chain</source>
        <translation>In the route&apos;s chain</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>primary</source>
        <translation>primary</translation>
    </message>
    <message>
        <source>fallback %1</source>
        <translation>fallback %1</translation>
    </message>
    <message>
        <source>No provider is proven for this route: choose one knowingly, or validate one first.</source>
        <translation>No provider is proven for this route: choose one knowingly, or validate one first.</translation>
    </message>
    <message>
        <source>%1 is proven for this route.</source>
        <translation>%1 is proven for this route.</translation>
    </message>
    <message>
        <source>%1 is NOT proven for this route: its output may not match the contract.</source>
        <translation>%1 is NOT proven for this route: its output may not match the contract.</translation>
    </message>
    <message>
        <source>Retry job %1</source>
        <translation>Retry job %1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::Screenshots</name>
    <message>
        <source>a race loss</source>
        <translation>a race loss</translation>
    </message>
    <message>
        <source>a blocked job</source>
        <translation>a blocked job</translation>
    </message>
    <message>
        <source>a key conflict</source>
        <translation>a key conflict</translation>
    </message>
    <message>
        <source>the cancel dialog (the attempt was no longer open)</source>
        <translation>the cancel dialog (the attempt was no longer open)</translation>
    </message>
    <message numerus="yes">
        <source>%n screenshot(s) written to %1</source>
        <translation>
            <numerusform>%n screenshot written to %1</numerusform>
            <numerusform>%n screenshots written to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>missing: %1</source>
        <translation>missing: %1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Keyboard shortcuts</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>In the unknown attempts and race losses: open the selected job</source>
        <translation>In the unknown attempts and race losses: open the selected job</translation>
    </message>
    <message>
        <source>In the unknown attempts: cancel the selected attempts</source>
        <translation>In the unknown attempts: cancel the selected attempts</translation>
    </message>
    <message>
        <source>Menu key, Shift+F10</source>
        <translation>Menu key, Shift+F10</translation>
    </message>
    <message>
        <source>In a list: the selected row&apos;s actions</source>
        <translation>In a list: the selected row&apos;s actions</translation>
    </message>
    <message>
        <source>Tab, Shift+Tab</source>
        <translation>Tab, Shift+Tab</translation>
    </message>
    <message>
        <source>Move to the next or previous control (out of a table too)</source>
        <translation>Move to the next or previous control (out of a table too)</translation>
    </message>
    <message>
        <source>Arrow keys, Page Up, Page Down</source>
        <translation>Arrow keys, Page Up, Page Down</translation>
    </message>
    <message>
        <source>Move through a list</source>
        <translation>Move through a list</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Keys</translation>
    </message>
    <message>
        <source>What they do</source>
        <translation>What they do</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::SidebarModel</name>
    <message>
        <source>%1: %2 need an operator</source>
        <translation>%1: %2 need an operator</translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message>
        <source>%1: an estimate from the database&apos;s statistics (exact counts would scan every job)</source>
        <translation>%1: an estimate from the database&apos;s statistics (exact counts would scan every job)</translation>
    </message>
    <message>
        <source>%1+</source>
        <translation>%1+</translation>
    </message>
    <message>
        <source>%1: %2 or more need an operator (the list shows the oldest %2)</source>
        <translation>%1: %2 or more need an operator (the list shows the oldest %2)</translation>
    </message>
    <message>
        <source>%1: %2 or more (the list shows %2)</source>
        <translation>%1: %2 or more (the list shows %2)</translation>
    </message>
    <message>
        <source>%1K</source>
        <comment>a count in thousands, rounded down</comment>
        <translation>%1K</translation>
    </message>
    <message>
        <source>%1M</source>
        <comment>a count in millions, rounded down</comment>
        <translation>%1M</translation>
    </message>
    <message>
        <source>%1B</source>
        <comment>a count in billions, rounded down</comment>
        <translation>%1B</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::StoreClient</name>
    <message>
        <source>The connection is lost: actions wait until it is back.</source>
        <translation>The connection is lost: actions wait until it is back.</translation>
    </message>
    <message>
        <source>Not connected to a store.</source>
        <translation>Not connected to a store.</translation>
    </message>
    <message>
        <source>This connection may only read (role %1).</source>
        <translation>This connection may only read (role %1).</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::StoreWorker</name>
    <message>
        <source>not connected</source>
        <translation>not connected</translation>
    </message>
    <message>
        <source>no contract validation for this route</source>
        <translation>no contract validation for this route</translation>
    </message>
    <message>
        <source>contract validation FAILED at %1</source>
        <translation>contract validation FAILED at %1</translation>
    </message>
    <message>
        <source>contract validation expired at %1</source>
        <translation>contract validation expired at %1</translation>
    </message>
    <message>
        <source>validated for another configuration (route or provider changed since)</source>
        <translation>validated for another configuration (route or provider changed since)</translation>
    </message>
    <message>
        <source>proven until %1</source>
        <translation>proven until %1</translation>
    </message>
    <message>
        <source>Not connected to the database: nothing was done.</source>
        <translation>Not connected to the database: nothing was done.</translation>
    </message>
    <message>
        <source>This job changed since you looked, so nothing was done: %1</source>
        <translation>This job changed since you looked, so nothing was done: %1</translation>
    </message>
    <message>
        <source>The database could not be reached, so it is not known whether this took effect. It is safe to press OK again: the same request is recognised and done at most once. (%1)</source>
        <translation>The database could not be reached, so it is not known whether this took effect. It is safe to press OK again: the same request is recognised and done at most once. (%1)</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Refused: %1</translation>
    </message>
    <message>
        <source>Not allowed: %1</source>
        <translation>Not allowed: %1</translation>
    </message>
    <message>
        <source>Job %1 had already been cancelled by this request.</source>
        <translation>Job %1 had already been cancelled by this request.</translation>
    </message>
    <message>
        <source>Retry refused: %1</source>
        <translation>Retry refused: %1</translation>
    </message>
    <message>
        <source>This retry had already started attempt #%1.</source>
        <translation>This retry had already started attempt #%1.</translation>
    </message>
    <message>
        <source>Attempt #%1 started on %2.</source>
        <translation>Attempt #%1 started on %2.</translation>
    </message>
    <message>
        <source>Not connected to the database: nothing was read or done.</source>
        <translation>Not connected to the database: nothing was read or done.</translation>
    </message>
    <message numerus="yes">
        <source>Job %1 cancelled, with %n open attempt(s).</source>
        <translation>
            <numerusform>Job %1 cancelled, with %n open attempt.</numerusform>
            <numerusform>Job %1 cancelled, with %n open attempts.</numerusform>
        </translation>
    </message>
    <message>
        <source>The attempt that blocks it is #%1 (id %2) on %3.</source>
        <translation>The attempt that blocks it is #%1 (id %2) on %3.</translation>
    </message>
    <message>
        <source>A dispatcher serving %1 sends it; if none has by %2, it fails as never sent (nothing is charged).</source>
        <translation>A dispatcher serving %1 sends it; if none has by %2, it fails as never sent (nothing is charged).</translation>
    </message>
    <message>
        <source>The database stayed busy, so nothing was done; try again in a moment. (%1)</source>
        <translation>The database stayed busy, so nothing was done; try again in a moment. (%1)</translation>
    </message>
    <message>
        <source>Attempt #%1 had already been cancelled by this request.</source>
        <translation>Attempt #%1 had already been cancelled by this request.</translation>
    </message>
    <message>
        <source>Attempt #%1 cancelled at %2; job %3 was then %4.</source>
        <translation>Attempt #%1 cancelled at %2; job %3 was then %4.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::Timeline</name>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>lost to #%1, expected v%2, found v%3</source>
        <translation>lost to #%1, expected v%2, found v%3</translation>
    </message>
    <message>
        <source>late result discarded, expected v%1, found v%2</source>
        <translation>late result discarded, expected v%1, found v%2</translation>
    </message>
    <message>
        <source>WON</source>
        <translation>WON</translation>
    </message>
    <message>
        <source>UNKNOWN for %1</source>
        <translation>UNKNOWN for %1</translation>
    </message>
    <message>
        <source>cancelled by %1</source>
        <translation>cancelled by %1</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 for %2</translation>
    </message>
    <message>
        <source>%1 after %2</source>
        <translation>%1 after %2</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::TimelineWidget</name>
    <message>
        <source>started %1, %2</source>
        <translation>started %1, %2</translation>
    </message>
    <message>
        <source>reason: %1</source>
        <translation>reason: %1</translation>
    </message>
    <message>
        <source>deadline %1</source>
        <translation>deadline %1</translation>
    </message>
    <message>
        <source>hedge #%1 started at %2</source>
        <translation>hedge #%1 started at %2</translation>
    </message>
    <message>
        <source>No attempts yet: the job waits for a dispatcher.</source>
        <translation>No attempts yet: the job waits for a dispatcher.</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>deadline</translation>
    </message>
    <message>
        <source>hedge #%1 started</source>
        <translation>hedge #%1 started</translation>
    </message>
    <message>
        <source>created</source>
        <translation>created</translation>
    </message>
    <message>
        <source>Time line of the attempts</source>
        <translation>Time line of the attempts</translation>
    </message>
    <message>
        <source>No attempts.</source>
        <translation>No attempts.</translation>
    </message>
    <message>
        <source>+%1 min %2 s</source>
        <translation>+%1 min %2 s</translation>
    </message>
    <message>
        <source>+%1 min</source>
        <translation>+%1 min</translation>
    </message>
    <message>
        <source>No job selected.</source>
        <translation>No job selected.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::UnknownQueueModel</name>
    <message>
        <source>deadline passed</source>
        <translation>deadline passed</translation>
    </message>
    <message>
        <source>lost connection</source>
        <translation>lost connection</translation>
    </message>
    <message>
        <source>lease expired (worker died)</source>
        <translation>lease expired (worker died)</translation>
    </message>
    <message>
        <source>unclear answer</source>
        <translation>unclear answer</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Attempt</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>Unknown for</source>
        <translation>Unknown for</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Why</translation>
    </message>
    <message>
        <source>Status lookup</source>
        <translation>Status lookup</translation>
    </message>
    <message>
        <source>Last asked</source>
        <translation>Last asked</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>Idempotency key</translation>
    </message>
    <message>
        <source>%1 (lookups: %2)</source>
        <translation>%1 (lookups: %2)</translation>
    </message>
    <message>
        <source>never</source>
        <translation>never</translation>
    </message>
    <message>
        <source>— asked for %1, waiting for the reconciler</source>
        <translation>— asked for %1, waiting for the reconciler</translation>
    </message>
    <message>
        <source>#%1 (id %2)</source>
        <translation>#%1 (id %2)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>yes</translation>
    </message>
    <message>
        <source>unknown since %1</source>
        <translation>unknown since %1</translation>
    </message>
    <message>
        <source>last asked at %1</source>
        <translation>last asked at %1</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>The provider offers no status lookup: ask its support about key %1.</source>
        <translation>The provider offers no status lookup: ask its support about key %1.</translation>
    </message>
    <message>
        <source>still working on it</source>
        <translation>still working on it</translation>
    </message>
    <message>
        <source>no record of it yet (not conclusive yet)</source>
        <translation>no record of it yet (not conclusive yet)</translation>
    </message>
    <message>
        <source>no answer: the lookup failed</source>
        <translation>no answer: the lookup failed</translation>
    </message>
    <message>
        <source>Provider&apos;s answer</source>
        <translation>Provider&apos;s answer</translation>
    </message>
    <message>
        <source>The provider saw this attempt under the key %1. The attempt does not record where its request went.</source>
        <translation>The provider saw this attempt under the key %1. The attempt does not record where its request went.</translation>
    </message>
    <message>
        <source>The provider saw this attempt under the key %1, at %2.</source>
        <translation>The provider saw this attempt under the key %1, at %2.</translation>
    </message>
    <message>
        <source>The dispatchers can ask the provider about this attempt. It does not record where its request went, so a result settles it, a &quot;no record&quot; answer never does.</source>
        <translation>The dispatchers can ask the provider about this attempt. It does not record where its request went, so a result settles it, a &quot;no record&quot; answer never does.</translation>
    </message>
    <message>
        <source>Every dispatcher with %1 asks the provider about this attempt; only one that has it at %2 settles it on a &quot;no record&quot; answer.</source>
        <translation>Every dispatcher with %1 asks the provider about this attempt; only one that has it at %2 settles it on a &quot;no record&quot; answer.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::UnknownQueueView</name>
    <message>
        <source>Unknown attempts of undecided jobs, oldest first. Each one blocks its job until a late result, a provider&apos;s answer or an operator&apos;s cancel decides it.</source>
        <translation>Unknown attempts of undecided jobs, oldest first. Each one blocks its job until a late result, a provider&apos;s answer or an operator&apos;s cancel decides it.</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>&amp;Provider:</translation>
    </message>
    <message>
        <source>Any provider</source>
        <translation>Any provider</translation>
    </message>
    <message>
        <source>&amp;Ask provider now</source>
        <translation>&amp;Ask provider now</translation>
    </message>
    <message>
        <source>The dispatchers ask the provider about the selected attempts before any other, on their next pass (the console holds no provider credentials).</source>
        <translation>The dispatchers ask the provider about the selected attempts before any other, on their next pass (the console holds no provider credentials).</translation>
    </message>
    <message>
        <source>&amp;Open job</source>
        <translation>&amp;Open job</translation>
    </message>
    <message>
        <source>&amp;Cancel selected…</source>
        <translation>&amp;Cancel selected…</translation>
    </message>
    <message>
        <source>The oldest %1 unknown attempts are shown.</source>
        <translation>The oldest %1 unknown attempts are shown.</translation>
    </message>
    <message numerus="yes">
        <source>%n unknown attempt(s).</source>
        <translation>
            <numerusform>%n unknown attempt.</numerusform>
            <numerusform>%n unknown attempts.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not read the queue: %1</source>
        <translation>Could not read the queue: %1</translation>
    </message>
    <message numerus="yes">
        <source>Asking the dispatchers to look up %n attempt(s)…</source>
        <translation>
            <numerusform>Asking the dispatchers to look up %n attempt…</numerusform>
            <numerusform>Asking the dispatchers to look up %n attempts…</numerusform>
        </translation>
    </message>
    <message>
        <source>asked from the on-call queue</source>
        <translation>asked from the on-call queue</translation>
    </message>
    <message>
        <source>attempt %1: %2</source>
        <translation>attempt %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>The dispatchers ask about %n attempt(s) on their next pass; &quot;Last asked&quot; shows when they did.</source>
        <translation>
            <numerusform>The dispatchers ask about %n attempt on their next pass; &quot;Last asked&quot; shows when they did.</numerusform>
            <numerusform>The dispatchers ask about %n attempts on their next pass; &quot;Last asked&quot; shows when they did.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 requests were not recorded: %3</source>
        <translation>%1 of %2 requests were not recorded: %3</translation>
    </message>
    <message>
        <source>Unknown attempts</source>
        <translation>Unknown attempts</translation>
    </message>
    <message>
        <source>Cancel a&amp;ll shown…</source>
        <translation>Cancel a&amp;ll shown…</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n unknown attempt(s) shown: those on provider %2.</source>
        <translation>
            <numerusform>%1 of %n unknown attempt shown: those on provider %2.</numerusform>
            <numerusform>%1 of %n unknown attempts shown: those on provider %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of the oldest %2 unknown attempts shown: those on provider %3.</source>
        <translation>%1 of the oldest %2 unknown attempts shown: those on provider %3.</translation>
    </message>
    <message>
        <source>Provider filter</source>
        <translation>Provider filter</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>JobDesk</source>
        <translation>JobDesk</translation>
    </message>
    <message>
        <source>JobDesk console: watch jobs and their attempts live, resolve unknown attempts, retry through the guards.</source>
        <translation>JobDesk console: watch jobs and their attempts live, resolve unknown attempts, retry through the guards.</translation>
    </message>
    <message>
        <source>Connect to this store (sqlite:PATH or postgresql://...).</source>
        <translation>Connect to this store (sqlite:PATH or postgresql://...).</translation>
    </message>
    <message>
        <source>Mark the --database connection as production (red banner).</source>
        <translation>Mark the --database connection as production (red banner).</translation>
    </message>
    <message>
        <source>Run the embedded demo: an SQLite file in the app data folder, the dispatcher, fake providers and simulated users, all on loopback.</source>
        <translation>Run the embedded demo: an SQLite file in the app data folder, the dispatcher, fake providers and simulated users, all on loopback.</translation>
    </message>
    <message>
        <source>With --demo: start the demo over.</source>
        <translation>With --demo: start the demo over.</translation>
    </message>
    <message>
        <source>With --demo: write PNG screenshots into DIR, then exit.</source>
        <translation>With --demo: write PNG screenshots into DIR, then exit.</translation>
    </message>
    <message>
        <source>Seconds the demo runs before the screenshots (default 20).</source>
        <translation>Seconds the demo runs before the screenshots (default 20).</translation>
    </message>
    <message>
        <source>--reset and --screenshots go with --demo</source>
        <translation>--reset and --screenshots go with --demo</translation>
    </message>
    <message>
        <source>--demo brings its own database; leave out --database</source>
        <translation>--demo brings its own database; leave out --database</translation>
    </message>
    <message>
        <source>--screenshot-after must be 0..3600 seconds</source>
        <translation>--screenshot-after must be 0..3600 seconds</translation>
    </message>
    <message>
        <source>cannot start the demo over: %1</source>
        <translation>cannot start the demo over: %1</translation>
    </message>
    <message>
        <source>demo</source>
        <translation>demo</translation>
    </message>
    <message>
        <source>Demo: %1</source>
        <translation>Demo: %1</translation>
    </message>
    <message>
        <source>Starting the demo: fake providers on 127.0.0.1, contract validations, the dispatcher…</source>
        <translation>Starting the demo: fake providers on 127.0.0.1, contract validations, the dispatcher…</translation>
    </message>
    <message>
        <source>the demo could not start: %1</source>
        <translation>the demo could not start: %1</translation>
    </message>
</context>
</TS>
