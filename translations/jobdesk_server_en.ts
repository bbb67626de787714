<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en">
<context>
    <name>ApiRequest</name>
    <message>
        <source>a boolean</source>
        <translation>a boolean</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>a number</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>a string</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>an array</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>an object</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nothing</translation>
    </message>
    <message>
        <source>the body is not valid JSON: %1 at byte %2</source>
        <translation>the body is not valid JSON: %1 at byte %2</translation>
    </message>
    <message>
        <source>the body must be a JSON object</source>
        <translation>the body must be a JSON object</translation>
    </message>
    <message>
        <source>member &quot;%1&quot; appears twice in one object; say each once</source>
        <translation>member &quot;%1&quot; appears twice in one object; say each once</translation>
    </message>
    <message>
        <source>the number %1 is too large to keep exactly (beyond 64-bit integers); send it as a string</source>
        <translation>the number %1 is too large to keep exactly (beyond 64-bit integers); send it as a string</translation>
    </message>
    <message>
        <source>unknown member &quot;%1&quot; (known: %2)</source>
        <translation>unknown member &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>no Authorization header: send &quot;Authorization: Bearer &lt;token&gt;&quot;</source>
        <translation>no Authorization header: send &quot;Authorization: Bearer &lt;token&gt;&quot;</translation>
    </message>
    <message>
        <source>more than one Authorization header</source>
        <translation>more than one Authorization header</translation>
    </message>
    <message>
        <source>the Authorization scheme must be Bearer</source>
        <translation>the Authorization scheme must be Bearer</translation>
    </message>
    <message>
        <source>the bearer token is malformed</source>
        <translation>the bearer token is malformed</translation>
    </message>
    <message>
        <source>send an Idempotency-Key header (1..255 printable ASCII characters)</source>
        <translation>send an Idempotency-Key header (1..255 printable ASCII characters)</translation>
    </message>
    <message>
        <source>more than one Idempotency-Key header</source>
        <translation>more than one Idempotency-Key header</translation>
    </message>
    <message>
        <source>the Idempotency-Key must be 1..255 characters, got %1</source>
        <translation>the Idempotency-Key must be 1..255 characters, got %1</translation>
    </message>
    <message>
        <source>the Idempotency-Key must be printable ASCII (0x20..0x7E)</source>
        <translation>the Idempotency-Key must be printable ASCII (0x20..0x7E)</translation>
    </message>
    <message>
        <source>send the body with a Content-Length header</source>
        <translation>send the body with a Content-Length header</translation>
    </message>
    <message>
        <source>the body is %1 bytes; the limit is %2</source>
        <translation>the body is %1 bytes; the limit is %2</translation>
    </message>
    <message>
        <source>the body&apos;s length does not match Content-Length</source>
        <translation>the body&apos;s length does not match Content-Length</translation>
    </message>
    <message>
        <source>send Content-Type: application/json</source>
        <translation>send Content-Type: application/json</translation>
    </message>
    <message>
        <source>the body must be application/json, not %1</source>
        <translation>the body must be application/json, not %1</translation>
    </message>
    <message>
        <source>JSON must be UTF-8</source>
        <translation>JSON must be UTF-8</translation>
    </message>
    <message>
        <source>&quot;route&quot; must be a route name (a non-empty string), got %1</source>
        <translation>&quot;route&quot; must be a route name (a non-empty string), got %1</translation>
    </message>
    <message>
        <source>&quot;input&quot; must be a JSON object, got %1</source>
        <translation>&quot;input&quot; must be a JSON object, got %1</translation>
    </message>
    <message>
        <source>say why: {&quot;reason&quot;: &quot;...&quot;}</source>
        <translation>say why: {&quot;reason&quot;: &quot;...&quot;}</translation>
    </message>
    <message>
        <source>&quot;reason&quot; must be a string, got %1</source>
        <translation>&quot;reason&quot; must be a string, got %1</translation>
    </message>
    <message>
        <source>&quot;reason&quot; is longer than 2000 characters</source>
        <translation>&quot;reason&quot; is longer than 2000 characters</translation>
    </message>
    <message>
        <source>&quot;seen_change_seq&quot; must be a non-negative integer, got %1</source>
        <translation>&quot;seen_change_seq&quot; must be a non-negative integer, got %1</translation>
    </message>
    <message>
        <source>&quot;provider&quot; must be a provider name, got %1</source>
        <translation>&quot;provider&quot; must be a provider name, got %1</translation>
    </message>
</context>
<context>
    <name>ApiServer</name>
    <message>
        <source>the server is shutting down</source>
        <translation>the server is shutting down</translation>
    </message>
    <message>
        <source>every handler is busy and the queue is full</source>
        <translation>every handler is busy and the queue is full</translation>
    </message>
</context>
<context>
    <name>ApiService</name>
    <message>
        <source>the store failed; see the server log</source>
        <translation>the store failed; see the server log</translation>
    </message>
    <message>
        <source>route %1: input_schema: %2</source>
        <translation>route %1: input_schema: %2</translation>
    </message>
    <message>
        <source>unexpected error; see the server log</source>
        <translation>unexpected error; see the server log</translation>
    </message>
    <message>
        <source>%1 is not allowed here; allowed: %2</source>
        <translation>%1 is not allowed here; allowed: %2</translation>
    </message>
    <message>
        <source>no such resource</source>
        <translation>no such resource</translation>
    </message>
    <message>
        <source>the store is unreachable; the server&apos;s log says why</source>
        <translation>the store is unreachable; the server&apos;s log says why</translation>
    </message>
    <message>
        <source>the bearer token is not a JobDesk token</source>
        <translation>the bearer token is not a JobDesk token</translation>
    </message>
    <message>
        <source>the bearer token is unknown or revoked</source>
        <translation>the bearer token is unknown or revoked</translation>
    </message>
    <message>
        <source>only a client token creates jobs (this one is %1)</source>
        <translation>only a client token creates jobs (this one is %1)</translation>
    </message>
    <message>
        <source>no route &quot;%1&quot; (routes: %2)</source>
        <translation>no route &quot;%1&quot; (routes: %2)</translation>
    </message>
    <message>
        <source>the input does not match route %1&apos;s input schema: %2</source>
        <translation>the input does not match route %1&apos;s input schema: %2</translation>
    </message>
    <message>
        <source>Idempotency-Key &quot;%1&quot; is bound to job %2, created with another intent; nothing was changed. Use a new key for a new intent.</source>
        <translation>Idempotency-Key &quot;%1&quot; is bound to job %2, created with another intent; nothing was changed. Use a new key for a new intent.</translation>
    </message>
    <message>
        <source>job %1 does not exist</source>
        <translation>job %1 does not exist</translation>
    </message>
    <message>
        <source>only an operator token may cancel an attempt</source>
        <translation>only an operator token may cancel an attempt</translation>
    </message>
    <message>
        <source>request id &quot;%1&quot; already cancelled attempt %2; use a new Idempotency-Key</source>
        <translation>request id &quot;%1&quot; already cancelled attempt %2; use a new Idempotency-Key</translation>
    </message>
    <message>
        <source>only an operator token may retry a job</source>
        <translation>only an operator token may retry a job</translation>
    </message>
    <message>
        <source>job %1&apos;s route &quot;%2&quot; is not configured here: name a provider</source>
        <translation>job %1&apos;s route &quot;%2&quot; is not configured here: name a provider</translation>
    </message>
    <message>
        <source>no provider &quot;%1&quot;</source>
        <translation>no provider &quot;%1&quot;</translation>
    </message>
    <message>
        <source>request id &quot;%1&quot; already retried job %2; use a new Idempotency-Key</source>
        <translation>request id &quot;%1&quot; already retried job %2; use a new Idempotency-Key</translation>
    </message>
    <message>
        <source>the body must be {&quot;items&quot;: [...]} and nothing else</source>
        <translation>the body must be {&quot;items&quot;: [...]} and nothing else</translation>
    </message>
    <message>
        <source>a batch holds 1..%1 items, this one %2</source>
        <translation>a batch holds 1..%1 items, this one %2</translation>
    </message>
    <message>
        <source>an item is {&quot;idempotency_key&quot;: &quot;...&quot;, &quot;route&quot;: &quot;...&quot;, &quot;input&quot;: {...}}</source>
        <translation>an item is {&quot;idempotency_key&quot;: &quot;...&quot;, &quot;route&quot;: &quot;...&quot;, &quot;input&quot;: {...}}</translation>
    </message>
</context>
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
    <name>HttpTransport</name>
    <message>
        <source>this connection&apos;s client is not reading its answers: read them before sending more requests</source>
        <translation>this connection&apos;s client is not reading its answers: read them before sending more requests</translation>
    </message>
    <message>
        <source>too many open connections</source>
        <translation>too many open connections</translation>
    </message>
    <message>
        <source>the request was not complete within %1 ms</source>
        <translation>the request was not complete within %1 ms</translation>
    </message>
    <message>
        <source>cannot listen on %1:%2: %3</source>
        <translation>cannot listen on %1:%2: %3</translation>
    </message>
</context>
<context>
    <name>Problem</name>
    <message>
        <source>The request could not be parsed</source>
        <translation>The request could not be parsed</translation>
    </message>
    <message>
        <source>An Idempotency-Key header is required</source>
        <translation>An Idempotency-Key header is required</translation>
    </message>
    <message>
        <source>The Idempotency-Key header is malformed</source>
        <translation>The Idempotency-Key header is malformed</translation>
    </message>
    <message>
        <source>The body is not valid JSON</source>
        <translation>The body is not valid JSON</translation>
    </message>
    <message>
        <source>The body does not have the expected shape</source>
        <translation>The body does not have the expected shape</translation>
    </message>
    <message>
        <source>An operator action needs a reason</source>
        <translation>An operator action needs a reason</translation>
    </message>
    <message>
        <source>A valid bearer token is required</source>
        <translation>A valid bearer token is required</translation>
    </message>
    <message>
        <source>The token&apos;s role may not do this</source>
        <translation>The token&apos;s role may not do this</translation>
    </message>
    <message>
        <source>No such resource</source>
        <translation>No such resource</translation>
    </message>
    <message>
        <source>The method is not allowed here</source>
        <translation>The method is not allowed here</translation>
    </message>
    <message>
        <source>The request did not arrive in time</source>
        <translation>The request did not arrive in time</translation>
    </message>
    <message>
        <source>The idempotency key is bound to another intent</source>
        <translation>The idempotency key is bound to another intent</translation>
    </message>
    <message>
        <source>The request id was used for another action</source>
        <translation>The request id was used for another action</translation>
    </message>
    <message>
        <source>The job changed since you looked</source>
        <translation>The job changed since you looked</translation>
    </message>
    <message>
        <source>The attempt or job is not in a state that allows this</source>
        <translation>The attempt or job is not in a state that allows this</translation>
    </message>
    <message>
        <source>A new attempt is not allowed now</source>
        <translation>A new attempt is not allowed now</translation>
    </message>
    <message>
        <source>A request body needs a Content-Length</source>
        <translation>A request body needs a Content-Length</translation>
    </message>
    <message>
        <source>The body is over the limit</source>
        <translation>The body is over the limit</translation>
    </message>
    <message>
        <source>The request line is over the limit</source>
        <translation>The request line is over the limit</translation>
    </message>
    <message>
        <source>The body must be application/json</source>
        <translation>The body must be application/json</translation>
    </message>
    <message>
        <source>No such route</source>
        <translation>No such route</translation>
    </message>
    <message>
        <source>The input does not match the route&apos;s input schema</source>
        <translation>The input does not match the route&apos;s input schema</translation>
    </message>
    <message>
        <source>An argument was refused</source>
        <translation>An argument was refused</translation>
    </message>
    <message>
        <source>The request headers are over the limit</source>
        <translation>The request headers are over the limit</translation>
    </message>
    <message>
        <source>Internal server error</source>
        <translation>Internal server error</translation>
    </message>
    <message>
        <source>Not implemented</source>
        <translation>Not implemented</translation>
    </message>
    <message>
        <source>The database is unavailable; try again</source>
        <translation>The database is unavailable; try again</translation>
    </message>
    <message>
        <source>Too many requests are waiting; try again</source>
        <translation>Too many requests are waiting; try again</translation>
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
    <name>RequestFramer</name>
    <message>
        <source>too much whitespace between requests</source>
        <translation>too much whitespace between requests</translation>
    </message>
    <message>
        <source>the request line is longer than %1 bytes</source>
        <translation>the request line is longer than %1 bytes</translation>
    </message>
    <message>
        <source>the headers are longer than %1 bytes</source>
        <translation>the headers are longer than %1 bytes</translation>
    </message>
    <message>
        <source>the request line has a control or non-ASCII byte</source>
        <translation>the request line has a control or non-ASCII byte</translation>
    </message>
    <message>
        <source>the request line is not &quot;METHOD target HTTP/1.1&quot;: &quot;%1&quot;</source>
        <translation>the request line is not &quot;METHOD target HTTP/1.1&quot;: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the method is not a token</source>
        <translation>the method is not a token</translation>
    </message>
    <message>
        <source>method %1 is not implemented</source>
        <translation>method %1 is not implemented</translation>
    </message>
    <message>
        <source>the request target must be a path</source>
        <translation>the request target must be a path</translation>
    </message>
    <message>
        <source>unsupported protocol &quot;%1&quot; (HTTP/1.1 or HTTP/1.0)</source>
        <translation>unsupported protocol &quot;%1&quot; (HTTP/1.1 or HTTP/1.0)</translation>
    </message>
    <message>
        <source>more than %1 header fields</source>
        <translation>more than %1 header fields</translation>
    </message>
    <message>
        <source>folded header lines are not accepted</source>
        <translation>folded header lines are not accepted</translation>
    </message>
    <message>
        <source>a header line without a name and a colon: &quot;%1&quot;</source>
        <translation>a header line without a name and a colon: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the header name &quot;%1&quot; is not a token</source>
        <translation>the header name &quot;%1&quot; is not a token</translation>
    </message>
    <message>
        <source>the value of header %1 has a control character</source>
        <translation>the value of header %1 has a control character</translation>
    </message>
    <message>
        <source>only &quot;Expect: 100-continue&quot; is understood</source>
        <translation>only &quot;Expect: 100-continue&quot; is understood</translation>
    </message>
    <message>
        <source>both Content-Length and Transfer-Encoding: the body&apos;s length is ambiguous</source>
        <translation>both Content-Length and Transfer-Encoding: the body&apos;s length is ambiguous</translation>
    </message>
    <message>
        <source>Transfer-Encoding (chunked) request bodies are not accepted: send Content-Length</source>
        <translation>Transfer-Encoding (chunked) request bodies are not accepted: send Content-Length</translation>
    </message>
    <message>
        <source>conflicting Content-Length values</source>
        <translation>conflicting Content-Length values</translation>
    </message>
    <message>
        <source>Content-Length must be a non-negative decimal integer, got &quot;%1&quot;</source>
        <translation>Content-Length must be a non-negative decimal integer, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Content-Length %1 is over the limit of %2 bytes</source>
        <translation>Content-Length %1 is over the limit of %2 bytes</translation>
    </message>
</context>
<context>
    <name>RouteConfig</name>
    <message>
        <source>a boolean</source>
        <translation>a boolean</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>a number</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>a string</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>an array</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>an object</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nothing</translation>
    </message>
    <message>
        <source>is required</source>
        <translation>is required</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>expected a string, got %1</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>must not be empty</translation>
    </message>
    <message>
        <source>expected a positive integer, got %1</source>
        <translation>expected a positive integer, got %1</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>expected true or false, got %1</translation>
    </message>
    <message>
        <source>expected an array of strings, got %1</source>
        <translation>expected an array of strings, got %1</translation>
    </message>
    <message>
        <source>expected a non-empty string, got %1</source>
        <translation>expected a non-empty string, got %1</translation>
    </message>
    <message>
        <source>duplicate &quot;%1&quot;</source>
        <translation>duplicate &quot;%1&quot;</translation>
    </message>
    <message>
        <source>unknown key (known keys: %1)</source>
        <translation>unknown key (known keys: %1)</translation>
    </message>
    <message>
        <source>unknown provider kind &quot;%1&quot; (known: %2)</source>
        <translation>unknown provider kind &quot;%1&quot; (known: %2)</translation>
    </message>
    <message>
        <source>expected an absolute http(s) URL without query or fragment, got &quot;%1&quot;</source>
        <translation>expected an absolute http(s) URL without query or fragment, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>implausibly large: %1</source>
        <translation>implausibly large: %1</translation>
    </message>
    <message>
        <source>contains a NUL character (\u0000) or a lone UTF-16 surrogate, which the store cannot keep</source>
        <translation>contains a NUL character (\u0000) or a lone UTF-16 surrogate, which the store cannot keep</translation>
    </message>
    <message>
        <source>expected an array of 5xx status codes</source>
        <translation>expected an array of 5xx status codes</translation>
    </message>
    <message>
        <source>expected a 5xx status code the provider documents as &quot;nothing was done&quot;</source>
        <translation>expected a 5xx status code the provider documents as &quot;nothing was done&quot;</translation>
    </message>
    <message>
        <source>expected a JSON Schema object, got %1</source>
        <translation>expected a JSON Schema object, got %1</translation>
    </message>
    <message>
        <source>the top level must be {&quot;type&quot;: &quot;object&quot;, &quot;properties&quot;: {...}}</source>
        <translation>the top level must be {&quot;type&quot;: &quot;object&quot;, &quot;properties&quot;: {...}}</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not declared in output_schema.properties</source>
        <translation>&quot;%1&quot; is not declared in output_schema.properties</translation>
    </message>
    <message>
        <source>expected an object of field -&gt; [values], got %1</source>
        <translation>expected an object of field -&gt; [values], got %1</translation>
    </message>
    <message>
        <source>field is not declared in output_schema.properties</source>
        <translation>field is not declared in output_schema.properties</translation>
    </message>
    <message>
        <source>must list at least one value</source>
        <translation>must list at least one value</translation>
    </message>
    <message>
        <source>must name at least one provider</source>
        <translation>must name at least one provider</translation>
    </message>
    <message>
        <source>at most 100, got %1</source>
        <translation>at most 100, got %1</translation>
    </message>
    <message>
        <source>must be less than deadline_ms (%1)</source>
        <translation>must be less than deadline_ms (%1)</translation>
    </message>
    <message>
        <source>expected a number from 0 to 2, got %1</source>
        <translation>expected a number from 0 to 2, got %1</translation>
    </message>
    <message>
        <source>expected an array, got %1</source>
        <translation>expected an array, got %1</translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation>expected an object, got %1</translation>
    </message>
    <message>
        <source>duplicate golden case &quot;%1&quot;</source>
        <translation>duplicate golden case &quot;%1&quot;</translation>
    </message>
    <message>
        <source>duplicate provider &quot;%1&quot;</source>
        <translation>duplicate provider &quot;%1&quot;</translation>
    </message>
    <message>
        <source>duplicate route &quot;%1&quot;</source>
        <translation>duplicate route &quot;%1&quot;</translation>
    </message>
    <message>
        <source>unknown provider &quot;%1&quot;</source>
        <translation>unknown provider &quot;%1&quot;</translation>
    </message>
    <message>
        <source>cannot read the route config: %1</source>
        <translation>cannot read the route config: %1</translation>
    </message>
    <message>
        <source>not valid JSON: %1 at offset %2</source>
        <translation>not valid JSON: %1 at offset %2</translation>
    </message>
    <message>
        <source>expected a JSON object with &quot;providers&quot; and &quot;routes&quot;</source>
        <translation>expected a JSON object with &quot;providers&quot; and &quot;routes&quot;</translation>
    </message>
    <message>
        <source>longer than %1 characters as an endpoint (provider kind and URL); attempts record where they are sent, up to that length</source>
        <translation>longer than %1 characters as an endpoint (provider kind and URL); attempts record where they are sent, up to that length</translation>
    </message>
    <message>
        <source>a digest JobDesk records in place of base_url&apos;s user info; write the user info in base_url instead</source>
        <translation>a digest JobDesk records in place of base_url&apos;s user info; write the user info in base_url instead</translation>
    </message>
    <message>
        <source>expected a number of requests per second above 0</source>
        <translation>expected a number of requests per second above 0</translation>
    </message>
</context>
<context>
    <name>jobdesk-server</name>
    <message>
        <source>Store URL (postgresql://... or sqlite:PATH); default $JOBDESK_DATABASE_URL.</source>
        <translation>Store URL (postgresql://... or sqlite:PATH); default $JOBDESK_DATABASE_URL.</translation>
    </message>
    <message>
        <source>Bearer tokens of the JobDesk HTTP API. A token is printed once, when it is made (the last line of the output); only its hash is stored.

  jobdesk-server token create --owner O --role client|viewer|operator [--label TEXT]
  jobdesk-server token list
  jobdesk-server token revoke ID</source>
        <translation>Bearer tokens of the JobDesk HTTP API. A token is printed once, when it is made (the last line of the output); only its hash is stored.

  jobdesk-server token create --owner O --role client|viewer|operator [--label TEXT]
  jobdesk-server token list
  jobdesk-server token revoke ID</translation>
    </message>
    <message>
        <source>Owner the token acts for (client: whose jobs; operator: who acts).</source>
        <translation>Owner the token acts for (client: whose jobs; operator: who acts).</translation>
    </message>
    <message>
        <source>client, viewer or operator.</source>
        <translation>client, viewer or operator.</translation>
    </message>
    <message>
        <source>A note shown by token list.</source>
        <translation>A note shown by token list.</translation>
    </message>
    <message>
        <source>The word &quot;token&quot;.</source>
        <translation>The word &quot;token&quot;.</translation>
    </message>
    <message>
        <source>create, list or revoke.</source>
        <translation>create, list or revoke.</translation>
    </message>
    <message>
        <source>For revoke: the token&apos;s id (see token list).</source>
        <translation>For revoke: the token&apos;s id (see token list).</translation>
    </message>
    <message>
        <source>no database: pass --database URL or set JOBDESK_DATABASE_URL</source>
        <translation>no database: pass --database URL or set JOBDESK_DATABASE_URL</translation>
    </message>
    <message>
        <source>token create needs --owner O and --role client|viewer|operator</source>
        <translation>token create needs --owner O and --role client|viewer|operator</translation>
    </message>
    <message>
        <source>token %1: owner %2, role %3</source>
        <translation>token %1: owner %2, role %3</translation>
    </message>
    <message>
        <source>token %1: owner %2, role %3, label %4</source>
        <translation>token %1: owner %2, role %3, label %4</translation>
    </message>
    <message>
        <source>store it now; it is shown only this once:</source>
        <translation>store it now; it is shown only this once:</translation>
    </message>
    <message>
        <source>id	owner	role	created	revoked	label</source>
        <translation>id	owner	role	created	revoked	label</translation>
    </message>
    <message>
        <source>token revoke needs the token&apos;s id (see token list)</source>
        <translation>token revoke needs the token&apos;s id (see token list)</translation>
    </message>
    <message>
        <source>token %1 (owner %2, role %3) revoked at %4</source>
        <translation>token %1 (owner %2, role %3) revoked at %4</translation>
    </message>
    <message>
        <source>usage: jobdesk-server token create --owner O --role R | token list | token revoke ID</source>
        <translation>usage: jobdesk-server token create --owner O --role R | token list | token revoke ID</translation>
    </message>
    <message>
        <source>Routes and providers JSON file [JOBDESK_ROUTES].</source>
        <translation>Routes and providers JSON file [JOBDESK_ROUTES].</translation>
    </message>
    <message>
        <source>Address the HTTP API listens on [JOBDESK_LISTEN] (default 127.0.0.1).</source>
        <translation>Address the HTTP API listens on [JOBDESK_LISTEN] (default 127.0.0.1).</translation>
    </message>
    <message>
        <source>Serve the HTTP API on this port [JOBDESK_PORT]; 0: any free port (printed). Without it no API is served.</source>
        <translation>Serve the HTTP API on this port [JOBDESK_PORT]; 0: any free port (printed). Without it no API is served.</translation>
    </message>
    <message>
        <source>HTTP handler threads, one database connection each [JOBDESK_HTTP_THREADS] (default 8).</source>
        <translation>HTTP handler threads, one database connection each [JOBDESK_HTTP_THREADS] (default 8).</translation>
    </message>
    <message>
        <source>Trust a verified token this long; a revoked one stops working within it [JOBDESK_TOKEN_CACHE_MS] (default 1000; 0: check every request).</source>
        <translation>Trust a verified token this long; a revoked one stops working within it [JOBDESK_TOKEN_CACHE_MS] (default 1000; 0: check every request).</translation>
    </message>
    <message>
        <source>Largest request body [JOBDESK_MAX_BODY_BYTES] (default 1048576).</source>
        <translation>Largest request body [JOBDESK_MAX_BODY_BYTES] (default 1048576).</translation>
    </message>
    <message>
        <source>Serve the API only; run no dispatcher [JOBDESK_NO_DISPATCH=1].</source>
        <translation>Serve the API only; run no dispatcher [JOBDESK_NO_DISPATCH=1].</translation>
    </message>
    <message>
        <source>This instance&apos;s worker id [JOBDESK_WORKER_ID].</source>
        <translation>This instance&apos;s worker id [JOBDESK_WORKER_ID].</translation>
    </message>
    <message>
        <source>Attempt lease in ms [JOBDESK_LEASE_MS] (default 15000).</source>
        <translation>Attempt lease in ms [JOBDESK_LEASE_MS] (default 15000).</translation>
    </message>
    <message>
        <source>Idle poll in ms [JOBDESK_POLL_MS] (default 200).</source>
        <translation>Idle poll in ms [JOBDESK_POLL_MS] (default 200).</translation>
    </message>
    <message>
        <source>Run the contract validation of PROVIDER for --route, record it, print the report and exit.</source>
        <translation>Run the contract validation of PROVIDER for --route, record it, print the report and exit.</translation>
    </message>
    <message>
        <source>The route for --validate.</source>
        <translation>The route for --validate.</translation>
    </message>
    <message>
        <source>no routes file: pass --routes FILE or set JOBDESK_ROUTES</source>
        <translation>no routes file: pass --routes FILE or set JOBDESK_ROUTES</translation>
    </message>
    <message>
        <source>--workers must be 1..64</source>
        <translation>--workers must be 1..64</translation>
    </message>
    <message>
        <source>--lease-ms must be at least 100</source>
        <translation>--lease-ms must be at least 100</translation>
    </message>
    <message>
        <source>--poll-ms must be positive</source>
        <translation>--poll-ms must be positive</translation>
    </message>
    <message>
        <source>--port must be 0..65535</source>
        <translation>--port must be 0..65535</translation>
    </message>
    <message>
        <source>--listen must be an IP address, e.g. 127.0.0.1 or 0.0.0.0</source>
        <translation>--listen must be an IP address, e.g. 127.0.0.1 or 0.0.0.0</translation>
    </message>
    <message>
        <source>--http-threads must be 1..256</source>
        <translation>--http-threads must be 1..256</translation>
    </message>
    <message>
        <source>--token-cache-ms must be 0..3600000</source>
        <translation>--token-cache-ms must be 0..3600000</translation>
    </message>
    <message>
        <source>--max-body-bytes must be 1024..67108864</source>
        <translation>--max-body-bytes must be 1024..67108864</translation>
    </message>
    <message>
        <source>--validate needs --route</source>
        <translation>--validate needs --route</translation>
    </message>
    <message>
        <source>contract validation of %1 for %2: PASSED (expires at %3 ms)</source>
        <translation>contract validation of %1 for %2: PASSED (expires at %3 ms)</translation>
    </message>
    <message>
        <source>contract validation of %1 for %2: FAILED (expires at %3 ms)</source>
        <translation>contract validation of %1 for %2: FAILED (expires at %3 ms)</translation>
    </message>
    <message>
        <source>--no-dispatch without --port: nothing to do</source>
        <translation>--no-dispatch without --port: nothing to do</translation>
    </message>
    <message>
        <source>cannot install signal handling</source>
        <translation>cannot install signal handling</translation>
    </message>
    <message>
        <source>no HTTP API (no --port / JOBDESK_PORT): dispatching only</source>
        <translation>no HTTP API (no --port / JOBDESK_PORT): dispatching only</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>stopping</translation>
    </message>
    <message>
        <source>stopping: no new requests; answering %1 accepted ones</source>
        <translation>stopping: no new requests; answering %1 accepted ones</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>stopped</translation>
    </message>
    <message>
        <source>How long after an unknown attempt&apos;s lease a provider&apos;s &quot;never processed&quot; may free its job, in ms [JOBDESK_NEVER_PROCESSED_GRACE_MS] (default 30000).</source>
        <translation>How long after an unknown attempt&apos;s lease a provider&apos;s &quot;never processed&quot; may free its job, in ms [JOBDESK_NEVER_PROCESSED_GRACE_MS] (default 30000).</translation>
    </message>
    <message>
        <source>--never-processed-grace-ms must be 0..86400000</source>
        <translation>--never-processed-grace-ms must be 0..86400000</translation>
    </message>
    <message>
        <source>Prints JobDesk&apos;s schema as one SQL script, to apply by hand:

  jobdesk-server schema sql --dialect postgres --schema jobdesk | psql -1 -v ON_ERROR_STOP=1 -d URL
  jobdesk-server schema sql --dialect sqlite | sqlite3 -bail FILE

PostgreSQL: apply it with the schema first in the search path; the functions name it.</source>
        <translation>Prints JobDesk&apos;s schema as one SQL script, to apply by hand:

  jobdesk-server schema sql --dialect postgres --schema jobdesk | psql -1 -v ON_ERROR_STOP=1 -d URL
  jobdesk-server schema sql --dialect sqlite | sqlite3 -bail FILE

PostgreSQL: apply it with the schema first in the search path; the functions name it.</translation>
    </message>
    <message>
        <source>postgres or sqlite.</source>
        <translation>postgres or sqlite.</translation>
    </message>
    <message>
        <source>PostgreSQL: the schema it goes in.</source>
        <translation>PostgreSQL: the schema it goes in.</translation>
    </message>
    <message>
        <source>The word &quot;schema&quot;.</source>
        <translation>The word &quot;schema&quot;.</translation>
    </message>
    <message>
        <source>sql.</source>
        <translation>sql.</translation>
    </message>
    <message>
        <source>unknown schema action: use jobdesk-server schema sql</source>
        <translation>unknown schema action: use jobdesk-server schema sql</translation>
    </message>
    <message>
        <source>--dialect takes postgres or sqlite</source>
        <translation>--dialect takes postgres or sqlite</translation>
    </message>
    <message>
        <source>Folder the archives are written to.</source>
        <translation>Folder the archives are written to.</translation>
    </message>
    <message>
        <source>Decided jobs older than this many days go (default 30).</source>
        <translation>Decided jobs older than this many days go (default 30).</translation>
    </message>
    <message>
        <source>A route&apos;s own retention, ROUTE=DAYS; repeatable.</source>
        <translation>A route&apos;s own retention, ROUTE=DAYS; repeatable.</translation>
    </message>
    <message>
        <source>Key tombstones older than this many days go (default: kept for ever).</source>
        <translation>Key tombstones older than this many days go (default: kept for ever).</translation>
    </message>
    <message>
        <source>Jobs removed per transaction (default 100).</source>
        <translation>Jobs removed per transaction (default 100).</translation>
    </message>
    <message>
        <source>Jobs one run archives (default 10000).</source>
        <translation>Jobs one run archives (default 10000).</translation>
    </message>
    <message>
        <source>Count what would go; change nothing.</source>
        <translation>Count what would go; change nothing.</translation>
    </message>
    <message>
        <source>Who runs it, for the audit (default: the operating-system user).</source>
        <translation>Who runs it, for the audit (default: the operating-system user).</translation>
    </message>
    <message>
        <source>The word &quot;retention&quot;.</source>
        <translation>The word &quot;retention&quot;.</translation>
    </message>
    <message>
        <source>run.</source>
        <translation>run.</translation>
    </message>
    <message>
        <source>usage: jobdesk-server retention run --archive-dir DIR [options]</source>
        <translation>usage: jobdesk-server retention run --archive-dir DIR [options]</translation>
    </message>
    <message>
        <source>--retain-days, --batch and --max-jobs take positive whole numbers</source>
        <translation>--retain-days, --batch and --max-jobs take positive whole numbers</translation>
    </message>
    <message>
        <source>--key-retain-days takes a positive whole number</source>
        <translation>--key-retain-days takes a positive whole number</translation>
    </message>
    <message>
        <source>--route-retain-days takes ROUTE=DAYS (got %1)</source>
        <translation>--route-retain-days takes ROUTE=DAYS (got %1)</translation>
    </message>
    <message>
        <source>dry run: %1 decided jobs would be archived and removed</source>
        <translation>dry run: %1 decided jobs would be archived and removed</translation>
    </message>
    <message>
        <source>finished the unfinished run %1</source>
        <translation>finished the unfinished run %1</translation>
    </message>
    <message>
        <source>run %1: %2 jobs archived, %3 removed, %4 kept (changed since archived), %5 key tombstones expired</source>
        <translation>run %1: %2 jobs archived, %3 removed, %4 kept (changed since archived), %5 key tombstones expired</translation>
    </message>
    <message>
        <source>archive: %1</source>
        <translation>archive: %1</translation>
    </message>
    <message>
        <source>JobDesk server: the HTTP API (with --port) and the dispatcher. One user intent, one side effect.
Tokens: jobdesk-server token create|list|revoke (see jobdesk-server token --help).
Schema as SQL, to apply by hand: jobdesk-server schema sql (see jobdesk-server schema --help).
Retention: jobdesk-server retention run (see jobdesk-server retention --help).
Each option can also be set in the environment, e.g. JOBDESK_PORT=8080; the command line wins.</source>
        <translation>JobDesk server: the HTTP API (with --port) and the dispatcher. One user intent, one side effect.
Tokens: jobdesk-server token create|list|revoke (see jobdesk-server token --help).
Schema as SQL, to apply by hand: jobdesk-server schema sql (see jobdesk-server schema --help).
Retention: jobdesk-server retention run (see jobdesk-server retention --help).
Each option can also be set in the environment, e.g. JOBDESK_PORT=8080; the command line wins.</translation>
    </message>
    <message>
        <source>A reverse proxy (address or ADDRESS/PREFIX) whose X-Forwarded-For names the client; repeatable [JOBDESK_TRUSTED_PROXIES, comma-separated] (default none).</source>
        <translation>A reverse proxy (address or ADDRESS/PREFIX) whose X-Forwarded-For names the client; repeatable [JOBDESK_TRUSTED_PROXIES, comma-separated] (default none).</translation>
    </message>
    <message>
        <source>text or json: one JSON object a line, with job, attempt and trace ids [JOBDESK_LOG_FORMAT] (default text).</source>
        <translation>text or json: one JSON object a line, with job, attempt and trace ids [JOBDESK_LOG_FORMAT] (default text).</translation>
    </message>
    <message>
        <source>Dispatcher store threads that claim and start attempts [JOBDESK_WORKERS] (default 2).</source>
        <translation>Dispatcher store threads that claim and start attempts [JOBDESK_WORKERS] (default 2).</translation>
    </message>
    <message>
        <source>Attempts in flight at once, at about 15 KiB each [JOBDESK_MAX_IN_FLIGHT] (default 1000).</source>
        <translation>Attempts in flight at once, at about 15 KiB each [JOBDESK_MAX_IN_FLIGHT] (default 1000).</translation>
    </message>
    <message>
        <source>Run retention on a schedule, archiving into this folder [JOBDESK_RETENTION_ARCHIVE_DIR] (docs/retention.md).</source>
        <translation>Run retention on a schedule, archiving into this folder [JOBDESK_RETENTION_ARCHIVE_DIR] (docs/retention.md).</translation>
    </message>
    <message>
        <source>With --retention-archive-dir: decided jobs older than this many days go [JOBDESK_RETAIN_DAYS] (default 30).</source>
        <translation>With --retention-archive-dir: decided jobs older than this many days go [JOBDESK_RETAIN_DAYS] (default 30).</translation>
    </message>
    <message>
        <source>With --retention-archive-dir: key tombstones older than this go [JOBDESK_KEY_RETAIN_DAYS] (default: kept for ever).</source>
        <translation>With --retention-archive-dir: key tombstones older than this go [JOBDESK_KEY_RETAIN_DAYS] (default: kept for ever).</translation>
    </message>
    <message>
        <source>With --retention-archive-dir: seconds between runs [JOBDESK_RETENTION_EVERY_S] (default 3600).</source>
        <translation>With --retention-archive-dir: seconds between runs [JOBDESK_RETENTION_EVERY_S] (default 3600).</translation>
    </message>
    <message>
        <source>--log-format must be text or json</source>
        <translation>--log-format must be text or json</translation>
    </message>
    <message>
        <source>--max-in-flight must be 1..15000 (each holds a socket)</source>
        <translation>--max-in-flight must be 1..15000 (each holds a socket)</translation>
    </message>
    <message>
        <source>--trusted-proxy must be an IP address or ADDRESS/PREFIX, not %1</source>
        <translation>--trusted-proxy must be an IP address or ADDRESS/PREFIX, not %1</translation>
    </message>
    <message>
        <source>--retain-days must be 1..100000 and --retention-every-s 1..604800</source>
        <translation>--retain-days must be 1..100000 and --retention-every-s 1..604800</translation>
    </message>
    <message>
        <source>--key-retain-days must be 1..100000</source>
        <translation>--key-retain-days must be 1..100000</translation>
    </message>
    <message>
        <source>dispatching on %1 with %2 workers, at most %3 in flight</source>
        <translation>dispatching on %1 with %2 workers, at most %3 in flight</translation>
    </message>
    <message>
        <source>Archives decided jobs older than the retention and removes them with their history; each key keeps a tombstone, so a retry with it replays the removed job.

  jobdesk-server retention run --archive-dir DIR [--retain-days 30] [--route-retain-days ROUTE=DAYS]...
                               [--key-retain-days DAYS] [--batch 100] [--max-jobs 10000] [--rest-ratio 1]
                               [--dry-run]</source>
        <translation>Archives decided jobs older than the retention and removes them with their history; each key keeps a tombstone, so a retry with it replays the removed job.

  jobdesk-server retention run --archive-dir DIR [--retain-days 30] [--route-retain-days ROUTE=DAYS]...
                               [--key-retain-days DAYS] [--batch 100] [--max-jobs 10000] [--rest-ratio 1]
                               [--dry-run]</translation>
    </message>
    <message>
        <source>After each batch, rest this many times as long as it took (default 1; 0: no rest).</source>
        <translation>After each batch, rest this many times as long as it took (default 1; 0: no rest).</translation>
    </message>
    <message>
        <source>--rest-ratio takes a number from 0 to 100 (got %1)</source>
        <translation>--rest-ratio takes a number from 0 to 100 (got %1)</translation>
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
</TS>
