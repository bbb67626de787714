<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ta_IN">
<context>
    <name>Format</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BLOCKED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>superseded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UNKNOWN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hedge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operator retry</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui</name>
    <message>
        <source>#%1 (attempt %2 on %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry is blocked by %1: UNKNOWN. Learn its outcome from the provider or cancel it first; a retry now could run the intent twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job already has a winner (#%1): there is nothing to retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job is cancelled: there is nothing to retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt #%1 (attempt %2 on %3) is still starting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 (%2 on %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 still open; this job allows %2 open attempt(s) at a time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A retry starts attempt #%1 on the provider you choose. It is audited, and it may go beyond the automatic budget (%2 of %3 automatic attempts used).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 already has a winner, so nothing waits for this attempt: cancelling records that it is over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt #%1 stops blocking job %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job keeps waiting for its other open attempt(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job goes back to the queue, but its automatic budget (%1 attempts) is spent: the dispatcher will fail it unless you retry it yourself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job goes back to the queue and the dispatcher starts the next attempt on the next proven provider.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request has not been sent yet; it will not be sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If %1 still delivers a result for this attempt, it is discarded and shown as a race loss; it never overwrites anything.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job has a winner; it cannot be cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job is already cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 ends as cancelled; this cannot be undone and no further attempt will start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its open attempt(s) %1 are cancelled with it; a late result from any of them is discarded and shown as a race loss.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ActionDialog</name>
    <message>
        <source>&amp;Reason (required; it goes into the audit trail):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. provider support confirmed no charge was made (ticket 4711)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This connection may only read (role %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::CancelAttemptDialog</name>
    <message>
        <source>Cancel attempt #%1 of job %2?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt #%1 (id %2) on %3 has been %4 since %5 (%6).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last reason: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What follows: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider saw this attempt under the key %1; ask it about that key first if you can.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::CancelJobDialog</name>
    <message>
        <source>Cancel job %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 (owner %2, key %3, route %4) is %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What follows: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ConnectionBanner</name>
    <message>
        <source>Not connected. File ▸ Connect… (Ctrl+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected: %1 (retrying)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, read-only: actions disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local file, acts as operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 as %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PRODUCTION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CONNECTION LOST at %1: %2
What you see was read at %3 (%4) and may be out of date. Reconnecting by itself; actions wait until the connection is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CONNECTION LOST at %1: %2
Nothing has been read yet. Reconnecting by itself.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ConnectionDialog</name>
    <message>
        <source>Connect to a JobDesk database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved connections:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite &amp;file (local, single user)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;PostgreSQL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Location:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asked each time, never saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is &amp;production (the banner turns red)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (PRODUCTION)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/path/to/jobdesk.db</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>postgresql://alice@db1.example.org/jobdesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say where the database is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That is not a PostgreSQL URL (postgresql://...) or connection string (host=... dbname=...).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::Demo</name>
    <message>
        <source>a customer double-clicks Pay: two POSTs 180 ms apart with one key (a replay)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an app reuses a key with another payload (a conflict: nothing created)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a provider hangs past its deadline: the attempt becomes unknown and blocks the job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a provider answers after the deadline: unknown first, then the late result wins through the CAS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a hedge finishes first, the slow primary after it: a race loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a provider refuses: failover skips the unproven spare for the proven backup</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::IntentDiffDialog</name>
    <message>
        <source>Key conflict on %1: what differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner %1 reused the key %2 with another intent: %3 field(s) differ, so nothing was created and job %4 is unchanged.
Stored: job %4, created %5 by %6.
Rejected: request at %7 (%8 after the job was created) by %9.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored (the job&apos;s intent)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejected (this request)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CHANGED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REMOVED in the request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ADDED in the request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(absent)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::JobDetailView</name>
    <message>
        <source>Select a job to see it in full.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intent (route and input, as fingerprinted):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Took</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the &amp;diff of this conflict…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1: reading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 · %2 · owner %3 · key %4 · route %5 · v%6 · created %7 (%8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key history (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time line (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BLOCKED: waiting for an operator. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason recorded on the job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result (from the winner, attempt #%1 on %2):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no result yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (WINNER)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CONFLICT: same key, another intent (nothing created)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replayed: same key, same intent (job %1 returned)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>double-click or &quot;Show the diff&quot; to compare the intents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection is lost: actions wait until it is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This connection may only read (role %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel #%1 (%2)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel attempt #%1 (Ctrl+K cancels the oldest unknown one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Retry…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel &amp;job…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::JobsModel</name>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 UNKNOWN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocked: an attempt is unknown and there is no winner. An operator must learn its outcome or cancel it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::MainWindow</name>
    <message>
        <source>JobDesk console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read jobs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n new job(s) waiting: show them (they do not push the rows you are reading)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Find a job id or an idempotency key (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 15 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find job id or key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;new jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Times in &amp;UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy job id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy idempotency &amp;key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel &amp;attempt…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Retry…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel &amp;job…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About JobDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About JobDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JobDesk %1: one user intent, one side effect.

Jobs are the stable record of what a user asked for; attempts are tries against providers; a timeout is unknown, never failed; exactly one attempt wins, by compare-and-swap.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JobDesk console: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading jobs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) shown; more load as you scroll.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n matching job(s) shown.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Live updates paused while minimised.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::RetryDialog</name>
    <message>
        <source>Retry job %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider (a proven provider holds a passing, unexpired contract validation for route %1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contract</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the route&apos;s chain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>primary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fallback %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No provider is proven for this route: choose one knowingly, or validate one first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is proven for this route.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is NOT proven for this route: its output may not match the contract.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::Screenshots</name>
    <message>
        <source>a race loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a blocked job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a key conflict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cancel dialog (the attempt was no longer open)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n screenshot(s) written to %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>missing: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::SidebarModel</name>
    <message>
        <source>%1: %2 need an operator</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::StoreWorker</name>
    <message>
        <source>not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no contract validation for this route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>contract validation FAILED at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>contract validation expired at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validated for another configuration (route or provider changed since)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>proven until %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the database: nothing was done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This job changed since you looked, so nothing was done: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database could not be reached, so it is not known whether this took effect. It is safe to press OK again: the same request is recognised and done at most once. (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not allowed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt %1 had already been cancelled by this request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt %1 cancelled; the job is now %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 had already been cancelled by this request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 cancelled, with %2 open attempt(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This retry had already started attempt #%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt #%1 started on %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::Timeline</name>
    <message>
        <source>#%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost to #%1, expected v%2, found v%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>late result discarded, expected v%1, found v%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UNKNOWN for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 after %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::TimelineWidget</name>
    <message>
        <source>started %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deadline %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hedge #%1 started at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No attempts yet: the job waits for a dispatcher.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hedge #%1 started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>JobDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JobDesk console: watch jobs and their attempts live, resolve unknown attempts, retry through the guards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to this store (sqlite:PATH or postgresql://...).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark the --database connection as production (red banner).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the embedded demo: an SQLite file in the app data folder, the dispatcher, fake providers and simulated users, all on loopback.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --demo: start the demo over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --demo: write PNG screenshots into DIR, then exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds the demo runs before the screenshots (default 20).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--reset and --screenshots go with --demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--demo brings its own database; leave out --database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--screenshot-after must be 0..3600 seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start the demo over: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
