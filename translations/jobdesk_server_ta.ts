<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ta_IN" sourcelanguage="en">
<context>
    <name>ApiRequest</name>
    <message>
        <source>a boolean</source>
        <translation>ஒரு பூலியன் (boolean)</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>ஒரு எண்</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>ஒரு சரம் (string)</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ஒரு அணி (array)</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ஒரு பொருள் (object)</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>எதுவும் இல்லை</translation>
    </message>
    <message>
        <source>the body is not valid JSON: %1 at byte %2</source>
        <translation>உடல்பகுதி (body) செல்லுபடியான JSON அல்ல: பைட் %2 இல் %1</translation>
    </message>
    <message>
        <source>the body must be a JSON object</source>
        <translation>உடல்பகுதி (body) ஒரு JSON பொருளாக (object) இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>member &quot;%1&quot; appears twice in one object; say each once</source>
        <translation>உறுப்பு &quot;%1&quot; ஒரே பொருளில் (object) இருமுறை வருகிறது; ஒவ்வொன்றையும் ஒருமுறை மட்டும் கூறுங்கள்</translation>
    </message>
    <message>
        <source>the number %1 is too large to keep exactly (beyond 64-bit integers); send it as a string</source>
        <translation>%1 என்ற எண்ணை அப்படியே வைத்திருக்க முடியாத அளவு பெரியது (64-பிட் முழு எண்களுக்கு அப்பால்); அதை ஒரு சரமாக (string) அனுப்பவும்</translation>
    </message>
    <message>
        <source>unknown member &quot;%1&quot; (known: %2)</source>
        <translation>தெரியாத உறுப்பு &quot;%1&quot; (அறியப்பட்டவை: %2)</translation>
    </message>
    <message>
        <source>no Authorization header: send &quot;Authorization: Bearer &lt;token&gt;&quot;</source>
        <translation>Authorization தலைப்பு (header) இல்லை: &quot;Authorization: Bearer &lt;token&gt;&quot; ஐ அனுப்புங்கள்</translation>
    </message>
    <message>
        <source>more than one Authorization header</source>
        <translation>ஒன்றுக்கு மேற்பட்ட Authorization தலைப்புகள்</translation>
    </message>
    <message>
        <source>the Authorization scheme must be Bearer</source>
        <translation>Authorization முறை Bearer ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>the bearer token is malformed</source>
        <translation>bearer டோக்கன் தவறான வடிவில் உள்ளது</translation>
    </message>
    <message>
        <source>send an Idempotency-Key header (1..255 printable ASCII characters)</source>
        <translation>Idempotency-Key தலைப்பை அனுப்புங்கள் (1..255 அச்சிடக்கூடிய ASCII எழுத்துகள்)</translation>
    </message>
    <message>
        <source>more than one Idempotency-Key header</source>
        <translation>ஒன்றுக்கு மேற்பட்ட Idempotency-Key தலைப்புகள்</translation>
    </message>
    <message>
        <source>the Idempotency-Key must be 1..255 characters, got %1</source>
        <translation>Idempotency-Key 1..255 எழுத்துகளாக இருக்க வேண்டும், வந்தவை %1 எழுத்துகள்</translation>
    </message>
    <message>
        <source>the Idempotency-Key must be printable ASCII (0x20..0x7E)</source>
        <translation>Idempotency-Key அச்சிடக்கூடிய ASCII ஆக (0x20..0x7E) இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>send the body with a Content-Length header</source>
        <translation>உடல்பகுதியை (body) Content-Length தலைப்புடன் அனுப்புங்கள்</translation>
    </message>
    <message>
        <source>the body is %1 bytes; the limit is %2</source>
        <translation>உடல்பகுதி %1 பைட்டுகள்; வரம்பு %2</translation>
    </message>
    <message>
        <source>the body&apos;s length does not match Content-Length</source>
        <translation>உடல்பகுதியின் நீளம் Content-Length உடன் பொருந்தவில்லை</translation>
    </message>
    <message>
        <source>send Content-Type: application/json</source>
        <translation>Content-Type: application/json ஐ அனுப்புங்கள்</translation>
    </message>
    <message>
        <source>the body must be application/json, not %1</source>
        <translation>உடல்பகுதி application/json ஆக இருக்க வேண்டும், %1 அல்ல</translation>
    </message>
    <message>
        <source>JSON must be UTF-8</source>
        <translation>JSON, UTF-8 குறியாக்கத்தில் இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>&quot;route&quot; must be a route name (a non-empty string), got %1</source>
        <translation>&quot;route&quot; ஒரு வழித்தடப் பெயராக (வெறுமையற்ற சரம்) இருக்க வேண்டும், வந்தது %1</translation>
    </message>
    <message>
        <source>&quot;input&quot; must be a JSON object, got %1</source>
        <translation>&quot;input&quot; ஒரு JSON பொருளாக (object) இருக்க வேண்டும், வந்தது %1</translation>
    </message>
    <message>
        <source>say why: {&quot;reason&quot;: &quot;...&quot;}</source>
        <translation>காரணத்தைச் சொல்லுங்கள்: {&quot;reason&quot;: &quot;...&quot;}</translation>
    </message>
    <message>
        <source>&quot;reason&quot; must be a string, got %1</source>
        <translation>&quot;reason&quot; ஒரு சரமாக (string) இருக்க வேண்டும், வந்தது %1</translation>
    </message>
    <message>
        <source>&quot;reason&quot; is longer than 2000 characters</source>
        <translation>&quot;reason&quot; 2000 எழுத்துகளை விட நீளமானது</translation>
    </message>
    <message>
        <source>&quot;seen_change_seq&quot; must be a non-negative integer, got %1</source>
        <translation>&quot;seen_change_seq&quot; எதிர்மமற்ற முழு எண்ணாக இருக்க வேண்டும், வந்தது %1</translation>
    </message>
    <message>
        <source>&quot;provider&quot; must be a provider name, got %1</source>
        <translation>&quot;provider&quot; ஒரு வழங்குநர் பெயராக இருக்க வேண்டும், வந்தது %1</translation>
    </message>
</context>
<context>
    <name>ApiServer</name>
    <message>
        <source>the server is shutting down</source>
        <translation>சேவையகம் நிறுத்தப்படுகிறது</translation>
    </message>
    <message>
        <source>every handler is busy and the queue is full</source>
        <translation>எல்லாக் கையாளிகளும் (handlers) வேலையில் உள்ளன, காத்திருப்பு வரிசையும் நிரம்பியுள்ளது</translation>
    </message>
</context>
<context>
    <name>ApiService</name>
    <message>
        <source>the store failed; see the server log</source>
        <translation>தரவுத்தளம் தோல்வியடைந்தது; சேவையகப் பதிவைப் (log) பாருங்கள்</translation>
    </message>
    <message>
        <source>route %1: input_schema: %2</source>
        <translation>வழித்தடம் %1: input_schema: %2</translation>
    </message>
    <message>
        <source>unexpected error; see the server log</source>
        <translation>எதிர்பாராத பிழை; சேவையகப் பதிவைப் (log) பாருங்கள்</translation>
    </message>
    <message>
        <source>%1 is not allowed here; allowed: %2</source>
        <translation>%1 இங்கு அனுமதிக்கப்படவில்லை; அனுமதிக்கப்பட்டவை: %2</translation>
    </message>
    <message>
        <source>no such resource</source>
        <translation>அப்படி ஒரு வளம் (resource) இல்லை</translation>
    </message>
    <message>
        <source>the store is unreachable; the server&apos;s log says why</source>
        <translation>சேமிப்பகத்தை அணுக முடியவில்லை; காரணம் சேவையகத்தின் பதிவில் உள்ளது</translation>
    </message>
    <message>
        <source>the bearer token is not a JobDesk token</source>
        <translation>bearer டோக்கன் JobDesk டோக்கன் அல்ல</translation>
    </message>
    <message>
        <source>the bearer token is unknown or revoked</source>
        <translation>bearer டோக்கன் அறியப்படாதது அல்லது திரும்பப்பெறப்பட்டது</translation>
    </message>
    <message>
        <source>only a client token creates jobs (this one is %1)</source>
        <translation>client டோக்கன் மட்டுமே வேலைகளை உருவாக்கும் (இந்த டோக்கனின் பங்கு: %1)</translation>
    </message>
    <message>
        <source>no route &quot;%1&quot; (routes: %2)</source>
        <translation>&quot;%1&quot; என்ற வழித்தடம் இல்லை (வழித்தடங்கள்: %2)</translation>
    </message>
    <message>
        <source>the input does not match route %1&apos;s input schema: %2</source>
        <translation>உள்ளீடு வழித்தடம் %1 இன் உள்ளீட்டு schema உடன் பொருந்தவில்லை: %2</translation>
    </message>
    <message>
        <source>Idempotency-Key &quot;%1&quot; is bound to job %2, created with another intent; nothing was changed. Use a new key for a new intent.</source>
        <translation>Idempotency-Key &quot;%1&quot; வேலை %2 உடன் பிணைக்கப்பட்டுள்ளது, அந்த வேலை வேறு நோக்கத்துடன் உருவாக்கப்பட்டது; எதுவும் மாற்றப்படவில்லை. புதிய நோக்கத்துக்குப் புதிய சாவியைப் பயன்படுத்துங்கள்.</translation>
    </message>
    <message>
        <source>job %1 does not exist</source>
        <translation>வேலை %1 இல்லை</translation>
    </message>
    <message>
        <source>only an operator token may cancel an attempt</source>
        <translation>operator டோக்கன் மட்டுமே முயற்சியை ரத்துசெய்யலாம்</translation>
    </message>
    <message>
        <source>request id &quot;%1&quot; already cancelled attempt %2; use a new Idempotency-Key</source>
        <translation>கோரிக்கை id &quot;%1&quot; ஏற்கெனவே முயற்சி %2 ஐ ரத்துசெய்தது; புதிய Idempotency-Key ஐப் பயன்படுத்துங்கள்</translation>
    </message>
    <message>
        <source>only an operator token may retry a job</source>
        <translation>operator டோக்கன் மட்டுமே வேலையை மறுமுயற்சி செய்யலாம்</translation>
    </message>
    <message>
        <source>job %1&apos;s route &quot;%2&quot; is not configured here: name a provider</source>
        <translation>வேலை %1 இன் வழித்தடம் &quot;%2&quot; இங்கு அமைக்கப்படவில்லை: ஒரு வழங்குநரைக் குறிப்பிடுங்கள்</translation>
    </message>
    <message>
        <source>no provider &quot;%1&quot;</source>
        <translation>&quot;%1&quot; என்ற வழங்குநர் இல்லை</translation>
    </message>
    <message>
        <source>request id &quot;%1&quot; already retried job %2; use a new Idempotency-Key</source>
        <translation>கோரிக்கை id &quot;%1&quot; ஏற்கெனவே வேலை %2 ஐ மறுமுயற்சி செய்தது; புதிய Idempotency-Key ஐப் பயன்படுத்துங்கள்</translation>
    </message>
    <message>
        <source>the body must be {&quot;items&quot;: [...]} and nothing else</source>
        <translation>உடல்பகுதி (body) {&quot;items&quot;: [...]} ஆக மட்டுமே இருக்க வேண்டும், வேறு எதுவும் இருக்கக்கூடாது</translation>
    </message>
    <message>
        <source>a batch holds 1..%1 items, this one %2</source>
        <translation>ஒரு தொகுப்பில் (batch) 1..%1 உருப்படிகள் இருக்கலாம், இதில் %2 உள்ளன</translation>
    </message>
    <message>
        <source>an item is {&quot;idempotency_key&quot;: &quot;...&quot;, &quot;route&quot;: &quot;...&quot;, &quot;input&quot;: {...}}</source>
        <translation>ஒவ்வொரு உருப்படியும் {&quot;idempotency_key&quot;: &quot;...&quot;, &quot;route&quot;: &quot;...&quot;, &quot;input&quot;: {...}} என்ற வடிவில் இருக்க வேண்டும்</translation>
    </message>
</context>
<context>
    <name>ChargeAccount</name>
    <message>
        <source>its result won</source>
        <translation>அதன் முடிவு வென்றது</translation>
    </message>
    <message>
        <source>its result came back after #%1 had won and was discarded</source>
        <translation>#%1 வென்ற பின் அதன் முடிவு வந்து நிராகரிக்கப்பட்டது</translation>
    </message>
    <message>
        <source>its result came back too late and was discarded</source>
        <translation>அதன் முடிவு தாமதமாக வந்து நிராகரிக்கப்பட்டது</translation>
    </message>
    <message>
        <source>its result came back after it was cancelled and was discarded</source>
        <translation>ரத்து செய்த பின் அதன் முடிவு வந்து நிராகரிக்கப்பட்டது</translation>
    </message>
    <message>
        <source>its result came back but broke the route&apos;s contract</source>
        <translation>அதன் முடிவு வந்தது, ஆனால் வழியின் ஒப்பந்தத்தை மீறியது</translation>
    </message>
    <message>
        <source>sent, and the provider says it is still working on it</source>
        <translation>அனுப்பப்பட்டது; வழங்குநர் இன்னும் அதில் வேலை செய்வதாகச் சொல்கிறார்</translation>
    </message>
    <message>
        <source>sent, no answer yet</source>
        <translation>அனுப்பப்பட்டது, இன்னும் பதில் இல்லை</translation>
    </message>
    <message>
        <source>outcome unknown while the provider says it is still working on it</source>
        <translation>வழங்குநர் இன்னும் அதில் வேலை செய்வதாகச் சொல்கிறார், விளைவு தெரியவில்லை</translation>
    </message>
    <message>
        <source>sent, then its outcome became unknown</source>
        <translation>அனுப்பப்பட்டது, பின்னர் அதன் விளைவு தெரியாமல் போனது</translation>
    </message>
    <message>
        <source>cancelled while the provider said it was still working</source>
        <translation>வழங்குநர் இன்னும் வேலை செய்வதாகச் சொன்னபோது ரத்து செய்யப்பட்டது</translation>
    </message>
    <message>
        <source>cancelled after it was sent, with no answer</source>
        <translation>அனுப்பிய பின், பதில் இல்லாமல் ரத்து செய்யப்பட்டது</translation>
    </message>
    <message>
        <source>failed, but the provider said it was still working on it</source>
        <translation>தோல்வியுற்றது, ஆனால் வழங்குநர் இன்னும் அதில் வேலை செய்வதாகச் சொன்னார்</translation>
    </message>
    <message>
        <source>not sent yet</source>
        <translation>இன்னும் அனுப்பப்படவில்லை</translation>
    </message>
    <message>
        <source>never sent</source>
        <translation>அனுப்பப்படவே இல்லை</translation>
    </message>
    <message>
        <source>cancelled before it was sent</source>
        <translation>அனுப்பும் முன் ரத்து செய்யப்பட்டது</translation>
    </message>
    <message>
        <source>ended with nothing done</source>
        <translation>எதுவும் செய்யப்படாமல் முடிந்தது</translation>
    </message>
    <message>
        <source>the provider said it never processed it</source>
        <translation>வழங்குநர் அதைச் செயலாக்கவே இல்லை என்றார்</translation>
    </message>
    <message>
        <source>#%1 on %2, %3</source>
        <translation>%2 இல் #%1, %3</translation>
    </message>
    <message>
        <source>Nothing charged: no request was sent to a provider.</source>
        <translation>கட்டணம் எதுவும் இல்லை: எந்த வழங்குநருக்கும் கோரிக்கை அனுப்பப்படவில்லை.</translation>
    </message>
    <message numerus="yes">
        <source>Nothing charged: %n request(s), none of which a provider worked on.</source>
        <translation>
            <numerusform>கட்டணம் எதுவும் இல்லை: %n கோரிக்கை, அதில் எந்த வழங்குநரும் வேலை செய்யவில்லை.</numerusform>
            <numerusform>கட்டணம் எதுவும் இல்லை: %n கோரிக்கைகள், எதிலும் எந்த வழங்குநரும் வேலை செய்யவில்லை.</numerusform>
        </translation>
    </message>
    <message>
        <source>Charged once: %1.</source>
        <translation>ஒருமுறை மட்டுமே கட்டணம்: %1.</translation>
    </message>
    <message>
        <source>No result charged</source>
        <translation>எந்த முடிவுக்கும் கட்டணம் இல்லை</translation>
    </message>
    <message numerus="yes">
        <source>%n result(s) charged</source>
        <translation>
            <numerusform>%n முடிவுக்குக் கட்டணம்</numerusform>
            <numerusform>%n முடிவுகளுக்குக் கட்டணம்</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n result(s) charged (%1)</source>
        <translation>
            <numerusform>%n முடிவுக்குக் கட்டணம் (%1)</numerusform>
            <numerusform>%n முடிவுகளுக்குக் கட்டணம் (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n request(s) possibly charged: %1</source>
        <translation>
            <numerusform>; %n கோரிக்கைக்குக் கட்டணம் இருக்கலாம்: %1</numerusform>
            <numerusform>; %n கோரிக்கைகளுக்குக் கட்டணம் இருக்கலாம்: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n more request(s) possibly charged: %1</source>
        <translation>
            <numerusform>; மேலும் %n கோரிக்கைக்குக் கட்டணம் இருக்கலாம்: %1</numerusform>
            <numerusform>; மேலும் %n கோரிக்கைகளுக்குக் கட்டணம் இருக்கலாம்: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HttpTransport</name>
    <message>
        <source>this connection&apos;s client is not reading its answers: read them before sending more requests</source>
        <translation>இந்த இணைப்பின் கிளையன்ட் தன் பதில்களைப் படிக்கவில்லை: மேலும் கோரிக்கைகளை அனுப்பும் முன் அவற்றைப் படிக்கவும்</translation>
    </message>
    <message>
        <source>too many open connections</source>
        <translation>திறந்த இணைப்புகள் மிக அதிகம்</translation>
    </message>
    <message>
        <source>the request was not complete within %1 ms</source>
        <translation>கோரிக்கை %1 மி.வி.க்குள் முழுமையாக வரவில்லை</translation>
    </message>
    <message>
        <source>cannot listen on %1:%2: %3</source>
        <translation>%1:%2 இல் கேட்க (listen) முடியவில்லை: %3</translation>
    </message>
</context>
<context>
    <name>Problem</name>
    <message>
        <source>The request could not be parsed</source>
        <translation>கோரிக்கையைப் பகுத்தாய முடியவில்லை</translation>
    </message>
    <message>
        <source>An Idempotency-Key header is required</source>
        <translation>Idempotency-Key தலைப்பு தேவை</translation>
    </message>
    <message>
        <source>The Idempotency-Key header is malformed</source>
        <translation>Idempotency-Key தலைப்பு தவறான வடிவில் உள்ளது</translation>
    </message>
    <message>
        <source>The body is not valid JSON</source>
        <translation>உடல்பகுதி (body) செல்லுபடியான JSON அல்ல</translation>
    </message>
    <message>
        <source>The body does not have the expected shape</source>
        <translation>உடல்பகுதி (body) எதிர்பார்த்த வடிவில் இல்லை</translation>
    </message>
    <message>
        <source>An operator action needs a reason</source>
        <translation>இயக்குநர் செயலுக்குக் காரணம் தேவை</translation>
    </message>
    <message>
        <source>A valid bearer token is required</source>
        <translation>செல்லுபடியான bearer டோக்கன் தேவை</translation>
    </message>
    <message>
        <source>The token&apos;s role may not do this</source>
        <translation>டோக்கனின் பங்குக்கு இதைச் செய்ய அனுமதி இல்லை</translation>
    </message>
    <message>
        <source>No such resource</source>
        <translation>அப்படி ஒரு வளம் (resource) இல்லை</translation>
    </message>
    <message>
        <source>The method is not allowed here</source>
        <translation>இந்த முறை (method) இங்கு அனுமதிக்கப்படவில்லை</translation>
    </message>
    <message>
        <source>The request did not arrive in time</source>
        <translation>கோரிக்கை நேரத்துக்குள் வரவில்லை</translation>
    </message>
    <message>
        <source>The idempotency key is bound to another intent</source>
        <translation>இந்தச் சாவி (idempotency key) வேறு நோக்கத்துடன் பிணைக்கப்பட்டுள்ளது</translation>
    </message>
    <message>
        <source>The request id was used for another action</source>
        <translation>இந்தக் கோரிக்கை id வேறு செயலுக்குப் பயன்படுத்தப்பட்டது</translation>
    </message>
    <message>
        <source>The job changed since you looked</source>
        <translation>நீங்கள் பார்த்த பின் வேலை மாறியுள்ளது</translation>
    </message>
    <message>
        <source>The attempt or job is not in a state that allows this</source>
        <translation>முயற்சி அல்லது வேலை இதை அனுமதிக்கும் நிலையில் இல்லை</translation>
    </message>
    <message>
        <source>A new attempt is not allowed now</source>
        <translation>புதிய முயற்சிக்கு இப்போது அனுமதி இல்லை</translation>
    </message>
    <message>
        <source>A request body needs a Content-Length</source>
        <translation>கோரிக்கை உடல்பகுதிக்கு Content-Length தேவை</translation>
    </message>
    <message>
        <source>The body is over the limit</source>
        <translation>உடல்பகுதி வரம்பை மீறுகிறது</translation>
    </message>
    <message>
        <source>The request line is over the limit</source>
        <translation>கோரிக்கை வரி வரம்பை மீறுகிறது</translation>
    </message>
    <message>
        <source>The body must be application/json</source>
        <translation>உடல்பகுதி application/json ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>No such route</source>
        <translation>அப்படி ஒரு வழித்தடம் இல்லை</translation>
    </message>
    <message>
        <source>The input does not match the route&apos;s input schema</source>
        <translation>உள்ளீடு வழித்தடத்தின் உள்ளீட்டு schema உடன் பொருந்தவில்லை</translation>
    </message>
    <message>
        <source>An argument was refused</source>
        <translation>ஒரு அளவுரு (argument) மறுக்கப்பட்டது</translation>
    </message>
    <message>
        <source>The request headers are over the limit</source>
        <translation>கோரிக்கைத் தலைப்புகள் வரம்பை மீறுகின்றன</translation>
    </message>
    <message>
        <source>Internal server error</source>
        <translation>சேவையக உள் பிழை</translation>
    </message>
    <message>
        <source>Not implemented</source>
        <translation>செயல்படுத்தப்படவில்லை</translation>
    </message>
    <message>
        <source>The database is unavailable; try again</source>
        <translation>தரவுத்தளம் கிடைக்கவில்லை; சிறிது நேரத்தில் மீண்டும் அனுப்புங்கள்</translation>
    </message>
    <message>
        <source>Too many requests are waiting; try again</source>
        <translation>காத்திருக்கும் கோரிக்கைகள் மிக அதிகம்; சிறிது நேரத்தில் மீண்டும் அனுப்புங்கள்</translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>Displays help on commandline options.</source>
        <translation>கட்டளைவரி விருப்பங்களுக்கான உதவியைக் காட்டும்.</translation>
    </message>
    <message>
        <source>Displays help including Qt specific options.</source>
        <translation>Qt க்கே உரிய விருப்பங்கள் உட்பட உதவியைக் காட்டும்.</translation>
    </message>
    <message>
        <source>Displays version information.</source>
        <translation>பதிப்புத் தகவலைக் காட்டும்.</translation>
    </message>
    <message>
        <source>Usage: %1</source>
        <translation>பயன்பாடு: %1</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>விருப்பங்கள்:</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>அளவுருக்கள்:</translation>
    </message>
    <message>
        <source>[options]</source>
        <translation>[விருப்பங்கள்]</translation>
    </message>
    <message>
        <source>Unknown option &apos;%1&apos;.</source>
        <translation>தெரியாத விருப்பம் &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Unknown options: %1.</source>
        <translation>தெரியாத விருப்பங்கள்: %1.</translation>
    </message>
    <message>
        <source>Missing value after &apos;%1&apos;.</source>
        <translation>&apos;%1&apos; க்குப் பின் மதிப்பு இல்லை.</translation>
    </message>
    <message>
        <source>Unexpected value after &apos;%1&apos;.</source>
        <translation>&apos;%1&apos; க்குப் பின் எதிர்பாராத மதிப்பு.</translation>
    </message>
</context>
<context>
    <name>RequestFramer</name>
    <message>
        <source>too much whitespace between requests</source>
        <translation>கோரிக்கைகளுக்கு இடையே வெற்றிடம் மிக அதிகம்</translation>
    </message>
    <message>
        <source>the request line is longer than %1 bytes</source>
        <translation>கோரிக்கை வரி %1 பைட்டுகளை விட நீளமானது</translation>
    </message>
    <message>
        <source>the headers are longer than %1 bytes</source>
        <translation>தலைப்புகள் %1 பைட்டுகளை விட நீளமானவை</translation>
    </message>
    <message>
        <source>the request line has a control or non-ASCII byte</source>
        <translation>கோரிக்கை வரியில் கட்டுப்பாட்டு பைட் அல்லது ASCII அல்லாத பைட் உள்ளது</translation>
    </message>
    <message>
        <source>the request line is not &quot;METHOD target HTTP/1.1&quot;: &quot;%1&quot;</source>
        <translation>கோரிக்கை வரி &quot;METHOD target HTTP/1.1&quot; வடிவில் இல்லை: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the method is not a token</source>
        <translation>முறை (method) செல்லுபடியான HTTP token அல்ல</translation>
    </message>
    <message>
        <source>method %1 is not implemented</source>
        <translation>முறை %1 செயல்படுத்தப்படவில்லை</translation>
    </message>
    <message>
        <source>the request target must be a path</source>
        <translation>கோரிக்கை இலக்கு ஒரு பாதையாக (path) இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>unsupported protocol &quot;%1&quot; (HTTP/1.1 or HTTP/1.0)</source>
        <translation>ஆதரிக்கப்படாத நெறிமுறை &quot;%1&quot; (HTTP/1.1 அல்லது HTTP/1.0)</translation>
    </message>
    <message>
        <source>more than %1 header fields</source>
        <translation>%1 க்கு மேற்பட்ட தலைப்புப் புலங்கள்</translation>
    </message>
    <message>
        <source>folded header lines are not accepted</source>
        <translation>மடிக்கப்பட்ட தலைப்பு வரிகள் ஏற்கப்படாது</translation>
    </message>
    <message>
        <source>a header line without a name and a colon: &quot;%1&quot;</source>
        <translation>பெயரும் முக்காற்புள்ளியும் (:) இல்லாத தலைப்பு வரி: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the header name &quot;%1&quot; is not a token</source>
        <translation>தலைப்புப் பெயர் &quot;%1&quot; செல்லுபடியான HTTP token அல்ல</translation>
    </message>
    <message>
        <source>the value of header %1 has a control character</source>
        <translation>தலைப்பு %1 இன் மதிப்பில் கட்டுப்பாட்டு எழுத்து உள்ளது</translation>
    </message>
    <message>
        <source>only &quot;Expect: 100-continue&quot; is understood</source>
        <translation>&quot;Expect: 100-continue&quot; மட்டுமே புரிந்துகொள்ளப்படும்</translation>
    </message>
    <message>
        <source>both Content-Length and Transfer-Encoding: the body&apos;s length is ambiguous</source>
        <translation>Content-Length, Transfer-Encoding இரண்டும் உள்ளன: உடல்பகுதியின் நீளம் தெளிவற்றது</translation>
    </message>
    <message>
        <source>Transfer-Encoding (chunked) request bodies are not accepted: send Content-Length</source>
        <translation>Transfer-Encoding (chunked) கோரிக்கை உடல்பகுதிகள் ஏற்கப்படாது: Content-Length ஐ அனுப்புங்கள்</translation>
    </message>
    <message>
        <source>conflicting Content-Length values</source>
        <translation>முரண்படும் Content-Length மதிப்புகள்</translation>
    </message>
    <message>
        <source>Content-Length must be a non-negative decimal integer, got &quot;%1&quot;</source>
        <translation>Content-Length எதிர்மமற்ற பதின்ம முழு எண்ணாக இருக்க வேண்டும், வந்தது &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Content-Length %1 is over the limit of %2 bytes</source>
        <translation>Content-Length %1, %2 பைட்டுகள் என்ற வரம்பை மீறுகிறது</translation>
    </message>
</context>
<context>
    <name>RouteConfig</name>
    <message>
        <source>a boolean</source>
        <translation>ஒரு பூலியன் (boolean)</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>ஒரு எண்</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>ஒரு சரம் (string)</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ஒரு அணி (array)</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ஒரு பொருள் (object)</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>எதுவும் இல்லை</translation>
    </message>
    <message>
        <source>is required</source>
        <translation>கட்டாயம் தேவை</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>ஒரு சரம் (string) எதிர்பார்க்கப்பட்டது, வந்தது %1</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>காலியாக இருக்கக்கூடாது</translation>
    </message>
    <message>
        <source>expected a positive integer, got %1</source>
        <translation>ஒரு நேர்ம முழு எண் எதிர்பார்க்கப்பட்டது, வந்தது %1</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>true அல்லது false எதிர்பார்க்கப்பட்டது, வந்தது %1</translation>
    </message>
    <message>
        <source>expected an array of strings, got %1</source>
        <translation>சரங்களின் அணி (array of strings) எதிர்பார்க்கப்பட்டது, வந்தது %1</translation>
    </message>
    <message>
        <source>expected a non-empty string, got %1</source>
        <translation>காலியல்லாத சரம் எதிர்பார்க்கப்பட்டது, வந்தது %1</translation>
    </message>
    <message>
        <source>duplicate &quot;%1&quot;</source>
        <translation>இருமுறை வந்துள்ளது: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>unknown key (known keys: %1)</source>
        <translation>தெரியாத key (அறியப்பட்ட keys: %1)</translation>
    </message>
    <message>
        <source>unknown provider kind &quot;%1&quot; (known: %2)</source>
        <translation>தெரியாத வழங்குநர் வகை &quot;%1&quot; (அறியப்பட்டவை: %2)</translation>
    </message>
    <message>
        <source>expected an absolute http(s) URL without query or fragment, got &quot;%1&quot;</source>
        <translation>query அல்லது fragment இல்லாத முழு http(s) URL எதிர்பார்க்கப்பட்டது, வந்தது &quot;%1&quot;</translation>
    </message>
    <message>
        <source>implausibly large: %1</source>
        <translation>நம்பமுடியாத அளவு பெரியது: %1</translation>
    </message>
    <message>
        <source>contains a NUL character (\u0000) or a lone UTF-16 surrogate, which the store cannot keep</source>
        <translation>NUL எழுத்து (\u0000) அல்லது தனித்த UTF-16 பதிலி (surrogate) உள்ளது; அதைச் சேமிப்பகம் வைத்திருக்க முடியாது</translation>
    </message>
    <message>
        <source>expected an array of 5xx status codes</source>
        <translation>5xx நிலைக் குறியீடுகளின் அணி எதிர்பார்க்கப்பட்டது</translation>
    </message>
    <message>
        <source>expected a 5xx status code the provider documents as &quot;nothing was done&quot;</source>
        <translation>&quot;எதுவும் செய்யப்படவில்லை&quot; என்று வழங்குநர் ஆவணப்படுத்தும் 5xx நிலைக் குறியீடு எதிர்பார்க்கப்பட்டது</translation>
    </message>
    <message>
        <source>expected a JSON Schema object, got %1</source>
        <translation>JSON Schema பொருள் (object) எதிர்பார்க்கப்பட்டது, வந்தது %1</translation>
    </message>
    <message>
        <source>the top level must be {&quot;type&quot;: &quot;object&quot;, &quot;properties&quot;: {...}}</source>
        <translation>மேல் நிலை {&quot;type&quot;: &quot;object&quot;, &quot;properties&quot;: {...}} ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not declared in output_schema.properties</source>
        <translation>&quot;%1&quot; output_schema.properties இல் அறிவிக்கப்படவில்லை</translation>
    </message>
    <message>
        <source>expected an object of field -&gt; [values], got %1</source>
        <translation>புலம் -&gt; [மதிப்புகள்] என்ற பொருள் (object) எதிர்பார்க்கப்பட்டது, வந்தது %1</translation>
    </message>
    <message>
        <source>field is not declared in output_schema.properties</source>
        <translation>இந்தப் புலம் output_schema.properties இல் அறிவிக்கப்படவில்லை</translation>
    </message>
    <message>
        <source>must list at least one value</source>
        <translation>குறைந்தது ஒரு மதிப்பையாவது பட்டியலிட வேண்டும்</translation>
    </message>
    <message>
        <source>must name at least one provider</source>
        <translation>குறைந்தது ஒரு வழங்குநரையாவது குறிப்பிட வேண்டும்</translation>
    </message>
    <message>
        <source>at most 100, got %1</source>
        <translation>அதிகபட்சம் 100, வந்தது %1</translation>
    </message>
    <message>
        <source>must be less than deadline_ms (%1)</source>
        <translation>deadline_ms (%1) ஐ விடக் குறைவாக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>expected a number from 0 to 2, got %1</source>
        <translation>0 முதல் 2 வரையிலான எண் எதிர்பார்க்கப்பட்டது, வந்தது %1</translation>
    </message>
    <message>
        <source>expected an array, got %1</source>
        <translation>ஒரு அணி (array) எதிர்பார்க்கப்பட்டது, வந்தது %1</translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation>ஒரு பொருள் (object) எதிர்பார்க்கப்பட்டது, வந்தது %1</translation>
    </message>
    <message>
        <source>duplicate golden case &quot;%1&quot;</source>
        <translation>மாதிரிச் சோதனை (golden case) &quot;%1&quot; இருமுறை வந்துள்ளது</translation>
    </message>
    <message>
        <source>duplicate provider &quot;%1&quot;</source>
        <translation>வழங்குநர் &quot;%1&quot; இருமுறை வந்துள்ளது</translation>
    </message>
    <message>
        <source>duplicate route &quot;%1&quot;</source>
        <translation>வழித்தடம் &quot;%1&quot; இருமுறை வந்துள்ளது</translation>
    </message>
    <message>
        <source>unknown provider &quot;%1&quot;</source>
        <translation>தெரியாத வழங்குநர் &quot;%1&quot;</translation>
    </message>
    <message>
        <source>cannot read the route config: %1</source>
        <translation>வழித்தட அமைப்புக் கோப்பைப் படிக்க முடியவில்லை: %1</translation>
    </message>
    <message>
        <source>not valid JSON: %1 at offset %2</source>
        <translation>செல்லுபடியான JSON அல்ல: offset %2 இல் %1</translation>
    </message>
    <message>
        <source>expected a JSON object with &quot;providers&quot; and &quot;routes&quot;</source>
        <translation>&quot;providers&quot;, &quot;routes&quot; ஆகியவற்றுடன் ஒரு JSON பொருள் (object) எதிர்பார்க்கப்பட்டது</translation>
    </message>
    <message>
        <source>longer than %1 characters as an endpoint (provider kind and URL); attempts record where they are sent, up to that length</source>
        <translation>ஒரு முனையமாக (endpoint: வழங்குநர் வகையும் URL உம்) %1 எழுத்துகளை விட நீளமானது; முயற்சிகள் தாம் அனுப்பப்படும் இடத்தை அந்த நீளம் வரை மட்டுமே பதிவுசெய்கின்றன</translation>
    </message>
    <message>
        <source>a digest JobDesk records in place of base_url&apos;s user info; write the user info in base_url instead</source>
        <translation>base_url இன் பயனர் தகவலுக்குப் பதிலாக JobDesk பதிவுசெய்யும் சுருக்கம் (digest) இது; பயனர் தகவலை base_url இலேயே எழுதவும்</translation>
    </message>
    <message>
        <source>expected a number of requests per second above 0</source>
        <translation>வினாடிக்கு 0 ஐ விட அதிகமான கோரிக்கைகளின் எண்ணிக்கை எதிர்பார்க்கப்பட்டது</translation>
    </message>
</context>
<context>
    <name>jobdesk-server</name>
    <message>
        <source>Store URL (postgresql://... or sqlite:PATH); default $JOBDESK_DATABASE_URL.</source>
        <translation>தரவுத்தள URL (postgresql://... அல்லது sqlite:PATH); இயல்பாக $JOBDESK_DATABASE_URL.</translation>
    </message>
    <message>
        <source>Bearer tokens of the JobDesk HTTP API. A token is printed once, when it is made (the last line of the output); only its hash is stored.

  jobdesk-server token create --owner O --role client|viewer|operator [--label TEXT]
  jobdesk-server token list
  jobdesk-server token revoke ID</source>
        <translation>JobDesk HTTP API இன் bearer டோக்கன்கள். டோக்கன் உருவாக்கப்படும்போது ஒருமுறை மட்டுமே அச்சிடப்படும் (வெளியீட்டின் கடைசி வரி); அதன் hash மட்டுமே சேமிக்கப்படும்.

  jobdesk-server token create --owner O --role client|viewer|operator [--label TEXT]
  jobdesk-server token list
  jobdesk-server token revoke ID</translation>
    </message>
    <message>
        <source>Owner the token acts for (client: whose jobs; operator: who acts).</source>
        <translation>டோக்கன் யாருக்காகச் செயல்படுகிறதோ அந்த உரிமையாளர் (client: யாருடைய வேலைகள்; operator: யார் செயல்படுகிறார்).</translation>
    </message>
    <message>
        <source>client, viewer or operator.</source>
        <translation>client, viewer அல்லது operator.</translation>
    </message>
    <message>
        <source>A note shown by token list.</source>
        <translation>token list காட்டும் குறிப்பு.</translation>
    </message>
    <message>
        <source>The word &quot;token&quot;.</source>
        <translation>&quot;token&quot; என்ற சொல்.</translation>
    </message>
    <message>
        <source>create, list or revoke.</source>
        <translation>create, list அல்லது revoke.</translation>
    </message>
    <message>
        <source>For revoke: the token&apos;s id (see token list).</source>
        <translation>revoke க்கு: டோக்கனின் id (token list ஐப் பாருங்கள்).</translation>
    </message>
    <message>
        <source>no database: pass --database URL or set JOBDESK_DATABASE_URL</source>
        <translation>தரவுத்தளம் இல்லை: --database URL ஐக் கொடுங்கள் அல்லது JOBDESK_DATABASE_URL ஐ அமையுங்கள்</translation>
    </message>
    <message>
        <source>token create needs --owner O and --role client|viewer|operator</source>
        <translation>token create க்கு --owner O மற்றும் --role client|viewer|operator தேவை</translation>
    </message>
    <message>
        <source>token %1: owner %2, role %3</source>
        <translation>டோக்கன் %1: உரிமையாளர் %2, பங்கு %3</translation>
    </message>
    <message>
        <source>token %1: owner %2, role %3, label %4</source>
        <translation>டோக்கன் %1: உரிமையாளர் %2, பங்கு %3, குறிப்பு %4</translation>
    </message>
    <message>
        <source>store it now; it is shown only this once:</source>
        <translation>இதை இப்போதே பாதுகாப்பாகச் சேமியுங்கள்; இது இந்த ஒருமுறை மட்டுமே காட்டப்படும்:</translation>
    </message>
    <message>
        <source>id	owner	role	created	revoked	label</source>
        <translation>id	உரிமையாளர்	பங்கு	உருவாக்கப்பட்டது	திரும்பப்பெறப்பட்டது	குறிப்பு</translation>
    </message>
    <message>
        <source>token revoke needs the token&apos;s id (see token list)</source>
        <translation>token revoke க்கு டோக்கனின் id தேவை (token list ஐப் பாருங்கள்)</translation>
    </message>
    <message>
        <source>token %1 (owner %2, role %3) revoked at %4</source>
        <translation>டோக்கன் %1 (உரிமையாளர் %2, பங்கு %3) %4 இல் திரும்பப்பெறப்பட்டது</translation>
    </message>
    <message>
        <source>usage: jobdesk-server token create --owner O --role R | token list | token revoke ID</source>
        <translation>பயன்பாடு: jobdesk-server token create --owner O --role R | token list | token revoke ID</translation>
    </message>
    <message>
        <source>Routes and providers JSON file [JOBDESK_ROUTES].</source>
        <translation>வழித்தடங்கள், வழங்குநர்களின் JSON கோப்பு [JOBDESK_ROUTES].</translation>
    </message>
    <message>
        <source>Address the HTTP API listens on [JOBDESK_LISTEN] (default 127.0.0.1).</source>
        <translation>HTTP API கேட்கும் (listen) முகவரி [JOBDESK_LISTEN] (இயல்பாக 127.0.0.1).</translation>
    </message>
    <message>
        <source>Serve the HTTP API on this port [JOBDESK_PORT]; 0: any free port (printed). Without it no API is served.</source>
        <translation>இந்த port இல் HTTP API ஐ வழங்கு [JOBDESK_PORT]; 0: ஏதேனும் ஒரு காலியான port (அச்சிடப்படும்). இது இல்லாவிட்டால் API வழங்கப்படாது.</translation>
    </message>
    <message>
        <source>HTTP handler threads, one database connection each [JOBDESK_HTTP_THREADS] (default 8).</source>
        <translation>HTTP கையாளி இழைகள் (threads), ஒவ்வொன்றுக்கும் ஒரு தரவுத்தள இணைப்பு [JOBDESK_HTTP_THREADS] (இயல்பாக 8).</translation>
    </message>
    <message>
        <source>Trust a verified token this long; a revoked one stops working within it [JOBDESK_TOKEN_CACHE_MS] (default 1000; 0: check every request).</source>
        <translation>சரிபார்க்கப்பட்ட டோக்கனை இவ்வளவு நேரம் நம்பு; திரும்பப்பெறப்பட்ட டோக்கன் இந்த நேரத்துக்குள் வேலை செய்வதை நிறுத்தும் [JOBDESK_TOKEN_CACHE_MS] (இயல்பாக 1000; 0: ஒவ்வொரு கோரிக்கையிலும் சரிபார்).</translation>
    </message>
    <message>
        <source>Largest request body [JOBDESK_MAX_BODY_BYTES] (default 1048576).</source>
        <translation>மிகப்பெரிய கோரிக்கை உடல்பகுதி, பைட்டுகளில் [JOBDESK_MAX_BODY_BYTES] (இயல்பாக 1048576).</translation>
    </message>
    <message>
        <source>Serve the API only; run no dispatcher [JOBDESK_NO_DISPATCH=1].</source>
        <translation>API ஐ மட்டும் வழங்கு; அனுப்பியை (dispatcher) இயக்காதே [JOBDESK_NO_DISPATCH=1].</translation>
    </message>
    <message>
        <source>This instance&apos;s worker id [JOBDESK_WORKER_ID].</source>
        <translation>இந்த நிகழ்வின் பணியாளர் id (worker id) [JOBDESK_WORKER_ID].</translation>
    </message>
    <message>
        <source>Attempt lease in ms [JOBDESK_LEASE_MS] (default 15000).</source>
        <translation>முயற்சியின் குத்தகை (lease), மி.வி.யில் [JOBDESK_LEASE_MS] (இயல்பாக 15000).</translation>
    </message>
    <message>
        <source>Idle poll in ms [JOBDESK_POLL_MS] (default 200).</source>
        <translation>வேலை இல்லாதபோது சரிபார்க்கும் இடைவெளி, மி.வி.யில் [JOBDESK_POLL_MS] (இயல்பாக 200).</translation>
    </message>
    <message>
        <source>Run the contract validation of PROVIDER for --route, record it, print the report and exit.</source>
        <translation>--route க்கு PROVIDER இன் ஒப்பந்தச் சரிபார்ப்பை இயக்கி, பதிவுசெய்து, அறிக்கையை அச்சிட்டு வெளியேறு.</translation>
    </message>
    <message>
        <source>The route for --validate.</source>
        <translation>--validate க்கான வழித்தடம்.</translation>
    </message>
    <message>
        <source>no routes file: pass --routes FILE or set JOBDESK_ROUTES</source>
        <translation>வழித்தடக் கோப்பு இல்லை: --routes FILE ஐக் கொடுங்கள் அல்லது JOBDESK_ROUTES ஐ அமையுங்கள்</translation>
    </message>
    <message>
        <source>--workers must be 1..64</source>
        <translation>--workers 1..64 ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>--lease-ms must be at least 100</source>
        <translation>--lease-ms குறைந்தது 100 ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>--poll-ms must be positive</source>
        <translation>--poll-ms நேர்ம எண்ணாக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>--port must be 0..65535</source>
        <translation>--port 0..65535 ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>--listen must be an IP address, e.g. 127.0.0.1 or 0.0.0.0</source>
        <translation>--listen ஒரு IP முகவரியாக இருக்க வேண்டும், எ.கா. 127.0.0.1 அல்லது 0.0.0.0</translation>
    </message>
    <message>
        <source>--http-threads must be 1..256</source>
        <translation>--http-threads 1..256 ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>--token-cache-ms must be 0..3600000</source>
        <translation>--token-cache-ms 0..3600000 ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>--max-body-bytes must be 1024..67108864</source>
        <translation>--max-body-bytes 1024..67108864 ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>--validate needs --route</source>
        <translation>--validate க்கு --route தேவை</translation>
    </message>
    <message>
        <source>contract validation of %1 for %2: PASSED (expires at %3 ms)</source>
        <translation>%2 க்கான %1 இன் ஒப்பந்தச் சரிபார்ப்பு: தேர்ச்சி (PASSED) (%3 ms இல் காலாவதியாகும்)</translation>
    </message>
    <message>
        <source>contract validation of %1 for %2: FAILED (expires at %3 ms)</source>
        <translation>%2 க்கான %1 இன் ஒப்பந்தச் சரிபார்ப்பு: தோல்வியடைந்தது (FAILED) (%3 ms இல் காலாவதியாகும்)</translation>
    </message>
    <message>
        <source>--no-dispatch without --port: nothing to do</source>
        <translation>--port இல்லாமல் --no-dispatch: செய்ய எதுவும் இல்லை</translation>
    </message>
    <message>
        <source>cannot install signal handling</source>
        <translation>சமிக்ஞைக் கையாளுதலை (signal handling) அமைக்க முடியவில்லை</translation>
    </message>
    <message>
        <source>no HTTP API (no --port / JOBDESK_PORT): dispatching only</source>
        <translation>HTTP API இல்லை (--port / JOBDESK_PORT இல்லை): அனுப்புதல் (dispatching) மட்டும்</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>நிறுத்துகிறது</translation>
    </message>
    <message>
        <source>stopping: no new requests; answering %1 accepted ones</source>
        <translation>நிறுத்துகிறது: புதிய கோரிக்கைகள் ஏற்கப்படாது; ஏற்கப்பட்ட %1 கோரிக்கைகளுக்குப் பதிலளிக்கிறது</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>நிறுத்தப்பட்டது</translation>
    </message>
    <message>
        <source>How long after an unknown attempt&apos;s lease a provider&apos;s &quot;never processed&quot; may free its job, in ms [JOBDESK_NEVER_PROCESSED_GRACE_MS] (default 30000).</source>
        <translation>தெரியாத நிலையிலுள்ள முயற்சியின் குத்தகை (lease) முடிந்து எவ்வளவு நேரம் கழித்து, வழங்குநரின் &quot;ஒருபோதும் செயலாக்கவில்லை&quot; என்ற பதில் அதன் வேலையை விடுவிக்கலாம், மி.வி.யில் [JOBDESK_NEVER_PROCESSED_GRACE_MS] (இயல்பாக 30000).</translation>
    </message>
    <message>
        <source>--never-processed-grace-ms must be 0..86400000</source>
        <translation>--never-processed-grace-ms 0..86400000 ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>Prints JobDesk&apos;s schema as one SQL script, to apply by hand:

  jobdesk-server schema sql --dialect postgres --schema jobdesk | psql -1 -v ON_ERROR_STOP=1 -d URL
  jobdesk-server schema sql --dialect sqlite | sqlite3 -bail FILE

PostgreSQL: apply it with the schema first in the search path; the functions name it.</source>
        <translation>JobDesk இன் schema வை, கையால் பயன்படுத்துவதற்காக, ஒரே SQL script ஆக அச்சிடுகிறது:

  jobdesk-server schema sql --dialect postgres --schema jobdesk | psql -1 -v ON_ERROR_STOP=1 -d URL
  jobdesk-server schema sql --dialect sqlite | sqlite3 -bail FILE

PostgreSQL: search path இல் அந்த schema வை முதலில் வைத்து இதைப் பயன்படுத்துங்கள்; functions அதன் பெயரைக் குறிப்பிடுகின்றன.</translation>
    </message>
    <message>
        <source>postgres or sqlite.</source>
        <translation>postgres அல்லது sqlite.</translation>
    </message>
    <message>
        <source>PostgreSQL: the schema it goes in.</source>
        <translation>PostgreSQL: இது சேர வேண்டிய schema.</translation>
    </message>
    <message>
        <source>The word &quot;schema&quot;.</source>
        <translation>&quot;schema&quot; என்ற சொல்.</translation>
    </message>
    <message>
        <source>sql.</source>
        <translation>sql.</translation>
    </message>
    <message>
        <source>unknown schema action: use jobdesk-server schema sql</source>
        <translation>தெரியாத schema செயல்: jobdesk-server schema sql ஐப் பயன்படுத்துங்கள்</translation>
    </message>
    <message>
        <source>--dialect takes postgres or sqlite</source>
        <translation>--dialect க்கு postgres அல்லது sqlite மட்டுமே கொடுக்கலாம்</translation>
    </message>
    <message>
        <source>Folder the archives are written to.</source>
        <translation>காப்பகங்கள் எழுதப்படும் கோப்புறை.</translation>
    </message>
    <message>
        <source>Decided jobs older than this many days go (default 30).</source>
        <translation>இத்தனை நாட்களை விடப் பழைய, முடிவு எட்டப்பட்ட வேலைகள் நீக்கப்படும் (இயல்பாக 30).</translation>
    </message>
    <message>
        <source>A route&apos;s own retention, ROUTE=DAYS; repeatable.</source>
        <translation>ஒரு வழித்தடத்துக்கென்று தனித் தக்கவைப்புக் காலம், ROUTE=DAYS; பலமுறை கொடுக்கலாம்.</translation>
    </message>
    <message>
        <source>Key tombstones older than this many days go (default: kept for ever).</source>
        <translation>இத்தனை நாட்களை விடப் பழைய திறவுகோல் நினைவுக்குறிகள் நீக்கப்படும் (இயல்பாக: என்றென்றும் வைக்கப்படும்).</translation>
    </message>
    <message>
        <source>Jobs removed per transaction (default 100).</source>
        <translation>ஒரு பரிவர்த்தனையில் (transaction) நீக்கப்படும் வேலைகள் (இயல்பாக 100).</translation>
    </message>
    <message>
        <source>Jobs one run archives (default 10000).</source>
        <translation>ஒரு ஓட்டம் காப்பகப்படுத்தும் அதிகபட்ச வேலைகள் (இயல்பாக 10000).</translation>
    </message>
    <message>
        <source>Count what would go; change nothing.</source>
        <translation>எவை நீக்கப்படும் என்பதை மட்டும் எண்ணிக் காட்டு; எதையும் மாற்றாதே.</translation>
    </message>
    <message>
        <source>Who runs it, for the audit (default: the operating-system user).</source>
        <translation>தணிக்கைக்காக (audit), இதை இயக்குபவர் யார் (இயல்பாக: இயக்க முறைமையின் பயனர்).</translation>
    </message>
    <message>
        <source>The word &quot;retention&quot;.</source>
        <translation>&quot;retention&quot; என்ற சொல்.</translation>
    </message>
    <message>
        <source>run.</source>
        <translation>run.</translation>
    </message>
    <message>
        <source>usage: jobdesk-server retention run --archive-dir DIR [options]</source>
        <translation>பயன்பாடு: jobdesk-server retention run --archive-dir DIR [options]</translation>
    </message>
    <message>
        <source>--retain-days, --batch and --max-jobs take positive whole numbers</source>
        <translation>--retain-days, --batch, --max-jobs ஆகியவற்றுக்கு நேர்ம முழு எண்கள் மட்டுமே கொடுக்கலாம்</translation>
    </message>
    <message>
        <source>--key-retain-days takes a positive whole number</source>
        <translation>--key-retain-days க்கு ஒரு நேர்ம முழு எண் தேவை</translation>
    </message>
    <message>
        <source>--route-retain-days takes ROUTE=DAYS (got %1)</source>
        <translation>--route-retain-days க்கு ROUTE=DAYS தேவை (வந்தது %1)</translation>
    </message>
    <message>
        <source>dry run: %1 decided jobs would be archived and removed</source>
        <translation>சோதனை ஓட்டம் (dry run): முடிவு எட்டப்பட்ட %1 வேலைகள் காப்பகப்படுத்தப்பட்டு நீக்கப்படும்</translation>
    </message>
    <message>
        <source>finished the unfinished run %1</source>
        <translation>முடிக்கப்படாமல் இருந்த ஓட்டம் %1 ஐ முடித்தது</translation>
    </message>
    <message>
        <source>run %1: %2 jobs archived, %3 removed, %4 kept (changed since archived), %5 key tombstones expired</source>
        <translation>ஓட்டம் %1: %2 வேலைகள் காப்பகப்படுத்தப்பட்டன, %3 நீக்கப்பட்டன, %4 வைக்கப்பட்டன (காப்பகப்படுத்திய பின் மாறியவை), %5 திறவுகோல் நினைவுக்குறிகள் காலாவதியாயின</translation>
    </message>
    <message>
        <source>archive: %1</source>
        <translation>காப்பகம்: %1</translation>
    </message>
    <message>
        <source>JobDesk server: the HTTP API (with --port) and the dispatcher. One user intent, one side effect.
Tokens: jobdesk-server token create|list|revoke (see jobdesk-server token --help).
Schema as SQL, to apply by hand: jobdesk-server schema sql (see jobdesk-server schema --help).
Retention: jobdesk-server retention run (see jobdesk-server retention --help).
Each option can also be set in the environment, e.g. JOBDESK_PORT=8080; the command line wins.</source>
        <translation>JobDesk சேவையகம்: HTTP API (--port உடன்) மற்றும் அனுப்பி (dispatcher). ஒரு பயனர் நோக்கம், ஒரே ஒரு பக்கவிளைவு.
டோக்கன்கள்: jobdesk-server token create|list|revoke (jobdesk-server token --help ஐப் பாருங்கள்).
கையால் பயன்படுத்துவதற்கான SQL வடிவ schema: jobdesk-server schema sql (jobdesk-server schema --help ஐப் பாருங்கள்).
தக்கவைப்பு: jobdesk-server retention run (jobdesk-server retention --help ஐப் பாருங்கள்).
ஒவ்வொரு விருப்பத்தையும் சூழல் மாறியிலும் அமைக்கலாம், எ.கா. JOBDESK_PORT=8080; கட்டளைவரியில் கொடுத்ததே முன்னுரிமை பெறும்.</translation>
    </message>
    <message>
        <source>A reverse proxy (address or ADDRESS/PREFIX) whose X-Forwarded-For names the client; repeatable [JOBDESK_TRUSTED_PROXIES, comma-separated] (default none).</source>
        <translation>நம்பகமான reverse proxy (முகவரி அல்லது ADDRESS/PREFIX): அதிலிருந்து வரும் X-Forwarded-For தலைப்பு வாடிக்கையாளரின் (client) முகவரியாக ஏற்கப்படும்; பலமுறை கொடுக்கலாம் [JOBDESK_TRUSTED_PROXIES, காற்புள்ளிகளால் பிரிக்கப்பட்டவை] (இயல்பாக எதுவும் இல்லை).</translation>
    </message>
    <message>
        <source>text or json: one JSON object a line, with job, attempt and trace ids [JOBDESK_LOG_FORMAT] (default text).</source>
        <translation>text அல்லது json: json இல் ஒவ்வொரு வரியும் ஒரு JSON பொருள் (object), வேலை, முயற்சி, trace ஆகியவற்றின் id களுடன் [JOBDESK_LOG_FORMAT] (இயல்பாக text).</translation>
    </message>
    <message>
        <source>Dispatcher store threads that claim and start attempts [JOBDESK_WORKERS] (default 2).</source>
        <translation>வேலைகளை எடுத்துக்கொண்டு (claim) முயற்சிகளைத் தொடங்கும் அனுப்பியின் களஞ்சிய இழைகள் (store threads) [JOBDESK_WORKERS] (இயல்பாக 2).</translation>
    </message>
    <message>
        <source>Attempts in flight at once, at about 15 KiB each [JOBDESK_MAX_IN_FLIGHT] (default 1000).</source>
        <translation>ஒரே நேரத்தில் நடப்பிலிருக்கும் (in flight) முயற்சிகள், ஒவ்வொன்றுக்கும் ஏறக்குறைய 15 KiB [JOBDESK_MAX_IN_FLIGHT] (இயல்பாக 1000).</translation>
    </message>
    <message>
        <source>Run retention on a schedule, archiving into this folder [JOBDESK_RETENTION_ARCHIVE_DIR] (docs/retention.md).</source>
        <translation>தக்கவைப்பை அட்டவணைப்படி இயக்கி, இந்தக் கோப்புறையில் காப்பகப்படுத்து [JOBDESK_RETENTION_ARCHIVE_DIR] (docs/retention.md).</translation>
    </message>
    <message>
        <source>With --retention-archive-dir: decided jobs older than this many days go [JOBDESK_RETAIN_DAYS] (default 30).</source>
        <translation>--retention-archive-dir உடன்: இத்தனை நாட்களை விடப் பழைய, முடிவு எட்டப்பட்ட வேலைகள் நீக்கப்படும் [JOBDESK_RETAIN_DAYS] (இயல்பாக 30).</translation>
    </message>
    <message>
        <source>With --retention-archive-dir: key tombstones older than this go [JOBDESK_KEY_RETAIN_DAYS] (default: kept for ever).</source>
        <translation>--retention-archive-dir உடன்: இத்தனை நாட்களை விடப் பழைய திறவுகோல் நினைவுக்குறிகள் நீக்கப்படும் [JOBDESK_KEY_RETAIN_DAYS] (இயல்பாக: என்றென்றும் வைக்கப்படும்).</translation>
    </message>
    <message>
        <source>With --retention-archive-dir: seconds between runs [JOBDESK_RETENTION_EVERY_S] (default 3600).</source>
        <translation>--retention-archive-dir உடன்: ஓட்டங்களுக்கு இடையிலான வினாடிகள் [JOBDESK_RETENTION_EVERY_S] (இயல்பாக 3600).</translation>
    </message>
    <message>
        <source>--log-format must be text or json</source>
        <translation>--log-format, text அல்லது json ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>--max-in-flight must be 1..15000 (each holds a socket)</source>
        <translation>--max-in-flight 1..15000 ஆக இருக்க வேண்டும் (ஒவ்வொன்றும் ஒரு socket ஐப் பிடித்து வைத்திருக்கும்)</translation>
    </message>
    <message>
        <source>--trusted-proxy must be an IP address or ADDRESS/PREFIX, not %1</source>
        <translation>--trusted-proxy ஒரு IP முகவரியாகவோ ADDRESS/PREFIX ஆகவோ இருக்க வேண்டும், %1 அல்ல</translation>
    </message>
    <message>
        <source>--retain-days must be 1..100000 and --retention-every-s 1..604800</source>
        <translation>--retain-days 1..100000 ஆகவும் --retention-every-s 1..604800 ஆகவும் இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>--key-retain-days must be 1..100000</source>
        <translation>--key-retain-days 1..100000 ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>dispatching on %1 with %2 workers, at most %3 in flight</source>
        <translation>%1 இல் %2 பணியாளர்களுடன் அனுப்புகிறது (dispatching), ஒரே நேரத்தில் அதிகபட்சம் %3 முயற்சிகள்</translation>
    </message>
    <message>
        <source>Archives decided jobs older than the retention and removes them with their history; each key keeps a tombstone, so a retry with it replays the removed job.

  jobdesk-server retention run --archive-dir DIR [--retain-days 30] [--route-retain-days ROUTE=DAYS]...
                               [--key-retain-days DAYS] [--batch 100] [--max-jobs 10000] [--rest-ratio 1]
                               [--dry-run]</source>
        <translation>தக்கவைப்புக் காலத்தை விடப் பழைய, முடிவு எட்டப்பட்ட வேலைகளைக் காப்பகப்படுத்தி, அவற்றின் வரலாற்றுடன் நீக்குகிறது; ஒவ்வொரு திறவுகோலுக்கும் ஒரு நினைவுக்குறி (tombstone) வைக்கப்படும், எனவே அதனுடன் வரும் மறுமுயற்சிக்கு நீக்கப்பட்ட வேலையே பதிலாகத் தரப்படும்.

  jobdesk-server retention run --archive-dir DIR [--retain-days 30] [--route-retain-days ROUTE=DAYS]...
                               [--key-retain-days DAYS] [--batch 100] [--max-jobs 10000] [--rest-ratio 1]
                               [--dry-run]</translation>
    </message>
    <message>
        <source>After each batch, rest this many times as long as it took (default 1; 0: no rest).</source>
        <translation>ஒவ்வொரு தொகுதிக்குப் பிறகும், அது எடுத்த நேரத்தின் இத்தனை மடங்கு ஓய்வெடுக்கும் (இயல்புநிலை 1; 0: ஓய்வில்லை).</translation>
    </message>
    <message>
        <source>--rest-ratio takes a number from 0 to 100 (got %1)</source>
        <translation>--rest-ratio 0 முதல் 100 வரையிலான எண்ணை ஏற்கும் (கிடைத்தது %1)</translation>
    </message>
</context>
<context>
    <name>jobdesk::Refusal</name>
    <message>
        <source>a new attempt must start in state starting</source>
        <translation>புதிய முயற்சி தொடங்குகிறது (starting) நிலையில்தான் தொடங்க வேண்டும்</translation>
    </message>
    <message>
        <source>an attempt of this job is unknown</source>
        <translation>இந்த வேலையின் ஒரு முயற்சி தெரியாதது (UNKNOWN) நிலையில் உள்ளது</translation>
    </message>
    <message>
        <source>the job has a winner or is cancelled</source>
        <translation>இந்த வேலைக்கு வெற்றியாளர் உள்ளது, அல்லது அது ரத்துசெய்யப்பட்டது</translation>
    </message>
    <message>
        <source>max_parallel attempts are open</source>
        <translation>ஒரே நேரத்தில் அனுமதிக்கப்பட்ட அதிகபட்ச எண்ணிக்கையிலான (max_parallel) முயற்சிகள் ஏற்கெனவே திறந்துள்ளன</translation>
    </message>
    <message>
        <source>the job has used its automatic attempt budget</source>
        <translation>இந்த வேலை அதன் தானியங்கி முயற்சி வரம்பை முழுவதும் பயன்படுத்திவிட்டது</translation>
    </message>
    <message>
        <source>every attempt starts with a lease</source>
        <translation>ஒவ்வொரு முயற்சியும் குத்தகையுடன் (lease) தான் தொடங்க வேண்டும்</translation>
    </message>
    <message>
        <source>the starting worker does not hold an unexpired claim on the job</source>
        <translation>தொடங்கும் பணியாளரிடம் (worker) இந்த வேலைக்கான காலாவதியாகாத உரிமைக்கோரல் (claim) இல்லை</translation>
    </message>
    <message>
        <source>a hedge needs an open attempt to hedge</source>
        <translation>காப்பு முயற்சிக்கு (hedge) ஏற்கெனவே திறந்த முயற்சி ஒன்று தேவை</translation>
    </message>
    <message>
        <source>attempt %1 cannot go from %2 to %3</source>
        <translation>முயற்சி %1, %2 நிலையிலிருந்து %3 நிலைக்கு மாற முடியாது</translation>
    </message>
    <message>
        <source>only the job&apos;s winner may be succeeded</source>
        <translation>வேலையின் வெற்றியாளர் முயற்சி மட்டுமே வெற்றி நிலைக்குச் செல்ல முடியும்</translation>
    </message>
    <message>
        <source>an attempt of a job that has a winner, is cancelled or has an unknown attempt is never sent</source>
        <translation>வெற்றியாளர் உள்ள, ரத்துசெய்யப்பட்ட, அல்லது தெரியாத (UNKNOWN) முயற்சி உள்ள வேலையின் முயற்சி ஒருபோதும் அனுப்பப்படாது</translation>
    </message>
    <message>
        <source>a job with an open attempt cannot fail</source>
        <translation>திறந்த முயற்சி உள்ள வேலையைத் தோல்வி என முடிக்க முடியாது</translation>
    </message>
    <message>
        <source>a %1 job does not change state</source>
        <translation>%1 நிலையில் உள்ள வேலையின் நிலை மாறாது</translation>
    </message>
    <message>
        <source>this attempt state change is not allowed</source>
        <translation>முயற்சியின் இந்த நிலை மாற்றம் அனுமதிக்கப்படவில்லை</translation>
    </message>
    <message>
        <source>a cancelled or succeeded job does not change state</source>
        <translation>ரத்துசெய்யப்பட்ட அல்லது வெற்றி பெற்ற வேலையின் நிலை மாறாது</translation>
    </message>
    <message>
        <source>a winner is never overwritten</source>
        <translation>பதிவான வெற்றியாளரை ஒருபோதும் மாற்ற முடியாது</translation>
    </message>
    <message>
        <source>the winner must be a running or unknown attempt of a job that is not cancelled</source>
        <translation>வெற்றியாளர், ரத்துசெய்யப்படாத வேலையின் இயங்குகிறது அல்லது தெரியாதது (UNKNOWN) நிலையில் உள்ள முயற்சியாக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>a winner is never overwritten and must be a running or unknown attempt</source>
        <translation>பதிவான வெற்றியாளரை ஒருபோதும் மாற்ற முடியாது; வெற்றியாளர் இயங்குகிறது அல்லது தெரியாதது (UNKNOWN) நிலையில் உள்ள முயற்சியாக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>a job is born without a winner</source>
        <translation>புதிய வேலை வெற்றியாளர் இல்லாமலேயே உருவாகிறது</translation>
    </message>
    <message>
        <source>a job is born queued, at version 0</source>
        <translation>புதிய வேலை வரிசையில் நிலையில், பதிப்பு 0 இல் மட்டுமே உருவாகிறது</translation>
    </message>
    <message>
        <source>API tokens are revoked, never deleted (token %1)</source>
        <translation>API டோக்கன்கள் திரும்பப்பெறப்படும், ஒருபோதும் நீக்கப்படாது (டோக்கன் %1)</translation>
    </message>
    <message>
        <source>API tokens are revoked, never deleted</source>
        <translation>API டோக்கன்கள் திரும்பப்பெறப்படும், ஒருபோதும் நீக்கப்படாது</translation>
    </message>
    <message>
        <source>a token can only be revoked, and only once (token %1)</source>
        <translation>டோக்கனைத் திரும்பப்பெற மட்டுமே முடியும், அதுவும் ஒருமுறை மட்டுமே (டோக்கன் %1)</translation>
    </message>
    <message>
        <source>a token can only be revoked, and only once</source>
        <translation>டோக்கனைத் திரும்பப்பெற மட்டுமே முடியும், அதுவும் ஒருமுறை மட்டுமே</translation>
    </message>
    <message>
        <source>idempotency key %1 of owner %2 belongs to job %3, which was archived and removed</source>
        <translation>உரிமையாளர் %2 இன் idempotency திறவுகோல் %1 வேலை %3 க்கு உரியது; அது காப்பகப்படுத்தப்பட்டு நீக்கப்பட்டது</translation>
    </message>
    <message>
        <source>retention run %1 is not archived (%2): nothing is removed before its archive is complete</source>
        <translation>தக்கவைப்பு ஓட்டம் %1 காப்பகப்படுத்தப்படவில்லை (%2): அதன் காப்பகம் முழுமையாகும் முன் எதுவும் நீக்கப்படாது</translation>
    </message>
    <message>
        <source>the idempotency key belongs to a job that was archived and removed</source>
        <translation>இந்த idempotency திறவுகோல் காப்பகப்படுத்தப்பட்டு நீக்கப்பட்ட ஒரு வேலைக்கு உரியது</translation>
    </message>
    <message>
        <source>retain_days must be at least 1 (got %1)</source>
        <translation>retain_days குறைந்தது 1 ஆக இருக்க வேண்டும் (கிடைத்தது %1)</translation>
    </message>
    <message>
        <source>retain_days of route %1 must be at least 1 (got %2)</source>
        <translation>வழி %1 இன் retain_days குறைந்தது 1 ஆக இருக்க வேண்டும் (கிடைத்தது %2)</translation>
    </message>
    <message>
        <source>key_retain_days must be at least 1 (got %1)</source>
        <translation>key_retain_days குறைந்தது 1 ஆக இருக்க வேண்டும் (கிடைத்தது %1)</translation>
    </message>
    <message>
        <source>the batch size must be 1..10000 (got %1)</source>
        <translation>தொகுதி அளவு 1..10000 ஆக இருக்க வேண்டும் (கிடைத்தது %1)</translation>
    </message>
    <message>
        <source>the jobs per run must be at least 1 (got %1)</source>
        <translation>ஓர் ஓட்டத்துக்கான வேலைகள் குறைந்தது 1 ஆக இருக்க வேண்டும் (கிடைத்தது %1)</translation>
    </message>
    <message>
        <source>the archive folder %1 is not a writable folder</source>
        <translation>காப்பகக் கோப்புறை %1 எழுதக்கூடிய கோப்புறை அல்ல</translation>
    </message>
    <message>
        <source>cannot write the archive %1: %2</source>
        <translation>காப்பகம் %1 ஐ எழுத முடியவில்லை: %2</translation>
    </message>
    <message>
        <source>cannot start compressing the archive %1</source>
        <translation>காப்பகம் %1 ஐச் சுருக்கத் தொடங்க முடியவில்லை</translation>
    </message>
    <message>
        <source>cannot sync the archive %1</source>
        <translation>காப்பகம் %1 ஐ வட்டில் உறுதிசெய்ய முடியவில்லை</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 ஐ எழுத முடியவில்லை: %2</translation>
    </message>
    <message>
        <source>cannot move %1 into place as %2</source>
        <translation>%1 ஐ %2 ஆக இடத்தில் வைக்க முடியவில்லை</translation>
    </message>
    <message>
        <source>retention run %1 is not archived: nothing is removed before its archive is complete</source>
        <translation>தக்கவைப்பு ஓட்டம் %1 காப்பகப்படுத்தப்படவில்லை: அதன் காப்பகம் முழுமையாகும் முன் எதுவும் நீக்கப்படாது</translation>
    </message>
    <message>
        <source>another retention run is in progress on this store; nothing was done</source>
        <translation>இந்தக் களஞ்சியத்தில் வேறொரு தக்கவைப்பு ஓட்டம் நடக்கிறது; எதுவும் செய்யப்படவில்லை</translation>
    </message>
    <message>
        <source>a retention run needs an actor (1..255 characters)</source>
        <translation>தக்கவைப்பு ஓட்டத்துக்கு ஒரு செயலர் தேவை (1..255 எழுத்துகள்)</translation>
    </message>
    <message>
        <source>retention: the database is unreachable: %1</source>
        <translation>தக்கவைப்பு: தரவுத்தளத்தை அடைய முடியவில்லை: %1</translation>
    </message>
    <message>
        <source>retention: %1</source>
        <translation>தக்கவைப்பு: %1</translation>
    </message>
    <message>
        <source>%1 is not a complete JobDesk archive: %2</source>
        <translation>%1 முழுமையான JobDesk காப்பகம் அல்ல: %2</translation>
    </message>
    <message>
        <source>an archive record holds no job</source>
        <translation>காப்பகப் பதிவில் வேலை எதுவும் இல்லை</translation>
    </message>
    <message>
        <source>%1 holds no archive header</source>
        <translation>%1 இல் காப்பகத் தலைப்பு இல்லை</translation>
    </message>
    <message>
        <source>%1 is an archive of version %2; this JobDesk reads version 1</source>
        <translation>%1 பதிப்பு %2 இன் காப்பகம்; இந்த JobDesk பதிப்பு 1 ஐ மட்டும் படிக்கும்</translation>
    </message>
    <message>
        <source>submit: the key&apos;s tombstone kept changing; nothing was written, try again</source>
        <translation>சமர்ப்பிப்பு: திறவுகோலின் கல்லறைக் குறி மாறிக்கொண்டே இருந்தது; எதுவும் எழுதப்படவில்லை, மீண்டும் முயலுங்கள்</translation>
    </message>
    <message>
        <source>a lookup claim needs a claim time and a backoff range</source>
        <translation>நிலை வினவல் உரிமைக்கு ஒரு உரிமை நேரமும் பின்வாங்கல் வரம்பும் தேவை</translation>
    </message>
    <message>
        <source>a page sorted by a column continues after a JobCursor</source>
        <translation>ஒரு நெடுவரிசையால் வரிசைப்படுத்தப்பட்ட பக்கம் JobCursor க்குப் பின் தொடர்கிறது</translation>
    </message>
    <message>
        <source>a page sorted by a column continues after its value</source>
        <translation>ஒரு நெடுவரிசையால் வரிசைப்படுத்தப்பட்ட பக்கம் அதன் மதிப்புக்குப் பின் தொடர்கிறது</translation>
    </message>
    <message>
        <source>%1 is append-only (%2 refused)</source>
        <translation>%1 இல் சேர்க்க மட்டுமே முடியும் (append-only); %2 மறுக்கப்பட்டது</translation>
    </message>
    <message>
        <source>the identity of a row in %1 is never rewritten</source>
        <translation>%1 இல் உள்ள ஒரு பதிவின் அடையாளம் ஒருபோதும் மாற்றப்படாது</translation>
    </message>
    <message>
        <source>where an attempt&apos;s request went is recorded once, as it is sent</source>
        <translation>ஒரு முயற்சியின் கோரிக்கை எங்கு சென்றது என்பது, அது அனுப்பப்படும்போது ஒருமுறை மட்டுமே பதிவுசெய்யப்படும்</translation>
    </message>
    <message>
        <source>that a provider did nothing with an attempt is recorded once, as the attempt fails</source>
        <translation>ஒரு வழங்குநர் ஒரு முயற்சியில் எதுவும் செய்யவில்லை என்பது, அந்த முயற்சி தோல்வியடையும்போது ஒருமுறை மட்டுமே பதிவுசெய்யப்படும்</translation>
    </message>
    <message>
        <source>attempt %1 of job %2 is unknown: its outcome must be learned or it must be cancelled before another attempt starts</source>
        <translation>வேலை %2 இன் முயற்சி %1 தெரியாதது (UNKNOWN): இன்னொரு முயற்சி தொடங்கும் முன் அதன் முடிவைக் கண்டறிய வேண்டும், அல்லது அதை ரத்துசெய்ய வேண்டும்</translation>
    </message>
    <message>
        <source>job %1 already has a winner (attempt %2)</source>
        <translation>வேலை %1 க்கு ஏற்கெனவே வெற்றியாளர் உள்ளது (முயற்சி %2)</translation>
    </message>
    <message>
        <source>job %1 is cancelled</source>
        <translation>வேலை %1 ரத்துசெய்யப்பட்டது</translation>
    </message>
    <message>
        <source>worker %1 does not hold an unexpired claim on job %2 (held by %3)</source>
        <translation>பணியாளர் (worker) %1 இடம் வேலை %2 க்கான காலாவதியாகாத உரிமைக்கோரல் (claim) இல்லை (வைத்திருப்பது: %3)</translation>
    </message>
    <message>
        <source>attempt %1 of job %2 is still starting</source>
        <translation>வேலை %2 இன் முயற்சி %1 இன்னும் தொடங்கிக்கொண்டிருக்கிறது</translation>
    </message>
    <message numerus="yes">
        <source>job %1 already has %2 open attempt(s), its limit is %3</source>
        <translation>
            <numerusform>வேலை %1 க்கு ஏற்கெனவே %2 திறந்த முயற்சி உள்ளது; அதன் வரம்பு %3</numerusform>
            <numerusform>வேலை %1 க்கு ஏற்கெனவே %2 திறந்த முயற்சிகள் உள்ளன; அதன் வரம்பு %3</numerusform>
        </translation>
    </message>
    <message>
        <source>job %1 already has an open automatic attempt (%2); extra slots are for hedges</source>
        <translation>வேலை %1 க்கு ஏற்கெனவே ஒரு திறந்த தானியங்கி முயற்சி (%2) உள்ளது; கூடுதல் இடங்கள் காப்பு முயற்சிகளுக்கு (hedges) மட்டுமே</translation>
    </message>
    <message>
        <source>job %1 has no open attempt to hedge</source>
        <translation>வேலை %1 இல் காப்பு முயற்சி (hedge) செய்ய, திறந்த முயற்சி எதுவும் இல்லை</translation>
    </message>
    <message numerus="yes">
        <source>job %1 has used its %2 automatic attempt(s)</source>
        <translation>
            <numerusform>வேலை %1 அதன் %2 தானியங்கி முயற்சியைப் பயன்படுத்திவிட்டது</numerusform>
            <numerusform>வேலை %1 அதன் %2 தானியங்கி முயற்சிகள் அனைத்தையும் பயன்படுத்திவிட்டது</numerusform>
        </translation>
    </message>
    <message>
        <source>job %1 changed since you looked (change %2, now %3): it is %4; latest: attempt #%5 %6 -&gt; %7 by %8 %9. Refresh and decide again.</source>
        <translation>நீங்கள் பார்த்த பின் வேலை %1 மாறியுள்ளது (மாற்றம் %2, இப்போது %3): அது %4 நிலையில் உள்ளது; கடைசி மாற்றம்: முயற்சி #%5 %6 → %7, செய்தவர் %8 %9. புதுப்பித்து மீண்டும் முடிவுசெய்யுங்கள்.</translation>
    </message>
    <message>
        <source>job %1 changed since you looked (change %2, now %3): it is %4; latest: the provider says attempt #%5 is still working on it. Refresh and decide again.</source>
        <translation>நீங்கள் பார்த்த பின் வேலை %1 மாறியுள்ளது (மாற்றம் %2, இப்போது %3): அது %4 நிலையில் உள்ளது; கடைசி மாற்றம்: முயற்சி #%5 ஐ இன்னும் செயலாக்குவதாக வழங்குநர் கூறுகிறார். புதுப்பித்து மீண்டும் முடிவுசெய்யுங்கள்.</translation>
    </message>
    <message>
        <source>job %1 changed since you looked (change %2, now %3): it is %4. Refresh and decide again.</source>
        <translation>நீங்கள் பார்த்த பின் வேலை %1 மாறியுள்ளது (மாற்றம் %2, இப்போது %3): அது %4 நிலையில் உள்ளது. புதுப்பித்து மீண்டும் முடிவுசெய்யுங்கள்.</translation>
    </message>
    <message>
        <source>request id %1 was already used for a different action (%2)</source>
        <translation>கோரிக்கை id %1 ஏற்கெனவே வேறொரு செயலுக்குப் (%2) பயன்படுத்தப்பட்டது</translation>
    </message>
    <message>
        <source>request id %1 was already used for %2 on another target (job %3, attempt %4)</source>
        <translation>கோரிக்கை id %1 ஏற்கெனவே வேறொரு இலக்கில் %2 க்குப் பயன்படுத்தப்பட்டது (வேலை %3, முயற்சி %4)</translation>
    </message>
    <message>
        <source>request id %1 was already used for a retry on provider %2</source>
        <translation>கோரிக்கை id %1 ஏற்கெனவே வழங்குநர் %2 இல் ஒரு மறுமுயற்சிக்குப் பயன்படுத்தப்பட்டது</translation>
    </message>
    <message>
        <source>request id %1 was already used by someone else</source>
        <translation>கோரிக்கை id %1 ஏற்கெனவே வேறொருவரால் பயன்படுத்தப்பட்டது</translation>
    </message>
    <message>
        <source>attempt %1 does not exist</source>
        <translation>முயற்சி %1 இல்லை</translation>
    </message>
    <message>
        <source>job %1 does not exist</source>
        <translation>வேலை %1 இல்லை</translation>
    </message>
    <message>
        <source>attempt %1 is already %2; there is nothing to cancel</source>
        <translation>முயற்சி %1 ஏற்கெனவே %2 நிலையில் உள்ளது; ரத்துசெய்ய எதுவும் இல்லை</translation>
    </message>
    <message>
        <source>job %1 already has a winner (attempt %2); it cannot be cancelled</source>
        <translation>வேலை %1 க்கு ஏற்கெனவே வெற்றியாளர் உள்ளது (முயற்சி %2); அதை ரத்துசெய்ய முடியாது</translation>
    </message>
    <message>
        <source>job %1 is already cancelled</source>
        <translation>வேலை %1 ஏற்கெனவே ரத்துசெய்யப்பட்டது</translation>
    </message>
    <message>
        <source>attempt %1 is already %2; there is nothing to ask its provider</source>
        <translation>முயற்சி %1 ஏற்கெனவே %2 நிலையில் உள்ளது; அதன் வழங்குநரிடம் கேட்க எதுவும் இல்லை</translation>
    </message>
    <message>
        <source>provider %1 offers no status lookup; ask its support about key %2 instead</source>
        <translation>வழங்குநர் %1 இடம் நிலை விசாரிப்பு (status lookup) இல்லை; பதிலாக, சாவி %2 பற்றி அதன் ஆதரவுக் குழுவிடம் கேளுங்கள்</translation>
    </message>
    <message>
        <source>provider %1 is not known to this database</source>
        <translation>வழங்குநர் %1 இந்தத் தரவுத்தளத்தில் இல்லை</translation>
    </message>
    <message>
        <source>route %1 is not known to this database</source>
        <translation>வழித்தடம் %1 இந்தத் தரவுத்தளத்தில் இல்லை</translation>
    </message>
    <message>
        <source>a reason is required</source>
        <translation>காரணம் கட்டாயம்</translation>
    </message>
    <message>
        <source>the reason is longer than 2000 characters</source>
        <translation>காரணம் 2000 எழுத்துகளை விட நீளமாக உள்ளது</translation>
    </message>
    <message>
        <source>only an operator may do this (%1 &apos;%2&apos; is a %3)</source>
        <translation>இதை இயக்குநர் மட்டுமே செய்ய முடியும் (%1 &apos;%2&apos; இன் பங்கு %3)</translation>
    </message>
    <message>
        <source>attempt %1 is still starting: mark it running before it completes</source>
        <translation>முயற்சி %1 இன்னும் தொடங்கிக்கொண்டிருக்கிறது: அது முடிவதற்கு முன் அதை இயங்குகிறது (running) எனக் குறியிடுங்கள்</translation>
    </message>
    <message>
        <source>job %1 is %2 and cannot fail</source>
        <translation>வேலை %1 %2 நிலையில் உள்ளது; அதைத் தோல்வி என முடிக்க முடியாது</translation>
    </message>
    <message>
        <source>job %1 still has an open attempt (%2); it cannot fail until that ends</source>
        <translation>வேலை %1 க்கு இன்னும் ஒரு திறந்த முயற்சி (%2) உள்ளது; அது முடியும் வரை வேலையைத் தோல்வி என முடிக்க முடியாது</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>வரிசையில்</translation>
    </message>
    <message>
        <source>running</source>
        <translation>இயங்குகிறது</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>தடைப்பட்டது (BLOCKED)</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>வெற்றி</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>தோல்வி</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>ரத்துசெய்யப்பட்டது</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>தொடங்குகிறது</translation>
    </message>
    <message>
        <source>superseded</source>
        <translation>மாற்றீடு செய்யப்பட்டது</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>தெரியாதது (UNKNOWN)</translation>
    </message>
    <message>
        <source>(new)</source>
        <translation>(புதியது)</translation>
    </message>
    <message>
        <source>a validation needs a report (an object) and a validity of zero or more</source>
        <translation>சரிபார்ப்புக்கு ஓர் அறிக்கையும் (object) பூஜ்ஜியம் அல்லது அதற்கு மேற்பட்ட செல்லுபடிக் காலமும் தேவை</translation>
    </message>
    <message>
        <source>a validation of %1 is valid for at most %2 ms (its validation_ttl_ms), not %3 ms</source>
        <translation>%1 இன் சரிபார்ப்பு அதிகபட்சம் %2 மி.வி. வரை மட்டுமே செல்லுபடியாகும் (அதன் validation_ttl_ms); %3 மி.வி. அல்ல</translation>
    </message>
    <message>
        <source>the input is not valid JSON (at byte %1: %2)</source>
        <translation>உள்ளீடு சரியான JSON அல்ல (பைட் %1 இல்: %2)</translation>
    </message>
    <message>
        <source>the input must be a JSON object, not %1</source>
        <translation>உள்ளீடு ஒரு JSON பொருளாக (object) இருக்க வேண்டும், %1 ஆக அல்ல</translation>
    </message>
    <message>
        <source>%1 must not be empty</source>
        <translation>%1 காலியாக இருக்கக் கூடாது</translation>
    </message>
    <message>
        <source>%1 is longer than %2 characters</source>
        <translation>%1, %2 எழுத்துகளை விட நீளமாக உள்ளது</translation>
    </message>
    <message>
        <source>%1 must not contain a NUL character or a lone UTF-16 surrogate</source>
        <translation>%1 இல் NUL எழுத்தோ தனித்த UTF-16 surrogate-ஓ இருக்கக் கூடாது</translation>
    </message>
    <message>
        <source>idempotency key must be 1..255 printable ASCII characters (got %1)</source>
        <translation>சாவி (idempotency key) 1..255 அச்சிடக்கூடிய ASCII எழுத்துகளாக இருக்க வேண்டும் (வந்தது: %1)</translation>
    </message>
    <message>
        <source>idempotency key must be printable ASCII (found U+%1)</source>
        <translation>சாவி (idempotency key) அச்சிடக்கூடிய ASCII எழுத்துகளாக மட்டுமே இருக்க வேண்டும் (U+%1 உள்ளது)</translation>
    </message>
    <message>
        <source>idempotency key must not start or end with a space</source>
        <translation>சாவி (idempotency key) இடைவெளியுடன் தொடங்கவோ முடியவோ கூடாது</translation>
    </message>
    <message>
        <source>max_parallel must be 1..8 (got %1)</source>
        <translation>max_parallel 1..8 ஆக இருக்க வேண்டும் (வந்தது: %1)</translation>
    </message>
    <message>
        <source>max_attempts must be 1..100 (got %1)</source>
        <translation>max_attempts 1..100 ஆக இருக்க வேண்டும் (வந்தது: %1)</translation>
    </message>
    <message>
        <source>the intent is %1 bytes; the limit is 1 MiB</source>
        <translation>கோரிக்கை (intent) %1 பைட்டுகள்; வரம்பு 1 MiB</translation>
    </message>
    <message>
        <source>the input contains a NUL character (\u0000), which JobDesk does not store; remove it or encode the data (for example as base64)</source>
        <translation>உள்ளீட்டில் NUL எழுத்து (\u0000) உள்ளது; JobDesk அதைச் சேமிக்காது. அதை நீக்குங்கள், அல்லது தரவைக் குறியாக்குங்கள் (எடுத்துக்காட்டாக base64 ஆக)</translation>
    </message>
    <message>
        <source>the input contains a lone UTF-16 surrogate (U+%1), which JobDesk does not store</source>
        <translation>உள்ளீட்டில் தனித்த UTF-16 surrogate (U+%1) உள்ளது; JobDesk அதைச் சேமிக்காது</translation>
    </message>
    <message>
        <source>client metadata is over 64 KiB</source>
        <translation>கிளையன்ட் மீத்தரவு (client metadata) 64 KiB ஐ விடப் பெரியது</translation>
    </message>
    <message>
        <source>the result is %1 bytes; the limit is 1 MiB</source>
        <translation>முடிவு %1 பைட்டுகள்; வரம்பு 1 MiB</translation>
    </message>
    <message>
        <source>the result is not JSON: %1</source>
        <translation>முடிவு JSON அல்ல: %1</translation>
    </message>
    <message>
        <source>the result is not valid UTF-8</source>
        <translation>முடிவு சரியான UTF-8 அல்ல</translation>
    </message>
    <message>
        <source>page size must be 1..1000</source>
        <translation>பக்க அளவு 1..1000 ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>page size must be 1..500</source>
        <translation>பக்க அளவு 1..500 ஆக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>a chart needs 1..10000 buckets of at least a second</source>
        <translation>வரைபடத்துக்கு 1..10000 இடைவெளிகள் தேவை; ஒவ்வொன்றும் குறைந்தது ஒரு வினாடி</translation>
    </message>
    <message>
        <source>lease must be positive</source>
        <translation>குத்தகை (lease) நேர்மறையாக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>deadline must be positive</source>
        <translation>காலக்கெடு (deadline) நேர்மறையாக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>an operator&apos;s retry goes through JobService::retry (audited)</source>
        <translation>இயக்குநரின் மறுமுயற்சி JobService::retry வழியாக மட்டுமே செல்லும் (தணிக்கைப் பதிவுடன்)</translation>
    </message>
    <message>
        <source>claim needs a worker id, a limit and a claim time</source>
        <translation>உரிமைக்கோரலுக்கு (claim) பணியாளர் (worker) id, வரம்பு, உரிமைக்கோரல் நேரம் ஆகியவை தேவை</translation>
    </message>
    <message>
        <source>claim needs a worker id and a claim time</source>
        <translation>உரிமைக்கோரலுக்கு (claim) பணியாளர் (worker) id, உரிமைக்கோரல் நேரம் ஆகியவை தேவை</translation>
    </message>
    <message>
        <source>claiming retries needs a worker id, a limit and a lease</source>
        <translation>மறுமுயற்சிகளை உரிமைகோர பணியாளர் (worker) id, வரம்பு, குத்தகை (lease) ஆகியவை தேவை</translation>
    </message>
    <message>
        <source>renewing needs a worker id, a lease and a claim time</source>
        <translation>புதுப்பிக்க பணியாளர் (worker) id, குத்தகை (lease), உரிமைக்கோரல் நேரம் ஆகியவை தேவை</translation>
    </message>
    <message>
        <source>incomplete validation record</source>
        <translation>சரிபார்ப்புப் பதிவு முழுமையாக இல்லை</translation>
    </message>
    <message>
        <source>%1: the database is unreachable: %2</source>
        <translation>%1: தரவுத்தளத்தை அணுக முடியவில்லை: %2</translation>
    </message>
    <message>
        <source>%1: the database refuses this for your database user: %2</source>
        <translation>%1: உங்கள் தரவுத்தளப் பயனருக்கு இதைத் தரவுத்தளம் மறுக்கிறது: %2</translation>
    </message>
    <message>
        <source>a lease is at most %1 ms (a day); a longer one would keep a stopped worker&apos;s attempt from being reaped</source>
        <translation>குத்தகை (lease) அதிகபட்சம் %1 மி.வி. (ஒரு நாள்); அதைவிட நீண்டால், நின்றுபோன பணியாளரின் (worker) முயற்சி அவ்வளவு காலம் மீட்கப்படாமல் இருக்கும்</translation>
    </message>
    <message>
        <source>a claim is at most %1 ms (a day); a longer one would keep a stopped worker&apos;s job from being claimed by another</source>
        <translation>உரிமைக்கோரல் (claim) அதிகபட்சம் %1 மி.வி. (ஒரு நாள்); அதைவிட நீண்டால், நின்றுபோன பணியாளரின் (worker) வேலையை வேறொருவர் அவ்வளவு காலம் எடுக்க முடியாது</translation>
    </message>
    <message>
        <source>an event names an attempt of its own job</source>
        <translation>ஒரு நிகழ்வு தன் வேலையின் முயற்சியையே குறிப்பிட வேண்டும்</translation>
    </message>
    <message>
        <source>every role may create objects in schema &quot;%1&quot; (CREATE is granted to PUBLIC), so any login could plant functions or operators that JobDesk&apos;s guards and operator functions would run as the schema&apos;s owner. Revoke it, then open the store again: REVOKE CREATE ON SCHEMA %2 FROM PUBLIC; (grant CREATE to the role that owns JobDesk&apos;s tables if it needs it)</source>
        <translation>எல்லா ரோல்களும் schema &quot;%1&quot; இல் பொருட்களை உருவாக்க முடியும் (CREATE, PUBLIC க்கு வழங்கப்பட்டுள்ளது); எனவே எந்த login-உம், JobDesk இன் காவல்களும் இயக்குநர் functions-உம் schema இன் உரிமையாளராக இயக்கும் functions அல்லது operators-ஐ வைக்கலாம். அதைத் திரும்பப் பெற்று, store-ஐ மீண்டும் திறக்கவும்: REVOKE CREATE ON SCHEMA %2 FROM PUBLIC; (JobDesk இன் அட்டவணைகளின் உரிமையாளர் ரோலுக்குத் தேவைப்பட்டால் அதற்கு CREATE வழங்கவும்)</translation>
    </message>
    <message>
        <source>attempt %1 is already running and does not record that its request goes to %2: nothing is to be sent from here</source>
        <translation>முயற்சி %1 ஏற்கெனவே இயங்குகிறது, அதன் கோரிக்கை %2 க்குச் செல்வதாக அது பதிவுசெய்யவில்லை: இங்கிருந்து எதுவும் அனுப்பப்படக்கூடாது</translation>
    </message>
    <message>
        <source>%1 holds a number that is not finite (NaN or an infinity), which JSON cannot carry</source>
        <translation>%1 இல் முடிவுறா எண் (NaN அல்லது முடிவிலி) உள்ளது; JSON அதைக் கொண்டு செல்ல முடியாது</translation>
    </message>
    <message>
        <source>%1: the store stayed busy (%2); nothing was written, try again</source>
        <translation>%1: சேமிப்பகம் தொடர்ந்து பணியில் இருந்தது (%2); எதுவும் எழுதப்படவில்லை, மீண்டும் முயலவும்</translation>
    </message>
    <message>
        <source>a winner&apos;s result is never rewritten</source>
        <translation>வெற்றியாளரின் முடிவை ஒருபோதும் மாற்றி எழுத முடியாது</translation>
    </message>
    <message>
        <source>a winner is set by a compare-and-swap, the version one up</source>
        <translation>வெற்றியாளர் compare-and-swap மூலம் மட்டுமே அமைக்கப்படுகிறார், பதிப்பு ஒன்று உயர்ந்து</translation>
    </message>
    <message>
        <source>a job&apos;s version never goes back</source>
        <translation>வேலையின் பதிப்பு ஒருபோதும் பின்னோக்கிச் செல்லாது</translation>
    </message>
    <message>
        <source>the job&apos;s winner is never superseded, failed or cancelled</source>
        <translation>வேலையின் வெற்றியாளர் முயற்சி ஒருபோதும் முந்தப்பட்ட, தோல்வியுற்ற அல்லது ரத்துசெய்யப்பட்ட நிலைக்குச் செல்லாது</translation>
    </message>
    <message>
        <source>request id %1 already started attempt %2 of job %3; a retry needs a request id of its own</source>
        <translation>கோரிக்கை id %1 ஏற்கெனவே வேலை %3 இன் முயற்சி %2 ஐத் தொடங்கியது; ஒரு மறுமுயற்சிக்குத் தனக்கென ஒரு கோரிக்கை id தேவை</translation>
    </message>
    <message>
        <source>a job&apos;s version moves one up, with its win or its cancel</source>
        <translation>வேலையின் பதிப்பு அதன் வெற்றியுடனோ ரத்துடனோ மட்டுமே ஒன்று உயர்கிறது</translation>
    </message>
    <message>
        <source>the rest ratio must be 0..100 (got %1)</source>
        <translation>ஓய்வு விகிதம் 0..100 ஆக இருக்க வேண்டும் (கிடைத்தது %1)</translation>
    </message>
    <message>
        <source>job %1 changed since you looked (change %2, now %3): it is %4; latest: attempt #%5 %6 -&gt; %7 by %8 %9 (%10). Refresh and decide again.</source>
        <translation>நீங்கள் பார்த்த பின் வேலை %1 மாறியுள்ளது (மாற்றம் %2, இப்போது %3): அது %4 நிலையில் உள்ளது; கடைசி மாற்றம்: முயற்சி #%5 %6 → %7, செய்தவர் %8 %9 (%10). புதுப்பித்து மீண்டும் முடிவுசெய்யுங்கள்.</translation>
    </message>
    <message>
        <source>the route&apos;s contract (at %1) must not contain a NUL character or a lone UTF-16 surrogate</source>
        <translation>வழித்தடத்தின் ஒப்பந்தத்தில் (%1 இல்) NUL எழுத்தோ தனித்த UTF-16 surrogate-ஓ இருக்கக் கூடாது</translation>
    </message>
    <message>
        <source>the result is not JSON: byte %1 breaks RFC 8259 (a raw control character inside a string, a leading zero or a bare decimal point)</source>
        <translation>முடிவு JSON அல்ல: பைட் %1 RFC 8259 ஐ மீறுகிறது (சரத்துக்குள் ஒரு கட்டுப்பாட்டு எழுத்து, முன்னணி பூஜ்ஜியம் அல்லது தனித்த தசமப் புள்ளி)</translation>
    </message>
    <message>
        <source>the owner must be 1..255 characters</source>
        <translation>உரிமையாளர் 1..255 எழுத்துகளாக இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>the owner must not begin or end with white space</source>
        <translation>உரிமையாளர் பெயர் வெற்றிடத்துடன் தொடங்கவோ முடியவோ கூடாது</translation>
    </message>
    <message>
        <source>the label is longer than 255 characters</source>
        <translation>குறிப்பு (label) 255 எழுத்துகளை விட நீளமானது</translation>
    </message>
    <message>
        <source>token %1 does not exist</source>
        <translation>டோக்கன் %1 இல்லை</translation>
    </message>
    <message>
        <source>the database&apos;s schema is version %1, newer than this JobDesk knows (up to %2): upgrade JobDesk before using this database</source>
        <translation>தரவுத்தளத்தின் அமைப்பு (schema) பதிப்பு %1, இந்த JobDesk அறிந்ததை விடப் புதியது (%2 வரை): இந்தத் தரவுத்தளத்தைப் பயன்படுத்தும் முன் JobDesk ஐப் புதுப்பியுங்கள்</translation>
    </message>
    <message>
        <source>the database was made by a JobDesk 0.1 development build at its migration %1; JobDesk 1.0 adopts only a 0.1 database at its last migration (%2). Open it with the last 0.1 build first, or start a new database</source>
        <translation>இந்தத் தரவுத்தளம் JobDesk 0.1 உருவாக்கப் பதிப்பால் அதன் இடமாற்றம் (migration) %1 இல் உருவானது; JobDesk 1.0 கடைசி இடமாற்றத்தில் (%2) உள்ள 0.1 தரவுத்தளத்தை மட்டுமே ஏற்கிறது. முதலில் கடைசி 0.1 பதிப்பில் திறக்கவும், அல்லது புதிய தரவுத்தளத்தைத் தொடங்கவும்</translation>
    </message>
    <message>
        <source>the database was made by a JobDesk 0.1 development build and its schema differs from the 1.0 baseline (the database has &quot;%1&quot; where the baseline has &quot;%2&quot;), so it was left as it was. Export what you need and start a new database (docs/upgrade.md)</source>
        <translation>இந்தத் தரவுத்தளம் JobDesk 0.1 உருவாக்கப் பதிப்பால் உருவானது, அதன் அமைப்பு 1.0 அடிப்படையிலிருந்து வேறுபடுகிறது (அடிப்படையில் &quot;%2&quot; உள்ள இடத்தில் தரவுத்தளத்தில் &quot;%1&quot; உள்ளது), எனவே அது மாற்றப்படவில்லை. தேவையானதை ஏற்றுமதி செய்து புதிய தரவுத்தளத்தைத் தொடங்கவும் (docs/upgrade.md)</translation>
    </message>
    <message>
        <source>migration %1 did not record itself in schema_migrations</source>
        <translation>இடமாற்றம் (migration) %1 தன்னை schema_migrations இல் பதிவு செய்யவில்லை</translation>
    </message>
    <message>
        <source>schema migration failed on %1: %2</source>
        <translation>%1 இல் அமைப்பு இடமாற்றம் (schema migration) தோல்வியடைந்தது: %2</translation>
    </message>
    <message>
        <source>cannot read schema file %1</source>
        <translation>அமைப்புக் கோப்பு %1 ஐப் படிக்க முடியவில்லை</translation>
    </message>
    <message>
        <source>empty database URL</source>
        <translation>தரவுத்தள URL காலியாக உள்ளது</translation>
    </message>
    <message>
        <source>sqlite: URL without a path</source>
        <translation>sqlite: பாதை இல்லாத URL</translation>
    </message>
    <message>
        <source>unsupported database URL scheme in &apos;%1&apos; (use sqlite:PATH or postgresql://...)</source>
        <translation>&apos;%1&apos; இல் ஆதரிக்கப்படாத தரவுத்தள URL வகை (sqlite:PATH அல்லது postgresql://... பயன்படுத்தவும்)</translation>
    </message>
    <message>
        <source>actor id</source>
        <translation>செயலர் id</translation>
    </message>
    <message>
        <source>actor kind</source>
        <translation>செயலர் வகை</translation>
    </message>
    <message>
        <source>config hash</source>
        <translation>அமைப்பு hash</translation>
    </message>
    <message>
        <source>endpoint</source>
        <translation>முனையம் (endpoint)</translation>
    </message>
    <message>
        <source>idempotency key prefix</source>
        <translation>சாவி (idempotency key) முன்னொட்டு</translation>
    </message>
    <message>
        <source>idempotency key</source>
        <translation>சாவி (idempotency key)</translation>
    </message>
    <message>
        <source>operator id</source>
        <translation>இயக்குநர் id</translation>
    </message>
    <message>
        <source>owner id</source>
        <translation>உரிமையாளர் id</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>வழங்குநர்</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>காரணம்</translation>
    </message>
    <message>
        <source>reconciler id</source>
        <translation>ஒத்திசைப்பான் (reconciler) id</translation>
    </message>
    <message>
        <source>request id</source>
        <translation>கோரிக்கை id</translation>
    </message>
    <message>
        <source>route</source>
        <translation>வழித்தடம்</translation>
    </message>
    <message>
        <source>search</source>
        <translation>தேடல்</translation>
    </message>
    <message>
        <source>start request id</source>
        <translation>தொடக்கக் கோரிக்கை id</translation>
    </message>
    <message>
        <source>worker id</source>
        <translation>பணியாளர் (worker) id</translation>
    </message>
    <message>
        <source>client metadata</source>
        <translation>வாடிக்கையாளர் மேல்தரவு (client metadata)</translation>
    </message>
    <message>
        <source>the route&apos;s contract</source>
        <translation>வழித்தடத்தின் ஒப்பந்தம்</translation>
    </message>
    <message>
        <source>the input</source>
        <translation>உள்ளீடு</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ஒரு அணி (array)</translation>
    </message>
    <message>
        <source>a scalar</source>
        <translation>ஒரு தனி மதிப்பு (scalar)</translation>
    </message>
</context>
</TS>
