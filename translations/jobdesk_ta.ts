<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ta_IN">
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
    <name>ConsoleSettings</name>
    <message>
        <source>System language</source>
        <translation>கணினியின் மொழி</translation>
    </message>
    <message>
        <source>System language (%1)</source>
        <translation>கணினியின் மொழி (%1)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>வெளிர் (&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>இருள் (&amp;D)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>அமைப்பின் தோற்றம் (&amp;S)</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 மி.வி.</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 வி.</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 நிமி.</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 மணி %2 நிமி.</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 மணி</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 நாள் %2 மணி</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 நாள்</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>%1 முன்பு</translation>
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
        <source>BLOCKED</source>
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
        <source>UNKNOWN</source>
        <translation>தெரியாதது (UNKNOWN)</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>தானியங்கி</translation>
    </message>
    <message>
        <source>hedge</source>
        <translation>காப்பு முயற்சி (hedge)</translation>
    </message>
    <message>
        <source>operator retry</source>
        <translation>இயக்குநர் மறுமுயற்சி</translation>
    </message>
</context>
<context>
    <name>IncidentReport</name>
    <message>
        <source>(client not recorded)</source>
        <translation>(கிளையன்ட் பதிவாகவில்லை)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>was started by %1 at %2</source>
        <translation>%2 இல் %1 ஆல் தொடங்கப்பட்டது</translation>
    </message>
    <message>
        <source>was sent at %1</source>
        <translation>%1 இல் அனுப்பப்பட்டது</translation>
    </message>
    <message>
        <source>timed out after %1 (%2): outcome UNKNOWN</source>
        <translation>%1 க்குப் பின் காலக்கெடு மீறியது (%2): முடிவு தெரியாதது (UNKNOWN)</translation>
    </message>
    <message>
        <source>went UNKNOWN after %1%2</source>
        <translation>%1 க்குப் பின் தெரியாதது (UNKNOWN) ஆனது%2</translation>
    </message>
    <message>
        <source>won at %1, %2 after it was sent</source>
        <translation>%1 இல் வென்றது, அனுப்பி %2 க்குப் பின்</translation>
    </message>
    <message>
        <source>finished at %1 but lost the race</source>
        <translation>%1 இல் முடிந்தது, ஆனால் போட்டியில் தோற்றது</translation>
    </message>
    <message>
        <source>to attempt %1 on %2</source>
        <translation>— %2 இல் முயற்சி %1 இடம்</translation>
    </message>
    <message>
        <source>(expected v%1, found v%2); its result was discarded</source>
        <translation>(எதிர்பார்த்தது v%1, கண்டது v%2); அதன் முடிவு நிராகரிக்கப்பட்டது</translation>
    </message>
    <message>
        <source>failed at %1%2</source>
        <translation>%1 இல் தோல்வியடைந்தது%2</translation>
    </message>
    <message>
        <source>was cancelled by %1 at %2%3</source>
        <translation>%2 இல் %1 ஆல் ரத்துசெய்யப்பட்டது%3</translation>
    </message>
    <message>
        <source>attempt %1 on %2 (%3)</source>
        <translation>முயற்சி %1, %2 இல் (%3)</translation>
    </message>
    <message>
        <source>is %1</source>
        <translation>%1 நிலையில் உள்ளது</translation>
    </message>
    <message>
        <source># Incident report: job %1</source>
        <translation># சம்பவ அறிக்கை: வேலை %1</translation>
    </message>
    <message>
        <source>Generated %1. Times are %2.</source>
        <translation>உருவாக்கப்பட்டது %1. நேரங்கள் %2 இல்.</translation>
    </message>
    <message>
        <source>UTC</source>
        <translation>UTC</translation>
    </message>
    <message>
        <source>- **Owner:** %1</source>
        <translation>- **உரிமையாளர்:** %1</translation>
    </message>
    <message>
        <source>- **Route:** %1</source>
        <translation>- **வழித்தடம்:** %1</translation>
    </message>
    <message>
        <source>- **State:** %1</source>
        <translation>- **நிலை:** %1</translation>
    </message>
    <message>
        <source>- **Created:** %1 by %2</source>
        <translation>- **உருவாக்கப்பட்டது:** %1, %2 ஆல்</translation>
    </message>
    <message>
        <source>- **Fingerprint of the intent:** `%1`</source>
        <translation>- **நோக்கத்தின் கைரேகை (fingerprint):** `%1`</translation>
    </message>
    <message>
        <source>## What was asked</source>
        <translation>## கேட்கப்பட்டது என்ன</translation>
    </message>
    <message>
        <source>## Requests with this key</source>
        <translation>## இந்தச் சாவியுடன் வந்த கோரிக்கைகள்</translation>
    </message>
    <message>
        <source>The key was sent once: one request, one job.</source>
        <translation>சாவி ஒருமுறை மட்டுமே அனுப்பப்பட்டது: ஒரு கோரிக்கை, ஒரு வேலை.</translation>
    </message>
    <message>
        <source>| # | Time | After the first | Client | What happened |</source>
        <translation>| # | நேரம் | முதலாவதிலிருந்து | கிளையன்ட் | என்ன நடந்தது |</translation>
    </message>
    <message>
        <source>created job %1</source>
        <translation>வேலை %1 ஐ உருவாக்கியது</translation>
    </message>
    <message>
        <source>CONFLICT: same key, another intent; refused, nothing created (see the diff below)</source>
        <translation>முரண் (CONFLICT): அதே சாவி, வேறு நோக்கம்; மறுக்கப்பட்டது, எதுவும் உருவாக்கப்படவில்லை (கீழே உள்ள வேறுபாட்டைப் பாருங்கள்)</translation>
    </message>
    <message>
        <source>replay: same key, same intent; job %1 returned, nothing new done</source>
        <translation>மறுபதில் (replay): அதே சாவி, அதே நோக்கம்; வேலை %1 திருப்பியளிக்கப்பட்டது, புதிதாக எதுவும் செய்யப்படவில்லை</translation>
    </message>
    <message>
        <source>### Conflict at %1: the two intents field by field</source>
        <translation>### %1 இல் முரண்: இரண்டு நோக்கங்களும் புலம் புலமாக</translation>
    </message>
    <message>
        <source>| Field | Bound to the key (job %1) | Sent at %2 (refused) |</source>
        <translation>| புலம் | சாவியுடன் பிணைக்கப்பட்டது (வேலை %1) | %2 இல் அனுப்பப்பட்டது (மறுக்கப்பட்டது) |</translation>
    </message>
    <message>
        <source>(absent)</source>
        <translation>(இல்லை)</translation>
    </message>
    <message>
        <source>## Attempts</source>
        <translation>## முயற்சிகள்</translation>
    </message>
    <message>
        <source>No attempt was made.</source>
        <translation>எந்த முயற்சியும் செய்யப்படவில்லை.</translation>
    </message>
    <message>
        <source>## Outcome</source>
        <translation>## முடிவு</translation>
    </message>
    <message>
        <source>- **Winner:** none (the job is %1).</source>
        <translation>- **வெற்றியாளர்:** இல்லை (வேலை %1 நிலையில் உள்ளது).</translation>
    </message>
    <message>
        <source>- **Loser:** attempt %1 on %2 finished at %3 and lost to %4 (expected v%5, found v%6); its payload was discarded (digest `%7`).</source>
        <translation>- **தோற்றது:** %2 இல் முயற்சி %1, %3 இல் முடிந்து %4 இடம் தோற்றது (எதிர்பார்த்தது v%5, கண்டது v%6); அதன் முடிவு நிராகரிக்கப்பட்டது (digest `%7`).</translation>
    </message>
    <message>
        <source>attempt %1 on %2</source>
        <translation>%2 இல் முயற்சி %1</translation>
    </message>
    <message>
        <source>a cancellation</source>
        <translation>ஒரு ரத்துசெய்தல்</translation>
    </message>
    <message>
        <source>- Attempt %1 on %2 did not win: %3%4.</source>
        <translation>- %2 இல் முயற்சி %1 வெல்லவில்லை: %3%4.</translation>
    </message>
    <message>
        <source>## Audit trail</source>
        <translation>## தணிக்கைப் பதிவு</translation>
    </message>
    <message>
        <source>No operator acted on this job.</source>
        <translation>இந்த வேலையில் எந்த இயக்குநரும் செயல்படவில்லை.</translation>
    </message>
    <message>
        <source>| Time | Action | Operator | Database user | Attempt | Reason | Request id |</source>
        <translation>| நேரம் | செயல் | இயக்குநர் | தரவுத்தளப் பயனர் | முயற்சி | காரணம் | கோரிக்கை id |</translation>
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
        <translation>%1 ஐ எழுத முடியவில்லை: %2</translation>
    </message>
    <message>
        <source>, then </source>
        <comment>joins the steps of one attempt&apos;s story</comment>
        <translation>, பின்னர் </translation>
    </message>
    <message numerus="yes">
        <source>The key was sent %n times: one job (%1),</source>
        <translation>
            <numerusform>சாவி %n முறை அனுப்பப்பட்டது: ஒரு வேலை (%1);</numerusform>
            <numerusform>சாவி %n முறை அனுப்பப்பட்டது: ஒரு வேலை (%1);</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n replay(s) of the same intent that returned it,</source>
        <translation>
            <numerusform>அதே நோக்கத்துடன் வந்த %n மறுபதில் அதே வேலையைத் திருப்பியளித்தது;</numerusform>
            <numerusform>அதே நோக்கத்துடன் வந்த %n மறுபதில்கள் அதே வேலையைத் திருப்பியளித்தன;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conflict(s) with another intent that created nothing.</source>
        <translation>
            <numerusform>வேறு நோக்கத்துடன் வந்த %n முரண் எதையும் உருவாக்கவில்லை.</numerusform>
            <numerusform>வேறு நோக்கத்துடன் வந்த %n முரண்கள் எதையும் உருவாக்கவில்லை.</numerusform>
        </translation>
    </message>
    <message>
        <source>- **Idempotency key:** %1</source>
        <translation>- **சாவி (idempotency key):** %1</translation>
    </message>
    <message>
        <source>local time (UTC%1)</source>
        <translation>உள்ளூர் நேரம் (UTC%1)</translation>
    </message>
    <message>
        <source>- **Winner:** attempt %1 on %2, result written at %3 (job version %4).</source>
        <translation>- **வெற்றியாளர்:** %2 இல் முயற்சி %1, முடிவு %3 இல் எழுதப்பட்டது (வேலையின் பதிப்பு %4).</translation>
    </message>
    <message>
        <source>## Charges</source>
        <translation>## கட்டணங்கள்</translation>
    </message>
    <message>
        <source>| Attempt | Charge | Evidence | Provider key |</source>
        <translation>| முயற்சி | கட்டணம் | சான்று | வழங்குநர் விசை |</translation>
    </message>
    <message>
        <source>charged</source>
        <translation>கட்டணம் உண்டு</translation>
    </message>
    <message>
        <source>POSSIBLY charged</source>
        <translation>கட்டணம் இருக்கக்கூடும்</translation>
    </message>
    <message>
        <source>not charged</source>
        <translation>கட்டணம் இல்லை</translation>
    </message>
    <message>
        <source>(the provider said so from %1)</source>
        <translation>(வழங்குநர் %1 முதல் அப்படிச் சொன்னார்)</translation>
    </message>
</context>
<context>
    <name>ProviderStanding</name>
    <message>
        <source>not proven: never validated for this route</source>
        <translation>நிரூபிக்கப்படவில்லை: இந்த வழித்தடத்துக்கு ஒருபோதும் சரிபார்க்கப்படவில்லை</translation>
    </message>
    <message>
        <source>not proven: the last validation FAILED</source>
        <translation>நிரூபிக்கப்படவில்லை: கடைசிச் சரிபார்ப்பு தோல்வியடைந்தது (FAILED)</translation>
    </message>
    <message>
        <source>not current: EXPIRED at %1</source>
        <translation>நடப்பில் இல்லை: %1 இல் காலாவதியானது (EXPIRED)</translation>
    </message>
    <message>
        <source>not current: STALE, validated for another route or provider config</source>
        <translation>நடப்பில் இல்லை: பழையது (STALE), வேறு வழித்தட அல்லது வழங்குநர் அமைப்புக்காகச் சரிபார்க்கப்பட்டது</translation>
    </message>
    <message>
        <source>current until %1</source>
        <translation>%1 வரை நடப்பில் உள்ளது</translation>
    </message>
    <message>
        <source>never validated (first in the chain: it needs no proof to take the first attempt)</source>
        <translation>ஒருபோதும் சரிபார்க்கப்படவில்லை (சங்கிலியில் முதலாவது: முதல் முயற்சிக்கு நிரூபணம் தேவையில்லை)</translation>
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
    <name>QGnomeTheme</name>
    <message>
        <source>&amp;OK</source>
        <translation>சரி (&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>வேண்டாம் (&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>மூடு (&amp;C)</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation>சரி</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>வேண்டாம்</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>மூடு</translation>
    </message>
</context>
<context>
    <name>SupportViews</name>
    <message>
        <source>Support</source>
        <translation>ஆதரவு</translation>
    </message>
    <message>
        <source>Duplicate clicks</source>
        <translation>இரட்டைச் சொடுக்குகள்</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>வழங்குநர்கள்</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>வரைபடங்கள்</translation>
    </message>
    <message>
        <source>&amp;Support</source>
        <translation>ஆதரவு (&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Export incident report…</source>
        <translation>சம்பவ அறிக்கையை ஏற்றுமதி செய்… (&amp;E)</translation>
    </message>
    <message>
        <source>The story of the job in the detail view, as Markdown (copied) and PDF</source>
        <translation>விவரக் காட்சியில் உள்ள வேலையின் வரலாறு, Markdown ஆக (நகலெடுக்கப்படும்) மற்றும் PDF ஆக</translation>
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
<context>
    <name>jobdesk::ui</name>
    <message>
        <source>#%1 (attempt %2 on %3)</source>
        <translation>#%1 (%3 இல் முயற்சி %2)</translation>
    </message>
    <message>
        <source>Retry is blocked by %1: UNKNOWN. Learn its outcome from the provider or cancel it first; a retry now could run the intent twice.</source>
        <translation>மறுமுயற்சி %1 ஆல் தடுக்கப்பட்டுள்ளது: தெரியாதது (UNKNOWN). முதலில் வழங்குநரிடம் அதன் முடிவைக் கேட்டறியுங்கள் அல்லது அதை ரத்துசெய்யுங்கள்; இப்போது மறுமுயற்சி செய்தால் அதே கோரிக்கை இருமுறை நடக்கக்கூடும்.</translation>
    </message>
    <message>
        <source>The job already has a winner (#%1): there is nothing to retry.</source>
        <translation>இந்த வேலைக்கு ஏற்கெனவே வெற்றியாளர் (#%1) உள்ளது: மறுமுயற்சி செய்ய எதுவும் இல்லை.</translation>
    </message>
    <message>
        <source>The job is cancelled: there is nothing to retry.</source>
        <translation>இந்த வேலை ரத்துசெய்யப்பட்டது: மறுமுயற்சி செய்ய எதுவும் இல்லை.</translation>
    </message>
    <message>
        <source>Attempt #%1 (attempt %2 on %3) is still starting.</source>
        <translation>முயற்சி #%1 (%3 இல் முயற்சி %2) இன்னும் தொடங்கிக்கொண்டிருக்கிறது.</translation>
    </message>
    <message>
        <source>#%1 (%2 on %3)</source>
        <translation>#%1 (%3 இல் %2)</translation>
    </message>
    <message>
        <source>A retry starts attempt #%1 on the provider you choose. It is audited, and it may go beyond the automatic budget (%2 of %3 automatic attempts used).</source>
        <translation>மறுமுயற்சி நீங்கள் தேர்ந்தெடுக்கும் வழங்குநரில் முயற்சி #%1 ஐத் தொடங்கும். இது தணிக்கையில் பதிவாகும்; தானியங்கி வரம்பையும் தாண்டலாம் (%3 தானியங்கி முயற்சிகளில் %2 பயன்படுத்தப்பட்டன).</translation>
    </message>
    <message>
        <source>Job %1 already has a winner, so nothing waits for this attempt: cancelling records that it is over.</source>
        <translation>வேலை %1 க்கு ஏற்கெனவே வெற்றியாளர் உள்ளது; எனவே இந்த முயற்சிக்காக எதுவும் காத்திருக்கவில்லை: ரத்துசெய்வது இது முடிந்துவிட்டது என்று மட்டும் பதிவுசெய்யும்.</translation>
    </message>
    <message>
        <source>Attempt #%1 stops blocking job %2.</source>
        <translation>முயற்சி #%1 இனி வேலை %2 ஐத் தடுக்காது.</translation>
    </message>
    <message>
        <source>The job keeps waiting for its other open attempt(s).</source>
        <translation>வேலை அதன் மற்ற திறந்த முயற்சி(கள்) க்காகத் தொடர்ந்து காத்திருக்கும்.</translation>
    </message>
    <message>
        <source>The job goes back to the queue and the dispatcher starts the next attempt on the next proven provider.</source>
        <translation>வேலை மீண்டும் வரிசைக்குச் செல்லும்; அனுப்பி (dispatcher) அடுத்த நிரூபிக்கப்பட்ட வழங்குநரில் அடுத்த முயற்சியைத் தொடங்கும்.</translation>
    </message>
    <message>
        <source>The request has not been sent yet; it will not be sent.</source>
        <translation>கோரிக்கை இன்னும் அனுப்பப்படவில்லை; இனி அனுப்பப்படாது.</translation>
    </message>
    <message>
        <source>If %1 still delivers a result for this attempt, it is discarded and shown as a race loss; it never overwrites anything.</source>
        <translation>இந்த முயற்சிக்கு %1 பின்னர் முடிவு அனுப்பினாலும், அது நிராகரிக்கப்பட்டு போட்டித் தோல்வியாகக் காட்டப்படும்; அது எதையும் மேலெழுதாது.</translation>
    </message>
    <message>
        <source>The job has a winner; it cannot be cancelled.</source>
        <translation>இந்த வேலைக்கு வெற்றியாளர் உள்ளது; இதை ரத்துசெய்ய முடியாது.</translation>
    </message>
    <message>
        <source>The job is already cancelled.</source>
        <translation>இந்த வேலை ஏற்கெனவே ரத்துசெய்யப்பட்டது.</translation>
    </message>
    <message>
        <source>Job %1 ends as cancelled; this cannot be undone and no further attempt will start.</source>
        <translation>வேலை %1 ரத்துசெய்யப்பட்டதாக முடியும்; இதைத் திரும்பப்பெற முடியாது, மேலும் எந்த முயற்சியும் தொடங்காது.</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message numerus="yes">
        <source>Its open attempt(s) %1 are cancelled with it; a late result from any of them is discarded and shown as a race loss.</source>
        <translation>
            <numerusform>அதன் திறந்த முயற்சி(கள்) %1 உடன் சேர்ந்து ரத்துசெய்யப்படும்; அவற்றில் எதிலிருந்தும் தாமதமாக வரும் முடிவு நிராகரிக்கப்பட்டு போட்டித் தோல்வியாகக் காட்டப்படும்.</numerusform>
            <numerusform>அதன் திறந்த முயற்சி(கள்) %1 உடன் சேர்ந்து ரத்துசெய்யப்படும்; அவற்றில் எதிலிருந்தும் தாமதமாக வரும் முடிவு நிராகரிக்கப்பட்டு போட்டித் தோல்வியாகக் காட்டப்படும்.</numerusform>
        </translation>
    </message>
    <message>
        <source>The job goes back to the queue, but no proven provider is left in the chain of route %1: the dispatcher will fail it unless you retry it yourself (or validate a provider first).</source>
        <translation>வேலை வரிசைக்குத் திரும்பும், ஆனால் வழித்தடம் %1 இன் சங்கிலியில் நிரூபிக்கப்பட்ட வழங்குநர் எவரும் மீதமில்லை: நீங்களே மறுமுயற்சி செய்யாவிட்டால் (அல்லது முதலில் ஒரு வழங்குநரைச் சரிபார்க்காவிட்டால்) அனுப்பி (dispatcher) அதைத் தோல்வியடையச் செய்யும்.</translation>
    </message>
    <message numerus="yes">
        <source>%1 still open; this job allows %n open attempt(s) at a time.</source>
        <translation>
            <numerusform>%1 இன்னும் திறந்துள்ளது; இந்த வேலை ஒரே நேரத்தில் %n திறந்த முயற்சியை மட்டுமே அனுமதிக்கிறது.</numerusform>
            <numerusform>%1 இன்னும் திறந்துள்ளது; இந்த வேலை ஒரே நேரத்தில் %n திறந்த முயற்சிகள் வரை மட்டுமே அனுமதிக்கிறது.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The job goes back to the queue, but its automatic budget (%n attempt(s)) is spent: the dispatcher will fail it unless you retry it yourself.</source>
        <translation>
            <numerusform>வேலை மீண்டும் வரிசைக்குச் செல்லும், ஆனால் அதன் தானியங்கி வரம்பு (%n முயற்சி) தீர்ந்துவிட்டது: நீங்களே மறுமுயற்சி செய்யாவிட்டால் அனுப்பி (dispatcher) அதைத் தோல்வி என முடிக்கும்.</numerusform>
            <numerusform>வேலை மீண்டும் வரிசைக்குச் செல்லும், ஆனால் அதன் தானியங்கி வரம்பு (%n முயற்சிகள்) தீர்ந்துவிட்டது: நீங்களே மறுமுயற்சி செய்யாவிட்டால் அனுப்பி (dispatcher) அதைத் தோல்வி என முடிக்கும்.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 said at %2 that it is still working on this request: it is most likely being run, and billed.</source>
        <translation>இந்தக் கோரிக்கையில் இன்னும் வேலை செய்து கொண்டிருப்பதாக %1 %2 இல் கூறியது: அது பெரும்பாலும் இயக்கப்படுகிறது, அதற்குக் கட்டணமும் வசூலிக்கப்படும்.</translation>
    </message>
    <message>
        <source>If %1 did run it, that run may be billed all the same, and the job&apos;s next attempt is a second charge.</source>
        <translation>%1 அதை உண்மையில் இயக்கியிருந்தால், அந்த இயக்கத்துக்கும் கட்டணம் வசூலிக்கப்படலாம்; வேலையின் அடுத்த முயற்சி இரண்டாவது கட்டணம் ஆகும்.</translation>
    </message>
    <message>
        <source>#%1 on %2</source>
        <translation>%2 இல் #%1</translation>
    </message>
    <message numerus="yes">
        <source>%1 may already be running at the provider: such a run may be billed all the same, with no result for the job.</source>
        <translation>
            <numerusform>%1 ஏற்கனவே வழங்குநரிடம் இயங்கிக்கொண்டிருக்கலாம்: அந்த ஓட்டத்துக்கு வேலைக்கு முடிவு இல்லாமலேயே கட்டணம் விதிக்கப்படலாம்.</numerusform>
            <numerusform>%1 ஏற்கனவே அவற்றின் வழங்குநர்களிடம் இயங்கிக்கொண்டிருக்கலாம்: அந்த ஓட்டங்களுக்கு வேலைக்கு முடிவு இல்லாமலேயே கட்டணம் விதிக்கப்படலாம்.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ActionDialog</name>
    <message>
        <source>&amp;Reason (required; it goes into the audit trail):</source>
        <translation>காரணம் (கட்டாயம்; தணிக்கைப் பதிவில் சேரும்) (&amp;R):</translation>
    </message>
    <message>
        <source>e.g. provider support confirmed no charge was made (ticket 4711)</source>
        <translation>எ.கா. கட்டணம் எதுவும் வசூலிக்கப்படவில்லை என வழங்குநர் ஆதரவுக் குழு உறுதிசெய்தது (டிக்கெட் 4711)</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>செயல்படுகிறது…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>மூடு</translation>
    </message>
    <message>
        <source>The answer to &quot;%1&quot; (closed before it came): %2</source>
        <translation>&quot;%1&quot; க்கான பதில் (அது வருவதற்கு முன் மூடப்பட்டது): %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; was closed before its answer came; it is not known whether it took effect: read the job again before you act on it. (%2)</source>
        <translation>&quot;%1&quot; அதன் பதில் வருவதற்கு முன் மூடப்பட்டது; அது நடைமுறைக்கு வந்ததா என்பது தெரியாது: அதன் மீது செயல்படுவதற்கு முன் வேலையை மீண்டும் படியுங்கள். (%2)</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ArchiveView</name>
    <message>
        <source>Archive (read-only)</source>
        <translation>காப்பகம் (படிக்க மட்டும்)</translation>
    </message>
    <message>
        <source>Owner or idempotency key, or the start of one</source>
        <translation>உரிமையாளர் அல்லது சாவி (idempotency key), அல்லது அதன் தொடக்கம்</translation>
    </message>
    <message>
        <source>Search the archive by owner or key</source>
        <translation>காப்பகத்தில் உரிமையாளர் அல்லது சாவியால் தேடு</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>வேலை</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>உரிமையாளர்</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>சாவி</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>வழித்தடம்</translation>
    </message>
    <message>
        <source>Final state</source>
        <translation>இறுதி நிலை</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>உருவாக்கப்பட்டது</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>கடைசி மாற்றம்</translation>
    </message>
    <message>
        <source>Archived jobs</source>
        <translation>காப்பகப்படுத்தப்பட்ட வேலைகள்</translation>
    </message>
    <message>
        <source>Incident &amp;report…</source>
        <translation>சம்பவ அறிக்கை… (&amp;R)</translation>
    </message>
    <message>
        <source>The story of the selected job, as Markdown (copied) and PDF (Ctrl+E)</source>
        <translation>தேர்ந்தெடுத்த வேலையின் கதை, Markdown ஆக (நகலெடுக்கப்படும்) மற்றும் PDF ஆக (Ctrl+E)</translation>
    </message>
    <message>
        <source>Archive %1 (read-only)</source>
        <translation>காப்பகம் %1 (படிக்க மட்டும்)</translation>
    </message>
    <message>
        <source>Reading and checking %1…</source>
        <translation>%1 படிக்கப்பட்டு சரிபார்க்கப்படுகிறது…</translation>
    </message>
    <message>
        <source>The archive %1 does not exist.</source>
        <translation>காப்பகம் %1 இல்லை.</translation>
    </message>
    <message>
        <source>%1 cannot be opened as a JobDesk archive: it is damaged, was changed after it was written, or its checksum file (.sha256) is missing. Nothing from it is shown.</source>
        <translation>%1 ஐ JobDesk காப்பகமாகத் திறக்க முடியாது: அது சேதமடைந்துள்ளது, எழுதப்பட்ட பின் மாற்றப்பட்டுள்ளது, அல்லது அதன் சரிபார்ப்புத் தொகைக் கோப்பு (checksum file, .sha256) இல்லை. அதிலிருந்து எதுவும் காட்டப்படவில்லை.</translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>விவரங்கள்: %1</translation>
    </message>
    <message>
        <source>No archive is open.</source>
        <translation>எந்தக் காப்பகமும் திறக்கப்படவில்லை.</translation>
    </message>
    <message numerus="yes">
        <source>Retention run %1 archived and removed %n job(s) whose last change was before %2. Read-only: nothing here can act.</source>
        <translation>
            <numerusform>தக்கவைப்பு ஓட்டம் %1, %2 க்கு முன் கடைசியாக மாறிய %n வேலையைக் காப்பகப்படுத்தி நீக்கியது. படிக்க மட்டும்: இங்கே எதுவும் செயல்பட முடியாது.</numerusform>
            <numerusform>தக்கவைப்பு ஓட்டம் %1, %2 க்கு முன் கடைசியாக மாறிய %n வேலைகளைக் காப்பகப்படுத்தி நீக்கியது. படிக்க மட்டும்: இங்கே எதுவும் செயல்பட முடியாது.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) match the search.</source>
        <translation>
            <numerusform>%n வேலை தேடலுக்குப் பொருந்துகிறது.</numerusform>
            <numerusform>%n வேலைகள் தேடலுக்குப் பொருந்துகின்றன.</numerusform>
        </translation>
    </message>
    <message>
        <source>Archived by retention run %1 and removed from the store: read-only, nothing here can act. Its key is kept as a tombstone: a retry with it is answered with this job, never a new one.</source>
        <translation>தக்கவைப்பு ஓட்டம் %1 இதைக் காப்பகப்படுத்திக் களஞ்சியத்திலிருந்து நீக்கியது: படிக்க மட்டும், இங்கே எதுவும் செயல்பட முடியாது. இதன் சாவி ஒரு நினைவுக்குறியாக (tombstone) வைக்கப்பட்டுள்ளது: அதனுடன் வரும் மறுமுயற்சிக்கு இந்த வேலையே பதில், ஒருபோதும் புதிய வேலை அல்ல.</translation>
    </message>
    <message>
        <source>Open a retention archive</source>
        <translation>ஒரு தக்கவைப்புக் காப்பகத்தைத் திற</translation>
    </message>
    <message>
        <source>JobDesk archives (*.jsonl.gz);;All files (*)</source>
        <translation>JobDesk காப்பகங்கள் (*.jsonl.gz);;எல்லாக் கோப்புகளும் (*)</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::BulkCancelDialog</name>
    <message>
        <source>Cancel attempt #%1 of job %2?</source>
        <translation>வேலை %2 இன் முயற்சி #%1 ஐ ரத்துசெய்யவா?</translation>
    </message>
    <message numerus="yes">
        <source>Cancel %n unknown attempt(s)?</source>
        <translation>
            <numerusform>தெரியாத (UNKNOWN) %n முயற்சியை ரத்துசெய்யவா?</numerusform>
            <numerusform>தெரியாத (UNKNOWN) %n முயற்சிகளை ரத்துசெய்யவா?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unknown attempt(s)</source>
        <translation>
            <numerusform>தெரியாத (UNKNOWN) %n முயற்சி</numerusform>
            <numerusform>தெரியாத (UNKNOWN) %n முயற்சிகள்</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>of %n job(s) will be cancelled, each as its own audited action. This set was fixed when this dialog opened; an attempt whose job changed since then is skipped, not cancelled.</source>
        <translation>
            <numerusform>— %n வேலையிலிருந்து — ரத்துசெய்யப்படும், ஒவ்வொன்றும் தனித் தணிக்கைச் செயலாக. இந்தத் தொகுப்பு இந்த உரையாடல் திறந்தபோதே நிலைத்துவிட்டது; அதன் பின் வேலை மாறிய முயற்சி தவிர்க்கப்படும், ரத்துசெய்யப்படாது.</numerusform>
            <numerusform>— %n வேலைகளிலிருந்து — ரத்துசெய்யப்படும், ஒவ்வொன்றும் தனித் தணிக்கைச் செயலாக. இந்தத் தொகுப்பு இந்த உரையாடல் திறந்தபோதே நிலைத்துவிட்டது; அதன் பின் வேலை மாறிய முயற்சி தவிர்க்கப்படும், ரத்துசெய்யப்படாது.</numerusform>
        </translation>
    </message>
    <message>
        <source>Job</source>
        <translation>வேலை</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>முயற்சி</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>வழங்குநர்</translation>
    </message>
    <message>
        <source>Unknown since</source>
        <translation>தெரியாதது (UNKNOWN) ஆனது முதல்</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>உரிமையாளர்</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>சாவி (idempotency key)</translation>
    </message>
    <message>
        <source>#%1 (id %2)</source>
        <translation>#%1 (id %2)</translation>
    </message>
    <message>
        <source>What follows: each job whose last open attempt this was returns to queued, and a dispatcher starts its next attempt on the next proven provider. It fails the job instead when its attempt budget is spent or no proven provider is left in its route&apos;s chain: retry those yourself. If a provider did run one of these, its late result is recorded as a race loss and discarded.</source>
        <translation>அடுத்து நடப்பது: இது கடைசித் திறந்த முயற்சியாக இருந்த ஒவ்வொரு வேலையும் வரிசைக்குத் (queued) திரும்பும்; அனுப்பி (dispatcher) அடுத்த நிரூபிக்கப்பட்ட வழங்குநரில் அடுத்த முயற்சியைத் தொடங்கும். முயற்சி வரம்பு தீர்ந்திருந்தால், அல்லது அதன் வழித்தடத்தின் சங்கிலியில் நிரூபிக்கப்பட்ட வழங்குநர் எவரும் மீதமில்லையென்றால், அது வேலையைத் தோல்வியடையச் செய்யும்: அவற்றை நீங்களே மறுமுயற்சி செய்யுங்கள். இவற்றில் ஒன்றை வழங்குநர் உண்மையில் இயக்கியிருந்தால், அதன் தாமதமான முடிவு போட்டித் தோல்வியாகப் பதிவாகி நிராகரிக்கப்படும்.</translation>
    </message>
    <message>
        <source>&amp;Reason (required; it goes into the audit trail of every attempt):</source>
        <translation>காரணம் (கட்டாயம்; ஒவ்வொரு முயற்சியின் தணிக்கைப் பதிவிலும் சேரும்) (&amp;R):</translation>
    </message>
    <message>
        <source>e.g. provider outage 10:00-10:20, support confirmed nothing was charged (ticket 4711)</source>
        <translation>எ.கா. 10:00-10:20 வழங்குநர் செயலிழப்பு; கட்டணம் எதுவும் வசூலிக்கப்படவில்லை என ஆதரவுக் குழு உறுதிசெய்தது (டிக்கெட் 4711)</translation>
    </message>
    <message>
        <source>This cancels more than %1 attempts. Type the number of attempts (%2) to confirm:</source>
        <translation>இது %1 க்கு மேற்பட்ட முயற்சிகளை ரத்துசெய்யும். உறுதிசெய்ய முயற்சிகளின் எண்ணிக்கையை (%2) தட்டச்சு செய்யுங்கள்:</translation>
    </message>
    <message>
        <source>%v of %m answered</source>
        <translation>%m இல் %v க்குப் பதில் வந்தது</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>முடிவு</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>ஏன்</translation>
    </message>
    <message>
        <source>Cancel the attempt</source>
        <translation>முயற்சியை ரத்துசெய்</translation>
    </message>
    <message numerus="yes">
        <source>Cancel %n attempt(s)</source>
        <translation>
            <numerusform>%n முயற்சியை ரத்துசெய்</numerusform>
            <numerusform>%n முயற்சிகளை ரத்துசெய்</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep them</source>
        <translation>ரத்துசெய்யாமல் விடு</translation>
    </message>
    <message>
        <source>Type the number of attempts to confirm.</source>
        <translation>உறுதிசெய்ய முயற்சிகளின் எண்ணிக்கையைத் தட்டச்சு செய்யுங்கள்.</translation>
    </message>
    <message>
        <source>cancelled (already, by this action)</source>
        <translation>ரத்துசெய்யப்பட்டது (இந்தச் செயலால் ஏற்கெனவே)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>ரத்துசெய்யப்பட்டது</translation>
    </message>
    <message>
        <source>skipped: it changed meanwhile</source>
        <translation>தவிர்க்கப்பட்டது: இடையில் மாறியது</translation>
    </message>
    <message>
        <source>failed: not known whether it was cancelled</source>
        <translation>தோல்வி: ரத்துசெய்யப்பட்டதா என்று தெரியவில்லை</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>அனுப்பப்படவில்லை</translation>
    </message>
    <message>
        <source>Cancelled %1, skipped %2 (changed meanwhile), failed %3.</source>
        <translation>ரத்துசெய்யப்பட்டவை %1, தவிர்க்கப்பட்டவை %2 (இடையில் மாறியவை), தோல்வியடைந்தவை %3.</translation>
    </message>
    <message>
        <source>Press the button again to send the failed ones again: each keeps its request id, so one that did go through is not cancelled twice.</source>
        <translation>தோல்வியடைந்தவற்றை மீண்டும் அனுப்ப பொத்தானை மீண்டும் அழுத்துங்கள்: ஒவ்வொன்றும் தன் கோரிக்கை id ஐ வைத்திருக்கும், எனவே ஏற்கெனவே சென்றடைந்த ஒன்று இருமுறை ரத்துசெய்யப்படாது.</translation>
    </message>
    <message numerus="yes">
        <source>Send the %n failed again</source>
        <translation>
            <numerusform>தோல்வியடைந்த %n ஐ மீண்டும் அனுப்பு</numerusform>
            <numerusform>தோல்வியடைந்த %n ஐயும் மீண்டும் அனுப்பு</numerusform>
        </translation>
    </message>
    <message>
        <source>Close</source>
        <translation>மூடு</translation>
    </message>
    <message>
        <source>not sent: the cancel of attempt %1 of this job did not answer, so the job&apos;s change number is not known; OK sends both again</source>
        <translation>அனுப்பப்படவில்லை: இந்த வேலையின் முயற்சி %1 ஐ ரத்துசெய்யும் கோரிக்கைக்குப் பதில் வரவில்லை, எனவே வேலையின் மாற்ற எண் தெரியவில்லை; OK அழுத்தினால் இரண்டும் மீண்டும் அனுப்பப்படும்</translation>
    </message>
    <message>
        <source>Provider&apos;s last answer</source>
        <translation>வழங்குநரின் கடைசிப் பதில்</translation>
    </message>
    <message>
        <source>Such a run may be billed all the same, and the job&apos;s next attempt is a second charge.</source>
        <translation>அத்தகைய இயக்கத்துக்கும் கட்டணம் வசூலிக்கப்படலாம்; வேலையின் அடுத்த முயற்சி இரண்டாவது கட்டணம் ஆகும்.</translation>
    </message>
    <message numerus="yes">
        <source>%n of these providers said they are still working on the request: those are most likely being run, and billed.</source>
        <translation>
            <numerusform>இவற்றில் %n வழங்குநர் கோரிக்கையில் இன்னும் வேலை செய்து கொண்டிருப்பதாகக் கூறினர்: அவை பெரும்பாலும் இயக்கப்படுகின்றன, அவற்றுக்குக் கட்டணமும் வசூலிக்கப்படும்.</numerusform>
            <numerusform>இவற்றில் %n வழங்குநர்கள் கோரிக்கையில் இன்னும் வேலை செய்து கொண்டிருப்பதாகக் கூறினர்: அவை பெரும்பாலும் இயக்கப்படுகின்றன, அவற்றுக்குக் கட்டணமும் வசூலிக்கப்படும்.</numerusform>
        </translation>
    </message>
    <message>
        <source>still working on it since %1 (the last lookup: %2)</source>
        <translation>%1 முதல் இன்னும் வேலை செய்து கொண்டிருக்கிறது (கடைசி விசாரணை: %2)</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::CancelAttemptDialog</name>
    <message>
        <source>Cancel attempt #%1 of job %2?</source>
        <translation>வேலை %2 இன் முயற்சி #%1 ஐ ரத்துசெய்யவா?</translation>
    </message>
    <message>
        <source>Attempt #%1 (id %2) on %3 has been %4 since %5 (%6).</source>
        <translation>%3 இல் முயற்சி #%1 (id %2) %5 முதல் %4 நிலையில் உள்ளது (%6).</translation>
    </message>
    <message>
        <source>Last reason: %1.</source>
        <translation>கடைசிக் காரணம்: %1.</translation>
    </message>
    <message>
        <source>What follows: %1</source>
        <translation>அடுத்து நடப்பது: %1</translation>
    </message>
    <message>
        <source>The provider saw this attempt under the key %1; ask it about that key first if you can.</source>
        <translation>வழங்குநர் இந்த முயற்சியைச் சாவி %1 இன் கீழ் பெற்றது; முடிந்தால் முதலில் அந்தச் சாவி பற்றி வழங்குநரிடம் கேளுங்கள்.</translation>
    </message>
    <message>
        <source>Cancel attempt #%1</source>
        <translation>முயற்சி #%1 ஐ ரத்துசெய்</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::CancelJobDialog</name>
    <message>
        <source>Cancel job %1?</source>
        <translation>வேலை %1 ஐ ரத்துசெய்யவா?</translation>
    </message>
    <message>
        <source>Job %1 (owner %2, key %3, route %4) is %5.</source>
        <translation>வேலை %1 (உரிமையாளர் %2, சாவி %3, வழித்தடம் %4) %5 நிலையில் உள்ளது.</translation>
    </message>
    <message>
        <source>What follows: %1</source>
        <translation>அடுத்து நடப்பது: %1</translation>
    </message>
    <message>
        <source>Cancel job %1</source>
        <translation>வேலை %1 ஐ ரத்துசெய்</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ChartsView</name>
    <message>
        <source>Last hour (per minute)</source>
        <translation>கடந்த 1 மணி (நிமிடவாரியாக)</translation>
    </message>
    <message>
        <source>Last day (per 15 minutes)</source>
        <translation>கடந்த 1 நாள் (15 நிமிடவாரியாக)</translation>
    </message>
    <message>
        <source>Attempts by outcome, per minute</source>
        <translation>முடிவுவாரியாக முயற்சிகள், நிமிடவாரியாக</translation>
    </message>
    <message>
        <source>Latency per provider (sent to finished)</source>
        <translation>வழங்குநர்வாரியாகத் தாமதம் (அனுப்பியதிலிருந்து முடியும் வரை)</translation>
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
        <translation>மி.வி.</translation>
    </message>
    <message>
        <source>Race losses and attempts that went unknown</source>
        <translation>போட்டித் தோல்விகளும் தெரியாதது (UNKNOWN) ஆன முயற்சிகளும்</translation>
    </message>
    <message>
        <source>race losses</source>
        <translation>போட்டித் தோல்விகள்</translation>
    </message>
    <message>
        <source>went UNKNOWN</source>
        <translation>தெரியாதது (UNKNOWN) ஆனவை</translation>
    </message>
    <message>
        <source>Attempts by outcome, per 15 minutes</source>
        <translation>முடிவுவாரியாக முயற்சிகள், 15 நிமிடவாரியாக</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>படிக்கிறது…</translation>
    </message>
    <message>
        <source>Could not read the charts: %1</source>
        <translation>வரைபடங்களைப் படிக்க முடியவில்லை: %1</translation>
    </message>
    <message>
        <source>%1 to %2:</source>
        <translation>%1 முதல் %2 வரை:</translation>
    </message>
    <message numerus="yes">
        <source>%n race loss(es),</source>
        <translation>
            <numerusform>%n போட்டித் தோல்வி,</numerusform>
            <numerusform>%n போட்டித் தோல்விகள்,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s) went unknown,</source>
        <translation>
            <numerusform>%n முயற்சி தெரியாதது (UNKNOWN) ஆனது,</numerusform>
            <numerusform>%n முயற்சிகள் தெரியாதது (UNKNOWN) ஆயின,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finished attempt(s) timed.</source>
        <translation>
            <numerusform>முடிந்த %n முயற்சியின் நேரம் அளக்கப்பட்டது.</numerusform>
            <numerusform>முடிந்த %n முயற்சிகளின் நேரம் அளக்கப்பட்டது.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 reads them again.</source>
        <translation>%1 அவற்றை மீண்டும் படிக்கும்.</translation>
    </message>
    <message>
        <source>%1: p50 %2 ms, p95 %3 ms (n=%4)</source>
        <translation>%1: p50 %2 மி.வி., p95 %3 மி.வி. (n=%4)</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ConnectionBanner</name>
    <message>
        <source>Not connected. File ▸ Connect… (Ctrl+O)</source>
        <translation>இணைக்கப்படவில்லை. கோப்பு ▸ இணை… (Ctrl+O)</translation>
    </message>
    <message>
        <source>Not connected: %1 (retrying)</source>
        <translation>இணைக்கப்படவில்லை: %1 (மீண்டும் முயல்கிறது)</translation>
    </message>
    <message>
        <source>%1, read-only: actions disabled</source>
        <translation>%1, படிக்க மட்டும்: செயல்கள் முடக்கப்பட்டுள்ளன</translation>
    </message>
    <message>
        <source>local file, acts as operator</source>
        <translation>உள்ளூர்க் கோப்பு, இயக்குநராகச் செயல்படும்</translation>
    </message>
    <message>
        <source>%1 as %2 (%3)</source>
        <translation>%1, %2 ஆக (%3)</translation>
    </message>
    <message>
        <source>read %1</source>
        <translation>%1 படிக்கப்பட்டது</translation>
    </message>
    <message>
        <source>PRODUCTION</source>
        <translation>உற்பத்திச் சூழல் (PRODUCTION)</translation>
    </message>
    <message>
        <source>CONNECTION LOST at %1: %2
What you see was read at %3 (%4) and may be out of date. Reconnecting by itself; actions wait until the connection is back.</source>
        <translation>இணைப்பு துண்டிக்கப்பட்டது (CONNECTION LOST) %1 இல்: %2
நீங்கள் பார்ப்பது %3 இல் (%4) படிக்கப்பட்டது; அது பழையதாக இருக்கலாம். தானாகவே மீண்டும் இணைகிறது; இணைப்பு திரும்பும் வரை செயல்கள் காத்திருக்கும்.</translation>
    </message>
    <message>
        <source>CONNECTION LOST at %1: %2
Nothing has been read yet. Reconnecting by itself.</source>
        <translation>இணைப்பு துண்டிக்கப்பட்டது (CONNECTION LOST) %1 இல்: %2
இதுவரை எதுவும் படிக்கப்படவில்லை. தானாகவே மீண்டும் இணைகிறது.</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>%1 இல்</translation>
    </message>
    <message>
        <source>on %1, failed over from %2 at %3</source>
        <translation>%1 இல்; %3 மணிக்கு %2 இலிருந்து மாறியது</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ConnectionDialog</name>
    <message>
        <source>Connect to a JobDesk database</source>
        <translation>JobDesk தரவுத்தளத்துடன் இணை</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>சேமி (&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>நீக்கு (&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>பெயர் (&amp;N):</translation>
    </message>
    <message>
        <source>SQLite &amp;file (local, single user)</source>
        <translation>SQLite கோப்பு (உள்ளூர், ஒரே பயனர்) (&amp;F)</translation>
    </message>
    <message>
        <source>&amp;PostgreSQL</source>
        <translation>PostgreSQL (&amp;P)</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>வகை:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>உலாவு… (&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Location:</source>
        <translation>இருப்பிடம் (&amp;L):</translation>
    </message>
    <message>
        <source>asked each time, never saved</source>
        <translation>ஒவ்வொரு முறையும் கேட்கப்படும், ஒருபோதும் சேமிக்கப்படாது</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>கடவுச்சொல் (&amp;W):</translation>
    </message>
    <message>
        <source>This is &amp;production (the banner turns red)</source>
        <translation>இது உற்பத்திச் சூழல் (PRODUCTION) (பட்டை சிவப்பாகும்) (&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>இணை (&amp;C)</translation>
    </message>
    <message>
        <source>%1 (PRODUCTION)</source>
        <translation>%1 (உற்பத்திச் சூழல் – PRODUCTION)</translation>
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
        <translation>தரவுத்தளம் எங்கே உள்ளது என்று குறிப்பிடுங்கள்.</translation>
    </message>
    <message>
        <source>That is not a PostgreSQL URL (postgresql://...) or connection string (host=... dbname=...).</source>
        <translation>இது PostgreSQL URL (postgresql://...) அல்லது இணைப்புச் சரம் (host=... dbname=...) அல்ல.</translation>
    </message>
    <message>
        <source>SQLite database</source>
        <translation>SQLite தரவுத்தளம்</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite);;All files (*)</source>
        <translation>SQLite தரவுத்தளங்கள் (*.db *.sqlite);;எல்லாக் கோப்புகளும் (*)</translation>
    </message>
    <message>
        <source>Sa&amp;ved connections:</source>
        <translation>சேமித்த இணைப்புகள் (&amp;V):</translation>
    </message>
    <message>
        <source>Saved connections</source>
        <translation>சேமித்த இணைப்புகள்</translation>
    </message>
    <message>
        <source>Open the &amp;demo</source>
        <translation>மாதிரிக் காட்சியைத் திற (&amp;D)</translation>
    </message>
    <message>
        <source>The built-in demo: its own SQLite file, simulated providers and users</source>
        <translation>உள்ளமைந்த மாதிரிக் காட்சி (demo): அதற்கென SQLite கோப்பு, பாவனை வழங்குநர்கள், பயனர்கள்</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1 உடன் இணைகிறது…</translation>
    </message>
    <message>
        <source>Demo (built in)</source>
        <translation>மாதிரிக் காட்சி (உள்ளமைந்தது)</translation>
    </message>
    <message>
        <source>Starting the demo…</source>
        <translation>மாதிரிக் காட்சி தொடங்குகிறது…</translation>
    </message>
    <message>
        <source>Could not connect: %1</source>
        <translation>இணைக்க முடியவில்லை: %1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::Demo</name>
    <message>
        <source>a customer double-clicks Pay: two POSTs 180 ms apart with one key (a replay)</source>
        <translation>ஒரு வாடிக்கையாளர் Pay ஐ இருமுறை அழுத்துகிறார்: ஒரே சாவியுடன் 180 மி.வி. இடைவெளியில் இரண்டு POST கள் (மறுபதில் – replay)</translation>
    </message>
    <message>
        <source>an app reuses a key with another payload (a conflict: nothing created)</source>
        <translation>ஒரு செயலி ஒரு சாவியை வேறு உள்ளடக்கத்துடன் மீண்டும் பயன்படுத்துகிறது (முரண் – conflict: எதுவும் உருவாக்கப்படவில்லை)</translation>
    </message>
    <message>
        <source>a provider hangs past its deadline: the attempt becomes unknown and blocks the job</source>
        <translation>ஒரு வழங்குநர் கெடுவைத் தாண்டியும் பதிலளிக்கவில்லை: முயற்சி தெரியாதது (UNKNOWN) ஆகி வேலையைத் தடுக்கிறது</translation>
    </message>
    <message>
        <source>a provider answers after the deadline: unknown first, then the late result wins through the CAS</source>
        <translation>ஒரு வழங்குநர் கெடுவுக்குப் பின் பதிலளிக்கிறது: முதலில் தெரியாதது (UNKNOWN), பின்னர் தாமதமான முடிவு CAS மூலம் வெல்கிறது</translation>
    </message>
    <message>
        <source>a hedge finishes first, the slow primary after it: a race loss</source>
        <translation>காப்பு முயற்சி (hedge) முதலில் முடிகிறது, மெதுவான முதன்மை முயற்சி அதன் பின்: போட்டித் தோல்வி</translation>
    </message>
    <message>
        <source>a provider refuses: failover skips the unproven spare for the proven backup</source>
        <translation>ஒரு வழங்குநர் மறுக்கிறது: மாற்று வழி நிரூபிக்கப்படாத spare ஐத் தவிர்த்து நிரூபிக்கப்பட்ட backup ஐத் தேர்கிறது</translation>
    </message>
    <message>
        <source>fake provider %1 could not listen on 127.0.0.1</source>
        <translation>போலி வழங்குநர் %1, 127.0.0.1 இல் கேட்க (listen) முடியவில்லை</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::IncidentReportDialog</name>
    <message>
        <source>Incident report: job %1</source>
        <translation>சம்பவ அறிக்கை: வேலை %1</translation>
    </message>
    <message>
        <source>&amp;Copy Markdown</source>
        <translation>Markdown ஐ நகலெடு (&amp;C)</translation>
    </message>
    <message>
        <source>Save as &amp;PDF…</source>
        <translation>PDF ஆகச் சேமி… (&amp;P)</translation>
    </message>
    <message>
        <source>Save the incident report</source>
        <translation>சம்பவ அறிக்கையைச் சேமி</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>The report is on the clipboard as Markdown.</source>
        <translation>அறிக்கை Markdown ஆக இடைநிலைப் பலகையில் (clipboard) உள்ளது.</translation>
    </message>
    <message>
        <source>Saved as %1.</source>
        <translation>%1 ஆகச் சேமிக்கப்பட்டது.</translation>
    </message>
    <message>
        <source>Incident report</source>
        <translation>சம்பவ அறிக்கை</translation>
    </message>
    <message>
        <source>Could not read job %1 for its report: %2</source>
        <translation>அறிக்கைக்காக வேலை %1 ஐப் படிக்க முடியவில்லை: %2</translation>
    </message>
    <message>
        <source>Copy Markdown puts the report on the clipboard; Save as PDF writes a file.</source>
        <translation>Markdown ஐ நகலெடு அறிக்கையை இடைநிலைப்பலகையில் வைக்கும்; PDF ஆகச் சேமி ஒரு கோப்பை எழுதும்.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::IncidentsModel</name>
    <message>
        <source>One job (%1, %2).</source>
        <translation>ஒரு வேலை (%1, %2).</translation>
    </message>
    <message>
        <source>The key was sent once.</source>
        <translation>சாவி ஒருமுறை மட்டுமே அனுப்பப்பட்டது.</translation>
    </message>
    <message numerus="yes">
        <source>The key was sent %1 times from %n client(s) within %2.</source>
        <translation>
            <numerusform>சாவி %2 க்குள் %n கிளையன்டிலிருந்து %1 முறை அனுப்பப்பட்டது.</numerusform>
            <numerusform>சாவி %2 க்குள் %n கிளையன்ட்களிலிருந்து %1 முறை அனுப்பப்பட்டது.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n replay(s) returned the same job: nothing was done twice.</source>
        <translation>
            <numerusform>%n மறுபதில் அதே வேலையைத் திருப்பியளித்தது: எதுவும் இருமுறை செய்யப்படவில்லை.</numerusform>
            <numerusform>%n மறுபதில்கள் அதே வேலையைத் திருப்பியளித்தன: எதுவும் இருமுறை செய்யப்படவில்லை.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n CONFLICT(s): the same key came with another payload, which was refused (nothing created).</source>
        <translation>
            <numerusform>%n முரண் (CONFLICT): அதே சாவி வேறு உள்ளடக்கத்துடன் வந்தது; அது மறுக்கப்பட்டது (எதுவும் உருவாக்கப்படவில்லை).</numerusform>
            <numerusform>%n முரண்கள் (CONFLICT): அதே சாவி வேறு உள்ளடக்கத்துடன் வந்தது; அவை மறுக்கப்பட்டன (எதுவும் உருவாக்கப்படவில்லை).</numerusform>
        </translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>உரிமையாளர்</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>சாவி (idempotency key)</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>வேலை</translation>
    </message>
    <message>
        <source>State</source>
        <translation>நிலை</translation>
    </message>
    <message>
        <source>Replays</source>
        <translation>மறுபதில்கள்</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>முரண்கள்</translation>
    </message>
    <message>
        <source>First</source>
        <translation>முதல் முறை</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>கடைசி முறை</translation>
    </message>
    <message>
        <source>Spread</source>
        <translation>இடைப்பட்ட நேரம்</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>கிளையன்ட்கள்</translation>
    </message>
    <message numerus="yes">
        <source>%n CONFLICT(s)</source>
        <translation>
            <numerusform>%n முரண் (CONFLICT)</numerusform>
            <numerusform>%n முரண்கள் (CONFLICTS)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::IncidentsView</name>
    <message>
        <source>When</source>
        <translation>எப்போது</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>என்ன நடந்தது</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>கிளையன்ட்</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>கைரேகை (fingerprint)</translation>
    </message>
    <message>
        <source>Owner or idempotency key, exactly as the customer sent it (empty: the newest duplicates)</source>
        <translation>உரிமையாளர் அல்லது சாவி, வாடிக்கையாளர் அனுப்பியபடியே சரியாக (காலியாக விட்டால்: மிகப் புதிய இரட்டைகள்)</translation>
    </message>
    <message>
        <source>Show the &amp;diff</source>
        <translation>வேறுபாட்டைக் காட்டு (&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Open the job</source>
        <translation>வேலையைத் திற (&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Export incident report…</source>
        <translation>சம்பவ அறிக்கையை ஏற்றுமதி செய்… (&amp;E)</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>படிக்கிறது…</translation>
    </message>
    <message>
        <source>Could not read the incidents: %1</source>
        <translation>சம்பவங்களைப் படிக்க முடியவில்லை: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) sent more than once, %1 with a conflict</source>
        <translation>
            <numerusform>ஒன்றுக்கு மேல் அனுப்பப்பட்ட %n சாவி, %1 முரணுடன்</numerusform>
            <numerusform>ஒன்றுக்கு மேல் அனுப்பப்பட்ட %n சாவிகள், அவற்றில் %1 முரணுடன்</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) with owner or key &quot;%1&quot;</source>
        <translation>
            <numerusform>உரிமையாளர் அல்லது சாவி &quot;%1&quot; உள்ள %n வேலை</numerusform>
            <numerusform>உரிமையாளர் அல்லது சாவி &quot;%1&quot; உள்ள %n வேலைகள்</numerusform>
        </translation>
    </message>
    <message>
        <source>No job has owner or key &quot;%1&quot;.</source>
        <translation>உரிமையாளர் அல்லது சாவி &quot;%1&quot; உள்ள வேலை எதுவும் இல்லை.</translation>
    </message>
    <message>
        <source>Could not read job %1: %2</source>
        <translation>வேலை %1 ஐப் படிக்க முடியவில்லை: %2</translation>
    </message>
    <message>
        <source>created job %1</source>
        <translation>வேலை %1 ஐ உருவாக்கியது</translation>
    </message>
    <message>
        <source>CONFLICT: another payload with the same key, refused (double-click for the diff)</source>
        <translation>முரண் (CONFLICT): அதே சாவியுடன் வேறு உள்ளடக்கம், மறுக்கப்பட்டது (வேறுபாட்டைக் காண இருமுறை சொடுக்குங்கள்)</translation>
    </message>
    <message>
        <source>replayed: the same payload, job %1 returned</source>
        <translation>மறுபதில் (replay): அதே உள்ளடக்கம், வேலை %1 திருப்பியளிக்கப்பட்டது</translation>
    </message>
    <message>
        <source>The newest %1 keys sent more than once are shown, %2 with a conflict; there may be more: search by owner or key to see theirs.</source>
        <translation>ஒன்றுக்கு மேல் அனுப்பப்பட்ட புதிய %1 சாவிகள் காட்டப்படுகின்றன, அவற்றில் %2 முரணுடன்; இன்னும் இருக்கலாம்: அவற்றைக் காண உரிமையாளர் அல்லது சாவியால் தேடுங்கள்.</translation>
    </message>
    <message>
        <source>Owner or key, exactly as sent</source>
        <translation>உரிமையாளர் அல்லது சாவி, அனுப்பியபடியே</translation>
    </message>
    <message>
        <source>The newest %1 jobs with owner or key &quot;%2&quot; are shown; there may be more.</source>
        <translation>உரிமையாளர் அல்லது சாவி &quot;%2&quot; கொண்ட புதிய %1 வேலைகள் காட்டப்படுகின்றன; இன்னும் இருக்கலாம்.</translation>
    </message>
    <message>
        <source>Reading what was charged…</source>
        <translation>என்ன கட்டணம் விதிக்கப்பட்டது என்று படிக்கிறது…</translation>
    </message>
    <message>
        <source>Charges: %1</source>
        <translation>கட்டணங்கள்: %1</translation>
    </message>
    <message>
        <source>Charges: not known, the job&apos;s attempts could not be read.</source>
        <translation>கட்டணங்கள்: தெரியவில்லை, வேலையின் முயற்சிகளைப் படிக்க முடியவில்லை.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::IntentDiffDialog</name>
    <message>
        <source>Key conflict on %1: what differs</source>
        <translation>%1 இல் சாவி முரண்: என்ன வேறுபடுகிறது</translation>
    </message>
    <message>
        <source>Owner %1 reused the key %2 with another intent: %3 field(s) differ, so nothing was created and job %4 is unchanged.
Stored: job %4, created %5 by %6.
Rejected: request at %7 (%8 after the job was created) by %9.</source>
        <translation>உரிமையாளர் %1 சாவி %2 ஐ வேறொரு நோக்கத்துடன் மீண்டும் பயன்படுத்தினார்: %3 புலம்(கள்) வேறுபடுகின்றன, எனவே எதுவும் உருவாக்கப்படவில்லை, வேலை %4 மாறவில்லை.
சேமிக்கப்பட்டது: வேலை %4, %5 இல் %6 உருவாக்கியது.
நிராகரிக்கப்பட்டது: %7 இல் (வேலை உருவாக்கப்பட்டு %8 பின்) %9 அனுப்பிய கோரிக்கை.</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>புலம்</translation>
    </message>
    <message>
        <source>Stored (the job&apos;s intent)</source>
        <translation>சேமிக்கப்பட்டது (வேலையின் நோக்கம்)</translation>
    </message>
    <message>
        <source>Rejected (this request)</source>
        <translation>நிராகரிக்கப்பட்டது (இந்தக் கோரிக்கை)</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>வேறுபாடு</translation>
    </message>
    <message>
        <source>same</source>
        <translation>அதே</translation>
    </message>
    <message>
        <source>CHANGED</source>
        <translation>மாற்றப்பட்டது (CHANGED)</translation>
    </message>
    <message>
        <source>REMOVED in the request</source>
        <translation>கோரிக்கையில் நீக்கப்பட்டது (REMOVED)</translation>
    </message>
    <message>
        <source>ADDED in the request</source>
        <translation>கோரிக்கையில் சேர்க்கப்பட்டது (ADDED)</translation>
    </message>
    <message>
        <source>(absent)</source>
        <translation>(இல்லை)</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::JobDetailView</name>
    <message>
        <source>Select a job to see it in full.</source>
        <translation>முழுமையாகப் பார்க்க ஒரு வேலையைத் தேர்ந்தெடுங்கள்.</translation>
    </message>
    <message>
        <source>Intent (route and input, as fingerprinted):</source>
        <translation>நோக்கம் (கைரேகையிடப்பட்டபடி வழித்தடமும் உள்ளீடும்):</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>முடிவு:</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>மேலோட்டம்</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>வழங்குநர்</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>வகை</translation>
    </message>
    <message>
        <source>State</source>
        <translation>நிலை</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>தொடங்கியது</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>எடுத்த நேரம்</translation>
    </message>
    <message>
        <source>Read version</source>
        <translation>படித்த பதிப்பு</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>கெடு</translation>
    </message>
    <message>
        <source>Provider key</source>
        <translation>வழங்குநர் சாவி</translation>
    </message>
    <message>
        <source>Last reason</source>
        <translation>கடைசிக் காரணம்</translation>
    </message>
    <message>
        <source>Time line</source>
        <translation>காலவரிசை</translation>
    </message>
    <message>
        <source>When</source>
        <translation>எப்போது</translation>
    </message>
    <message>
        <source>What</source>
        <translation>என்ன</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>கிளையன்ட்</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>கைரேகை (fingerprint)</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>விவரங்கள்</translation>
    </message>
    <message>
        <source>Show the &amp;diff of this conflict…</source>
        <translation>இந்த முரணின் வேறுபாட்டைக் காட்டு… (&amp;D)</translation>
    </message>
    <message>
        <source>Key history</source>
        <translation>சாவி வரலாறு</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>முயற்சி</translation>
    </message>
    <message>
        <source>Transition</source>
        <translation>நிலைமாற்றம்</translation>
    </message>
    <message>
        <source>By</source>
        <translation>செய்தவர்</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>காரணம்</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>நிகழ்வுகள்</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>செயல்</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>இயக்குநர்</translation>
    </message>
    <message>
        <source>Database user</source>
        <translation>தரவுத்தளப் பயனர்</translation>
    </message>
    <message>
        <source>Request id</source>
        <translation>கோரிக்கை id</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>பதில்</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>தணிக்கை</translation>
    </message>
    <message>
        <source>Job %1: reading…</source>
        <translation>வேலை %1: படிக்கிறது…</translation>
    </message>
    <message>
        <source>Job %1 could not be read: %2</source>
        <translation>வேலை %1 ஐப் படிக்க முடியவில்லை: %2</translation>
    </message>
    <message>
        <source>Job %1 · %2 · owner %3 · key %4 · route %5 · v%6 · created %7 (%8)</source>
        <translation>வேலை %1 · %2 · உரிமையாளர் %3 · சாவி %4 · வழித்தடம் %5 · v%6 · உருவாக்கப்பட்டது %7 (%8)</translation>
    </message>
    <message>
        <source>Key history (%1)</source>
        <translation>சாவி வரலாறு (%1)</translation>
    </message>
    <message>
        <source>Events (%1)</source>
        <translation>நிகழ்வுகள் (%1)</translation>
    </message>
    <message>
        <source>Audit (%1)</source>
        <translation>தணிக்கை (%1)</translation>
    </message>
    <message>
        <source>Time line (%1)</source>
        <translation>காலவரிசை (%1)</translation>
    </message>
    <message>
        <source>BLOCKED: waiting for an operator. </source>
        <translation>தடைப்பட்டது (BLOCKED): இயக்குநருக்காகக் காத்திருக்கிறது. </translation>
    </message>
    <message>
        <source>Reason recorded on the job: %1</source>
        <translation>வேலையில் பதிவான காரணம்: %1</translation>
    </message>
    <message>
        <source>Result (from the winner, attempt #%1 on %2):</source>
        <translation>முடிவு (வெற்றியாளரிடமிருந்து, %2 இல் முயற்சி #%1):</translation>
    </message>
    <message>
        <source>(no result yet)</source>
        <translation>(இன்னும் முடிவு இல்லை)</translation>
    </message>
    <message>
        <source>%1 (WINNER)</source>
        <translation>%1 (வெற்றியாளர் – WINNER)</translation>
    </message>
    <message>
        <source>v%1</source>
        <translation>v%1</translation>
    </message>
    <message>
        <source>created job %1</source>
        <translation>வேலை %1 ஐ உருவாக்கியது</translation>
    </message>
    <message>
        <source>CONFLICT: same key, another intent (nothing created)</source>
        <translation>முரண் (CONFLICT): அதே சாவி, வேறு நோக்கம் (எதுவும் உருவாக்கப்படவில்லை)</translation>
    </message>
    <message>
        <source>replayed: same key, same intent (job %1 returned)</source>
        <translation>மறுபதில் (replay): அதே சாவி, அதே நோக்கம் (வேலை %1 திருப்பியளிக்கப்பட்டது)</translation>
    </message>
    <message>
        <source>double-click or &quot;Show the diff&quot; to compare the intents</source>
        <translation>நோக்கங்களை ஒப்பிட இருமுறை சொடுக்குங்கள் அல்லது &quot;வேறுபாட்டைக் காட்டு&quot; ஐ அழுத்துங்கள்</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>created as %1</source>
        <translation>%1 ஆக உருவாக்கப்பட்டது</translation>
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
        <translation>இணைப்பு துண்டிக்கப்பட்டது: இணைப்பு திரும்பும் வரை செயல்கள் காத்திருக்கும்.</translation>
    </message>
    <message>
        <source>This connection may only read (role %1).</source>
        <translation>இந்த இணைப்பு படிக்க மட்டுமே முடியும் (பங்கு %1).</translation>
    </message>
    <message>
        <source>Cancel #%1 (%2)…</source>
        <translation>#%1 ஐ ரத்துசெய் (%2)…</translation>
    </message>
    <message>
        <source>Cancel attempt #%1 (Ctrl+K cancels the oldest unknown one)</source>
        <translation>முயற்சி #%1 ஐ ரத்துசெய் (Ctrl+K மிகப் பழைய தெரியாத (UNKNOWN) முயற்சியை ரத்துசெய்யும்)</translation>
    </message>
    <message>
        <source>&amp;Retry…</source>
        <translation>மறுமுயற்சி… (&amp;R)</translation>
    </message>
    <message>
        <source>Cancel jo&amp;b…</source>
        <translation>வேலையை ரத்துசெய்… (&amp;B)</translation>
    </message>
    <message>
        <source>Its request went to %1</source>
        <translation>அதன் கோரிக்கை %1 க்குச் சென்றது</translation>
    </message>
    <message>
        <source>Not sent yet</source>
        <translation>இன்னும் அனுப்பப்படவில்லை</translation>
    </message>
    <message>
        <source>It records no endpoint its request went to (never sent, or sent by an older JobDesk)</source>
        <translation>அதன் கோரிக்கை சென்ற முனையம் (endpoint) எதுவும் பதிவாகவில்லை (அனுப்பப்படவில்லை, அல்லது பழைய JobDesk அனுப்பியது)</translation>
    </message>
    <message>
        <source>charged</source>
        <translation>கட்டணம் உண்டு</translation>
    </message>
    <message>
        <source>POSSIBLY charged</source>
        <translation>கட்டணம் இருக்கக்கூடும்</translation>
    </message>
    <message>
        <source>not charged</source>
        <translation>கட்டணம் இல்லை</translation>
    </message>
    <message>
        <source>Charge</source>
        <translation>கட்டணம்</translation>
    </message>
    <message>
        <source>Job %1 is %2 now.</source>
        <translation>வேலை %1 இப்போது %2.</translation>
    </message>
    <message>
        <source>Charges: %1</source>
        <translation>கட்டணங்கள்: %1</translation>
    </message>
    <message>
        <source>Job detail</source>
        <translation>வேலை விவரம்</translation>
    </message>
    <message>
        <source>Intent</source>
        <translation>நோக்கம்</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>முடிவு</translation>
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
        <translation>உரிமையாளர்</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>சாவி (idempotency key)</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>வழித்தடம்</translation>
    </message>
    <message>
        <source>State</source>
        <translation>நிலை</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>முயற்சிகள்</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>வழங்குநர்</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>வயது</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>பதிப்பு</translation>
    </message>
    <message>
        <source>%1 (%2 UNKNOWN)</source>
        <translation>%1 (%2 தெரியாதது – UNKNOWN)</translation>
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
        <translation>தடைப்பட்டது (BLOCKED): ஒரு முயற்சி தெரியாதது (UNKNOWN), வெற்றியாளர் இல்லை. இயக்குநர் அதன் முடிவைக் கண்டறிய வேண்டும் அல்லது அதை ரத்துசெய்ய வேண்டும்.</translation>
    </message>
    <message>
        <source>#%1 %2 on %3</source>
        <translation>#%1 %3 இல் %2</translation>
    </message>
    <message>
        <source>created %1</source>
        <translation>உருவாக்கப்பட்டது %1</translation>
    </message>
    <message>
        <source>No longer matches the filter (%1 reads the list again).</source>
        <translation>இனி வடிகட்டியுடன் பொருந்தவில்லை (%1 பட்டியலை மீண்டும் படிக்கும்).</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::MainWindow</name>
    <message>
        <source>JobDesk console</source>
        <translation>JobDesk கட்டுப்பாட்டகம்</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>வேலைகள்</translation>
    </message>
    <message>
        <source>Could not read jobs: %1</source>
        <translation>வேலைகளைப் படிக்க முடியவில்லை: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n new job(s) waiting: show them (they do not push the rows you are reading)</source>
        <translation>
            <numerusform>%n புதிய வேலை காத்திருக்கிறது: காட்டு (நீங்கள் படிக்கும் வரிசைகளை அது நகர்த்தாது)</numerusform>
            <numerusform>%n புதிய வேலைகள் காத்திருக்கின்றன: காட்டு (நீங்கள் படிக்கும் வரிசைகளை அவை நகர்த்தாது)</numerusform>
        </translation>
    </message>
    <message>
        <source>Any state</source>
        <translation>எந்த நிலையும்</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>உரிமையாளர்</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>வழித்தடம்</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>வழங்குநர்</translation>
    </message>
    <message>
        <source>Any age</source>
        <translation>எந்த வயதும்</translation>
    </message>
    <message>
        <source>Last 15 min</source>
        <translation>கடந்த 15 நிமி.</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>கடந்த 1 மணி</translation>
    </message>
    <message>
        <source>Last day</source>
        <translation>கடந்த 1 நாள்</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>கோப்பு (&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>இணை… (&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>வெளியேறு (&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>காட்சி (&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Find job id or key</source>
        <translation>வேலை id அல்லது சாவியைத் தேடு (&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>புதுப்பி (&amp;R)</translation>
    </message>
    <message>
        <source>Show &amp;new jobs</source>
        <translation>புதிய வேலைகளைக் காட்டு (&amp;N)</translation>
    </message>
    <message>
        <source>Times in &amp;UTC</source>
        <translation>நேரங்கள் UTC இல் (&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Job</source>
        <translation>வேலை (&amp;J)</translation>
    </message>
    <message>
        <source>&amp;Copy job id</source>
        <translation>வேலை id ஐ நகலெடு (&amp;C)</translation>
    </message>
    <message>
        <source>Copy idempotency &amp;key</source>
        <translation>சாவியை நகலெடு (&amp;K)</translation>
    </message>
    <message>
        <source>Cancel &amp;attempt…</source>
        <translation>முயற்சியை ரத்துசெய்… (&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Retry…</source>
        <translation>மறுமுயற்சி… (&amp;R)</translation>
    </message>
    <message>
        <source>Cancel &amp;job…</source>
        <translation>வேலையை ரத்துசெய்… (&amp;J)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>உதவி (&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About JobDesk</source>
        <translation>JobDesk பற்றி (&amp;A)</translation>
    </message>
    <message>
        <source>About JobDesk</source>
        <translation>JobDesk பற்றி</translation>
    </message>
    <message>
        <source>JobDesk %1: one user intent, one side effect.

Jobs are the stable record of what a user asked for; attempts are tries against providers; a timeout is unknown, never failed; exactly one attempt wins, by compare-and-swap.</source>
        <translation>JobDesk %1: ஒரு பயனர் நோக்கம், ஒரே ஒரு விளைவு.

வேலைகள் பயனர் கேட்டதன் நிலையான பதிவு; முயற்சிகள் வழங்குநர்களிடம் செய்யும் முயற்சிகள்; காலக்கெடு மீறல் என்றால் தெரியாதது (UNKNOWN), ஒருபோதும் தோல்வி அல்ல; compare-and-swap மூலம் சரியாக ஒரு முயற்சி மட்டுமே வெல்லும்.</translation>
    </message>
    <message>
        <source>JobDesk console: %1</source>
        <translation>JobDesk கட்டுப்பாட்டகம்: %1</translation>
    </message>
    <message>
        <source>Reading jobs…</source>
        <translation>வேலைகளைப் படிக்கிறது…</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) shown; more load as you scroll.</source>
        <translation>
            <numerusform>%n வேலை காட்டப்படுகிறது; உருட்டும்போது மேலும் ஏற்றப்படும்.</numerusform>
            <numerusform>%n வேலைகள் காட்டப்படுகின்றன; உருட்டும்போது மேலும் ஏற்றப்படும்.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n matching job(s) shown.</source>
        <translation>
            <numerusform>பொருந்தும் %n வேலையும் காட்டப்படுகிறது.</numerusform>
            <numerusform>பொருந்தும் %n வேலைகளும் காட்டப்படுகின்றன.</numerusform>
        </translation>
    </message>
    <message>
        <source>Live updates paused while minimised.</source>
        <translation>சாளரம் சிறிதாக்கப்பட்டிருக்கும்போது நேரடிப் புதுப்பிப்புகள் நிறுத்தப்பட்டுள்ளன.</translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation>%1 நகலெடுக்கப்பட்டது</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>மொழி (&amp;L)</translation>
    </message>
    <message>
        <source>Worklists</source>
        <translation>பணிப் பட்டியல்கள்</translation>
    </message>
    <message>
        <source>The table may be incomplete; %1 reads it again.</source>
        <translation>அட்டவணை முழுமையாக இல்லாமல் இருக்கலாம்; %1 அதை மீண்டும் படிக்கும்.</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) shown.</source>
        <translation>
            <numerusform>%n வேலை காட்டப்படுகிறது.</numerusform>
            <numerusform>%n வேலைகள் காட்டப்படுகின்றன.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new job(s) wait above the table (%1 shows them).</source>
        <translation>
            <numerusform>%n புதிய வேலை அட்டவணைக்கு மேலே காத்திருக்கிறது (%1 அதைக் காட்டும்).</numerusform>
            <numerusform>%n புதிய வேலைகள் அட்டவணைக்கு மேலே காத்திருக்கின்றன (%1 அவற்றைக் காட்டும்).</numerusform>
        </translation>
    </message>
    <message>
        <source>Job id or key (Ctrl+F)</source>
        <translation>வேலை id அல்லது சாவி (Ctrl+F)</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>காட்சிகள்</translation>
    </message>
    <message>
        <source>The jobs whose idempotency key starts with what you type (key:TEXT for exactly that key); a number and Enter opens that job</source>
        <translation>நீங்கள் தட்டச்சு செய்வதில் தொடங்கும் சாவி (idempotency key) உள்ள வேலைகள் (சரியாக அந்தச் சாவிக்கு key:TEXT); ஒரு எண்ணும் Enter உம் அந்த வேலையைத் திறக்கும்</translation>
    </message>
    <message>
        <source>Find job id or idempotency key</source>
        <translation>வேலை id அல்லது சாவியைத் தேடு</translation>
    </message>
    <message>
        <source>State filter</source>
        <translation>நிலை வடிகட்டி</translation>
    </message>
    <message>
        <source>Owner filter (exact owner id)</source>
        <translation>உரிமையாளர் வடிகட்டி (சரியான உரிமையாளர் id)</translation>
    </message>
    <message>
        <source>Route filter</source>
        <translation>வழித்தட வடிகட்டி</translation>
    </message>
    <message>
        <source>Provider filter</source>
        <translation>வழங்குநர் வடிகட்டி</translation>
    </message>
    <message>
        <source>Age filter</source>
        <translation>வயது வடிகட்டி</translation>
    </message>
    <message>
        <source>Active filters</source>
        <translation>செயலில் உள்ள வடிகட்டிகள்</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>வடிகட்டிகளை நீக்கு</translation>
    </message>
    <message>
        <source>New jobs waiting</source>
        <translation>காத்திருக்கும் புதிய வேலைகள்</translation>
    </message>
    <message>
        <source>&amp;Export shown jobs as CSV…</source>
        <translation>காட்டப்படும் வேலைகளை CSV ஆக ஏற்றுமதிசெய்… (&amp;E)</translation>
    </message>
    <message>
        <source>Saved &amp;views</source>
        <translation>சேமித்த காட்சிகள் (&amp;V)</translation>
    </message>
    <message>
        <source>Cancel attempt: select a job first.</source>
        <translation>முயற்சியை ரத்துசெய்: முதலில் ஒரு வேலையைத் தேர்ந்தெடுங்கள்.</translation>
    </message>
    <message>
        <source>Cancel attempt: %1</source>
        <translation>முயற்சியை ரத்துசெய்: %1</translation>
    </message>
    <message>
        <source>Cancel attempt: job %1 has no open or unknown attempt to cancel.</source>
        <translation>முயற்சியை ரத்துசெய்: வேலை %1 இல் ரத்துசெய்ய திறந்த அல்லது தெரியாத (UNKNOWN) முயற்சி இல்லை.</translation>
    </message>
    <message>
        <source>Retry: select a job first.</source>
        <translation>மறுமுயற்சி: முதலில் ஒரு வேலையைத் தேர்ந்தெடுங்கள்.</translation>
    </message>
    <message>
        <source>Retry: %1</source>
        <translation>மறுமுயற்சி: %1</translation>
    </message>
    <message>
        <source>Retry refused for job %1: %2</source>
        <translation>வேலை %1 க்கு மறுமுயற்சி மறுக்கப்பட்டது: %2</translation>
    </message>
    <message>
        <source>Cancel job: select a job first.</source>
        <translation>வேலையை ரத்துசெய்: முதலில் ஒரு வேலையைத் தேர்ந்தெடுங்கள்.</translation>
    </message>
    <message>
        <source>Cancel job: %1</source>
        <translation>வேலையை ரத்துசெய்: %1</translation>
    </message>
    <message>
        <source>Cancel job %1 refused: %2</source>
        <translation>வேலை %1 ஐ ரத்துசெய்வது மறுக்கப்பட்டது: %2</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>விசைப்பலகைக் குறுக்குவழிகள் (&amp;K)</translation>
    </message>
    <message>
        <source>The jobs are sorted by id, owner, key, route, state or age: the store keeps those in order, so every page follows the order and not only the rows loaded.</source>
        <translation>வேலைகளை id, உரிமையாளர், சாவி, வழித்தடம், நிலை அல்லது வயது வாரியாக வரிசைப்படுத்தலாம்: சேமிப்பகம் அவற்றை வரிசையில் வைத்திருப்பதால் ஏற்றப்பட்ட வரிசைகள் மட்டுமல்ல, ஒவ்வொரு பக்கமும் அந்த வரிசையைப் பின்பற்றும்.</translation>
    </message>
    <message>
        <source>state %1</source>
        <translation>நிலை %1</translation>
    </message>
    <message>
        <source>key starts with &quot;%1&quot;</source>
        <translation>சாவி &quot;%1&quot; இல் தொடங்குகிறது</translation>
    </message>
    <message>
        <source>key &quot;%1&quot;</source>
        <translation>சாவி &quot;%1&quot;</translation>
    </message>
    <message>
        <source>owner &quot;%1&quot;</source>
        <translation>உரிமையாளர் &quot;%1&quot;</translation>
    </message>
    <message>
        <source>route &quot;%1&quot;</source>
        <translation>வழித்தடம் &quot;%1&quot;</translation>
    </message>
    <message>
        <source>provider &quot;%1&quot;</source>
        <translation>வழங்குநர் &quot;%1&quot;</translation>
    </message>
    <message>
        <source>No filter: every job.</source>
        <translation>வடிகட்டி இல்லை: எல்லா வேலைகளும்.</translation>
    </message>
    <message>
        <source>Filtered by %1.</source>
        <translation>வடிகட்டியவை: %1.</translation>
    </message>
    <message>
        <source>No jobs match: %1</source>
        <translation>எந்த வேலையும் பொருந்தவில்லை: %1</translation>
    </message>
    <message>
        <source>the %1 filter</source>
        <translation>%1 வடிகட்டி</translation>
    </message>
    <message>
        <source>the age filter (%1)</source>
        <translation>வயது வடிகட்டி (%1)</translation>
    </message>
    <message>
        <source>the owner filter</source>
        <translation>உரிமையாளர் வடிகட்டி</translation>
    </message>
    <message>
        <source>the route filter</source>
        <translation>வழித்தட வடிகட்டி</translation>
    </message>
    <message>
        <source>the provider filter</source>
        <translation>வழங்குநர் வடிகட்டி</translation>
    </message>
    <message>
        <source>%1 hides more than 100 matches</source>
        <translation>%1 100 க்கும் மேற்பட்ட பொருத்தங்களை மறைக்கிறது</translation>
    </message>
    <message numerus="yes">
        <source>%1 hides %n match(es)</source>
        <translation>
            <numerusform>%1 %n பொருத்தத்தை மறைக்கிறது</numerusform>
            <numerusform>%1 %n பொருத்தங்களை மறைக்கிறது</numerusform>
        </translation>
    </message>
    <message>
        <source>No jobs: %1.</source>
        <translation>வேலைகள் இல்லை: %1.</translation>
    </message>
    <message>
        <source>No jobs: no idempotency key starts with &quot;%1&quot; (keys are case-sensitive).</source>
        <translation>வேலைகள் இல்லை: எந்தச் சாவியும் &quot;%1&quot; இல் தொடங்கவில்லை (சாவிகளில் பெரிய/சிறிய எழுத்து வேறுபடும்).</translation>
    </message>
    <message>
        <source>No jobs: no job has the idempotency key &quot;%1&quot;.</source>
        <translation>வேலைகள் இல்லை: &quot;%1&quot; என்ற சாவியுடன் எந்த வேலையும் இல்லை.</translation>
    </message>
    <message>
        <source>No jobs match these filters together.</source>
        <translation>இந்த வடிகட்டிகள் அனைத்துக்கும் ஒருசேரப் பொருந்தும் வேலை இல்லை.</translation>
    </message>
    <message>
        <source>Export shown jobs as CSV</source>
        <translation>காட்டப்படும் வேலைகளை CSV ஆக ஏற்றுமதிசெய்</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV கோப்புகள் (*.csv);;எல்லாக் கோப்புகளும் (*)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 ஐ எழுத முடியவில்லை: %2</translation>
    </message>
    <message numerus="yes">
        <source>Exported the %n job(s) loaded to %1 (more match: scroll to load them).</source>
        <translation>
            <numerusform>ஏற்றப்பட்ட %n வேலை %1 க்கு ஏற்றுமதியானது (மேலும் பொருந்துகின்றன: அவற்றை ஏற்ற உருட்டுங்கள்).</numerusform>
            <numerusform>ஏற்றப்பட்ட %n வேலைகள் %1 க்கு ஏற்றுமதியாயின (மேலும் பொருந்துகின்றன: அவற்றை ஏற்ற உருட்டுங்கள்).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n job(s) to %1.</source>
        <translation>
            <numerusform>%n வேலை %1 க்கு ஏற்றுமதியானது.</numerusform>
            <numerusform>%n வேலைகள் %1 க்கு ஏற்றுமதியாயின.</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved the view &quot;%1&quot;.</source>
        <translation>&quot;%1&quot; காட்சி சேமிக்கப்பட்டது.</translation>
    </message>
    <message>
        <source>&amp;Save the current filters as…</source>
        <translation>இப்போதைய வடிகட்டிகளை இப்படிச் சேமி… (&amp;S)</translation>
    </message>
    <message>
        <source>Save view</source>
        <translation>காட்சியைச் சேமி</translation>
    </message>
    <message>
        <source>Name of the view (the filters and the order as they are now):</source>
        <translation>காட்சியின் பெயர் (இப்போதுள்ள வடிகட்டிகளும் வரிசையும்):</translation>
    </message>
    <message>
        <source>&amp;Delete a saved view</source>
        <translation>சேமித்த காட்சியை நீக்கு (&amp;D)</translation>
    </message>
    <message>
        <source>Open &amp;archive…</source>
        <translation>காப்பகத்தைத் திற… (&amp;A)</translation>
    </message>
    <message>
        <source>A retention archive (.jsonl.gz), read-only: its jobs, their stories and incident reports</source>
        <translation>ஒரு தக்கவைப்புக் காப்பகம் (.jsonl.gz), படிக்க மட்டும்: அதன் வேலைகள், அவற்றின் கதைகள், சம்பவ அறிக்கைகள்</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>தோற்றம் (&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Sidebar</source>
        <translation>பக்கப்பட்டி (&amp;S)</translation>
    </message>
    <message>
        <source>The window is too narrow for the sidebar beside every jobs column: widen it, or the columns scroll.</source>
        <translation>ஒவ்வொரு வேலை நெடுவரிசையுடனும் பக்கப்பட்டிக்குச் சாளரம் போதுமான அகலம் இல்லை: அதை அகலமாக்குங்கள், இல்லையெனில் நெடுவரிசைகள் உருளும்.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ProvidersModel</name>
    <message>
        <source>Validated for %1
Recorded config now %2</source>
        <translation>%1 க்காகச் சரிபார்க்கப்பட்டது
இப்போது பதிவான அமைப்பு %2</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ஆம்</translation>
    </message>
    <message>
        <source>no</source>
        <translation>இல்லை</translation>
    </message>
    <message>
        <source>not in chain</source>
        <translation>சங்கிலியில் இல்லை</translation>
    </message>
    <message>
        <source>none</source>
        <translation>இல்லை</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>தேர்ச்சி</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>தோல்வியடைந்தது (FAILED)</translation>
    </message>
    <message>
        <source>current</source>
        <translation>நடப்பில்</translation>
    </message>
    <message>
        <source>STALE</source>
        <translation>பழையது (STALE)</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>வழங்குநர்</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>வழித்தடம்</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>வகை</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>முனையம் (endpoint)</translation>
    </message>
    <message>
        <source>Chain</source>
        <translation>சங்கிலி</translation>
    </message>
    <message>
        <source>Validated</source>
        <translation>சரிபார்க்கப்பட்டது</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>காலாவதியாவது</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>அமைப்பு (config)</translation>
    </message>
    <message>
        <source>Standing</source>
        <translation>நிலைமை</translation>
    </message>
    <message>
        <source>Lookup</source>
        <translation>நிலை விசாரிப்பு</translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>சரிபார்ப்பு</translation>
    </message>
    <message>
        <source>first</source>
        <translation>முதலாவது</translation>
    </message>
    <message>
        <source>fallback %1</source>
        <translation>மாற்று %1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ProvidersView</name>
    <message>
        <source>Run the contract validation of the selected provider for its route now, and record it</source>
        <translation>தேர்ந்தெடுத்த வழங்குநரின் ஒப்பந்தச் சரிபார்ப்பை அதன் வழித்தடத்துக்கு இப்போதே இயக்கிப் பதிவுசெய்</translation>
    </message>
    <message>
        <source>Could not read the providers: %1</source>
        <translation>வழங்குநர்களைப் படிக்க முடியவில்லை: %1</translation>
    </message>
    <message>
        <source>%1 for %2: %3</source>
        <translation>%2 க்கான %1: %3</translation>
    </message>
    <message>
        <source>Validation %1 at %2, %3, expires %4.</source>
        <translation>சரிபார்ப்பு %1: %2 இல், %3; %4 இல் காலாவதியாகும்.</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>தேர்ச்சி</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>தோல்வியடைந்தது (FAILED)</translation>
    </message>
    <message>
        <source>Validated config %1; recorded config now %2.</source>
        <translation>சரிபார்க்கப்பட்ட அமைப்பு %1; இப்போது பதிவான அமைப்பு %2.</translation>
    </message>
    <message>
        <source>A validation is already running.</source>
        <translation>ஒரு சரிபார்ப்பு ஏற்கெனவே இயங்குகிறது.</translation>
    </message>
    <message>
        <source>%1 for %2 is not listed.</source>
        <translation>%2 க்கான %1 பட்டியலில் இல்லை.</translation>
    </message>
    <message>
        <source>The recorded config of %1 for %2 cannot be read: %3</source>
        <translation>%2 க்கான %1 இன் பதிவான அமைப்பைப் படிக்க முடியவில்லை: %3</translation>
    </message>
    <message>
        <source>Not validated: %1 needs the secret in the environment variable %2, which this console does not have. Nothing was recorded; run the validation where the dispatcher runs, or start the console with %2 set.</source>
        <translation>சரிபார்க்கப்படவில்லை: %1 க்குச் சூழல் மாறி %2 இல் உள்ள ரகசியம் தேவை; இந்தக் கட்டுப்பாட்டகத்தில் அது இல்லை. எதுவும் பதிவுசெய்யப்படவில்லை; அனுப்பி (dispatcher) இயங்கும் இடத்தில் சரிபார்ப்பை இயக்குங்கள், அல்லது %2 ஐ அமைத்துக் கட்டுப்பாட்டகத்தைத் தொடங்குங்கள்.</translation>
    </message>
    <message>
        <source>Validating %1 for %2 (its golden cases against the provider)…</source>
        <translation>%2 க்கான %1 ஐச் சரிபார்க்கிறது (அதன் மாதிரிச் சோதனைகள் (golden cases) வழங்குநரிடம்)…</translation>
    </message>
    <message>
        <source>Not validated: %1</source>
        <translation>சரிபார்க்கப்படவில்லை: %1</translation>
    </message>
    <message>
        <source>Not validated: %1. Nothing was recorded.</source>
        <translation>சரிபார்க்கப்படவில்லை: %1. எதுவும் பதிவுசெய்யப்படவில்லை.</translation>
    </message>
    <message>
        <source>The validation ran (%1) but could not be recorded: %2</source>
        <translation>சரிபார்ப்பு இயங்கியது (%1), ஆனால் பதிவுசெய்ய முடியவில்லை: %2</translation>
    </message>
    <message>
        <source>%1 for %2 passed its contract validation; recorded (validation %3).</source>
        <translation>%2 க்கான %1 அதன் ஒப்பந்தச் சரிபார்ப்பில் தேர்ச்சி பெற்றது; பதிவுசெய்யப்பட்டது (சரிபார்ப்பு %3).</translation>
    </message>
    <message>
        <source>%1 for %2 FAILED its contract validation; recorded (validation %3), see the report.</source>
        <translation>%2 க்கான %1 அதன் ஒப்பந்தச் சரிபார்ப்பில் தோல்வியடைந்தது (FAILED); பதிவுசெய்யப்பட்டது (சரிபார்ப்பு %3), அறிக்கையைப் பாருங்கள்.</translation>
    </message>
    <message>
        <source>This connection may only read (role %1).</source>
        <translation>இந்த இணைப்பு படிக்க மட்டுமே முடியும் (பங்கு %1).</translation>
    </message>
    <message>
        <source>No report was recorded with this validation.</source>
        <translation>இந்தச் சரிபார்ப்புடன் எந்த அறிக்கையும் பதிவாகவில்லை.</translation>
    </message>
    <message>
        <source>Not validated: this connection may only read (role %1); contract validations are recorded by operators and dispatchers. Nothing was recorded.</source>
        <translation>சரிபார்க்கப்படவில்லை: இந்த இணைப்பு படிக்க மட்டுமே முடியும் (பங்கு %1); ஒப்பந்தச் சரிபார்ப்புகளை இயக்குநர்களும் அனுப்பிகளும் (dispatchers) மட்டுமே பதிவுசெய்வார்கள். எதுவும் பதிவுசெய்யப்படவில்லை.</translation>
    </message>
    <message>
        <source>Not validated: the console is not connected to the store.</source>
        <translation>சரிபார்க்கப்படவில்லை: கட்டுப்பாட்டகம் தரவுத்தளத்துடன் இணைக்கப்படவில்லை.</translation>
    </message>
    <message>
        <source>The validation ran (%1) but the database does not let this connection (role %2) record it: nothing was recorded. Run it where the dispatcher runs (its connection records validations).</source>
        <translation>சரிபார்ப்பு இயங்கியது (%1), ஆனால் இந்த இணைப்பு (பங்கு %2) அதைப் பதிவுசெய்ய தரவுத்தளம் அனுமதிக்கவில்லை: எதுவும் பதிவுசெய்யப்படவில்லை. அனுப்பி (dispatcher) இயங்கும் இடத்தில் இதை இயக்குங்கள் (அதன் இணைப்பு சரிபார்ப்புகளைப் பதிவுசெய்யும்).</translation>
    </message>
    <message>
        <source>Va&amp;lidate now</source>
        <translation>இப்போதே சரிபார் (&amp;L)</translation>
    </message>
    <message>
        <source>%1 reads them again.</source>
        <translation>%1 அவற்றை மீண்டும் படிக்கும்.</translation>
    </message>
    <message>
        <source>Not validated: the base URL of %1 holds credentials (user info) that the store does not keep, so this console cannot send them. Nothing was recorded; run the validation where the dispatcher runs: jobdesk-server --validate %1 --route %2.</source>
        <translation>சரிபார்க்கப்படவில்லை: %1 இன் அடிப்படை URL சேமிப்பகம் வைத்திருக்காத அடையாளச் சான்றுகளை (பயனர் தகவல்) கொண்டுள்ளது, எனவே இந்தக் கன்சோல் அவற்றை அனுப்ப முடியாது. எதுவும் பதிவுசெய்யப்படவில்லை; dispatcher இயங்கும் இடத்தில் சரிபார்ப்பை இயக்கவும்: jobdesk-server --validate %1 --route %2.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::RaceLossModel</name>
    <message>
        <source>When</source>
        <translation>எப்போது</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>வேலை</translation>
    </message>
    <message>
        <source>Loser</source>
        <translation>தோற்றது</translation>
    </message>
    <message>
        <source>Lost to</source>
        <translation>யாரிடம் தோற்றது</translation>
    </message>
    <message>
        <source>Expected version</source>
        <translation>எதிர்பார்த்த பதிப்பு</translation>
    </message>
    <message>
        <source>Found version</source>
        <translation>கண்ட பதிப்பு</translation>
    </message>
    <message>
        <source>Loser&apos;s payload (SHA-256)</source>
        <translation>தோற்றதன் முடிவு (SHA-256)</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>உரிமையாளர்</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>சாவி (idempotency key)</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>no winner yet (the job was decided otherwise)</source>
        <translation>இன்னும் வெற்றியாளர் இல்லை (வேலை வேறு வழியில் முடிவானது)</translation>
    </message>
    <message>
        <source>v%1</source>
        <translation>v%1</translation>
    </message>
    <message>
        <source>(no payload)</source>
        <translation>(முடிவு இல்லை)</translation>
    </message>
    <message>
        <source>attempt id %1</source>
        <translation>முயற்சி id %1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::RaceLossView</name>
    <message>
        <source>Attempts that finished after their job was decided: their payload was discarded (only its digest is kept) and the winner&apos;s result stands.</source>
        <translation>வேலை முடிவான பின் முடிந்த முயற்சிகள்: அவற்றின் முடிவு நிராகரிக்கப்பட்டது (அதன் digest மட்டும் வைக்கப்படுகிறது); வெற்றியாளரின் முடிவே நிலைக்கும்.</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>வழங்குநர் (&amp;P):</translation>
    </message>
    <message>
        <source>loser&apos;s or winner&apos;s</source>
        <translation>தோற்றதன் அல்லது வென்றதன்</translation>
    </message>
    <message>
        <source>&amp;When:</source>
        <translation>எப்போது (&amp;W):</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>எந்த நேரமும்</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>கடந்த 1 மணி</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>கடந்த 24 மணி</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>கடந்த 7 நாள்</translation>
    </message>
    <message>
        <source>&amp;Open on time line</source>
        <translation>காலவரிசையில் திற (&amp;O)</translation>
    </message>
    <message numerus="yes">
        <source>%n race loss(es) shown; more load as you scroll.</source>
        <translation>
            <numerusform>%n போட்டித் தோல்வி காட்டப்படுகிறது; உருட்டும்போது மேலும் ஏற்றப்படும்.</numerusform>
            <numerusform>%n போட்டித் தோல்விகள் காட்டப்படுகின்றன; உருட்டும்போது மேலும் ஏற்றப்படும்.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n race loss(es).</source>
        <translation>
            <numerusform>%n போட்டித் தோல்வி.</numerusform>
            <numerusform>%n போட்டித் தோல்விகள்.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not read race losses: %1</source>
        <translation>போட்டித் தோல்விகளைப் படிக்க முடியவில்லை: %1</translation>
    </message>
    <message>
        <source>Race losses</source>
        <translation>போட்டித் தோல்விகள்</translation>
    </message>
    <message>
        <source>Race losses in the last hour, as Charts counts them; the list shows every one</source>
        <translation>கடந்த ஒரு மணி நேரத்தின் போட்டித் தோல்விகள், வரைபடங்கள் எண்ணுவது போல; பட்டியல் ஒவ்வொன்றையும் காட்டும்</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ReadRetry</name>
    <message>
        <source>Trying again by itself in %1; %2 reads them again now.</source>
        <translation>%1 இல் தானாகவே மீண்டும் முயலும்; %2 இப்போதே அவற்றை மீண்டும் படிக்கும்.</translation>
    </message>
    <message>
        <source>Trying again by itself in %1; %2 reads it again now.</source>
        <translation>%1 இல் தானாகவே மீண்டும் முயலும்; %2 இப்போதே அதை மீண்டும் படிக்கும்.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::RetryDialog</name>
    <message>
        <source>Retry job %1?</source>
        <translation>வேலை %1 ஐ மறுமுயற்சி செய்யவா?</translation>
    </message>
    <message>
        <source>Provider (a proven provider holds a passing, unexpired contract validation for route %1):</source>
        <translation>வழங்குநர் (நிரூபிக்கப்பட்ட வழங்குநரிடம் வழித்தடம் %1 க்குத் தேர்ச்சி பெற்ற, காலாவதியாகாத ஒப்பந்தச் சரிபார்ப்பு உள்ளது):</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>வழங்குநர்</translation>
    </message>
    <message>
        <source>Contract</source>
        <translation>ஒப்பந்தம்</translation>
    </message>
    <message>
        <source>In the route&apos;s chain</source>
        <translation>வழித்தடச் சங்கிலியில்</translation>
    </message>
    <message>
        <source>no</source>
        <translation>இல்லை</translation>
    </message>
    <message>
        <source>primary</source>
        <translation>முதன்மை</translation>
    </message>
    <message>
        <source>fallback %1</source>
        <translation>மாற்று %1</translation>
    </message>
    <message>
        <source>No provider is proven for this route: choose one knowingly, or validate one first.</source>
        <translation>இந்த வழித்தடத்துக்கு எந்த வழங்குநரும் நிரூபிக்கப்படவில்லை: தெரிந்தே ஒன்றைத் தேர்ந்தெடுங்கள், அல்லது முதலில் ஒன்றைச் சரிபாருங்கள்.</translation>
    </message>
    <message>
        <source>%1 is proven for this route.</source>
        <translation>%1 இந்த வழித்தடத்துக்கு நிரூபிக்கப்பட்டது.</translation>
    </message>
    <message>
        <source>%1 is NOT proven for this route: its output may not match the contract.</source>
        <translation>%1 இந்த வழித்தடத்துக்கு நிரூபிக்கப்படவில்லை (NOT proven): அதன் வெளியீடு ஒப்பந்தத்துடன் பொருந்தாமல் இருக்கலாம்.</translation>
    </message>
    <message>
        <source>Retry job %1</source>
        <translation>வேலை %1 ஐ மறுமுயற்சி செய்</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::Screenshots</name>
    <message>
        <source>a race loss</source>
        <translation>ஒரு போட்டித் தோல்வி</translation>
    </message>
    <message>
        <source>a blocked job</source>
        <translation>ஒரு தடைப்பட்ட வேலை</translation>
    </message>
    <message>
        <source>a key conflict</source>
        <translation>ஒரு சாவி முரண்</translation>
    </message>
    <message>
        <source>the cancel dialog (the attempt was no longer open)</source>
        <translation>ரத்துசெய்யும் உரையாடல் (முயற்சி அப்போது திறந்திருக்கவில்லை)</translation>
    </message>
    <message numerus="yes">
        <source>%n screenshot(s) written to %1</source>
        <translation>
            <numerusform>%n திரைப்பிடிப்பு %1 இல் எழுதப்பட்டது</numerusform>
            <numerusform>%n திரைப்பிடிப்புகள் %1 இல் எழுதப்பட்டன</numerusform>
        </translation>
    </message>
    <message>
        <source>missing: %1</source>
        <translation>இல்லாதவை: %1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>விசைப்பலகைக் குறுக்குவழிகள்</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>In the unknown attempts and race losses: open the selected job</source>
        <translation>தெரியாத (UNKNOWN) முயற்சிகளிலும் போட்டி இழப்புகளிலும்: தேர்ந்தெடுத்த வேலையைத் திற</translation>
    </message>
    <message>
        <source>In the unknown attempts: cancel the selected attempts</source>
        <translation>தெரியாத (UNKNOWN) முயற்சிகளில்: தேர்ந்தெடுத்த முயற்சிகளை ரத்துசெய்</translation>
    </message>
    <message>
        <source>Menu key, Shift+F10</source>
        <translation>Menu விசை, Shift+F10</translation>
    </message>
    <message>
        <source>In a list: the selected row&apos;s actions</source>
        <translation>ஒரு பட்டியலில்: தேர்ந்தெடுத்த வரிசையின் செயல்கள்</translation>
    </message>
    <message>
        <source>Tab, Shift+Tab</source>
        <translation>Tab, Shift+Tab</translation>
    </message>
    <message>
        <source>Move to the next or previous control (out of a table too)</source>
        <translation>அடுத்த அல்லது முந்தைய கட்டுப்பாட்டுக்குச் செல் (அட்டவணையிலிருந்தும் வெளியே)</translation>
    </message>
    <message>
        <source>Arrow keys, Page Up, Page Down</source>
        <translation>அம்பு விசைகள், Page Up, Page Down</translation>
    </message>
    <message>
        <source>Move through a list</source>
        <translation>பட்டியலில் நகர்</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>விசைகள்</translation>
    </message>
    <message>
        <source>What they do</source>
        <translation>அவை செய்வது</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::SidebarModel</name>
    <message>
        <source>%1: %2 need an operator</source>
        <translation>%1: %2 க்கு இயக்குநர் தேவை</translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message>
        <source>%1: an estimate from the database&apos;s statistics (exact counts would scan every job)</source>
        <translation>%1: தரவுத்தளப் புள்ளிவிவரங்களிலிருந்து கிடைத்த தோராயமான எண்ணிக்கை (துல்லியமாக எண்ண ஒவ்வொரு வேலையையும் படிக்க வேண்டியிருக்கும்)</translation>
    </message>
    <message>
        <source>%1+</source>
        <translation>%1+</translation>
    </message>
    <message>
        <source>%1: %2 or more need an operator (the list shows the oldest %2)</source>
        <translation>%1: %2 அல்லது அதற்கு மேற்பட்டவைக்கு இயக்குநர் தேவை (பட்டியல் மிகப் பழைய %2 ஐக் காட்டுகிறது)</translation>
    </message>
    <message>
        <source>%1: %2 or more (the list shows %2)</source>
        <translation>%1: %2 அல்லது அதற்கு மேல் (பட்டியல் %2 ஐக் காட்டுகிறது)</translation>
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
        <translation>இணைப்பு துண்டிக்கப்பட்டது: இணைப்பு திரும்பும் வரை செயல்கள் காத்திருக்கும்.</translation>
    </message>
    <message>
        <source>Not connected to a store.</source>
        <translation>தரவுத்தளத்துடன் இணைக்கப்படவில்லை.</translation>
    </message>
    <message>
        <source>This connection may only read (role %1).</source>
        <translation>இந்த இணைப்பு படிக்க மட்டுமே முடியும் (பங்கு %1).</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::StoreWorker</name>
    <message>
        <source>not connected</source>
        <translation>இணைக்கப்படவில்லை</translation>
    </message>
    <message>
        <source>no contract validation for this route</source>
        <translation>இந்த வழித்தடத்துக்கு ஒப்பந்தச் சரிபார்ப்பு இல்லை</translation>
    </message>
    <message>
        <source>contract validation FAILED at %1</source>
        <translation>ஒப்பந்தச் சரிபார்ப்பு தோல்வியடைந்தது (FAILED) %1 இல்</translation>
    </message>
    <message>
        <source>contract validation expired at %1</source>
        <translation>ஒப்பந்தச் சரிபார்ப்பு %1 இல் காலாவதியானது</translation>
    </message>
    <message>
        <source>validated for another configuration (route or provider changed since)</source>
        <translation>வேறு அமைப்புக்காகச் சரிபார்க்கப்பட்டது (அதன் பின் வழித்தடம் அல்லது வழங்குநர் மாறியுள்ளது)</translation>
    </message>
    <message>
        <source>proven until %1</source>
        <translation>%1 வரை நிரூபிக்கப்பட்டது</translation>
    </message>
    <message>
        <source>Not connected to the database: nothing was done.</source>
        <translation>தரவுத்தளத்துடன் இணைக்கப்படவில்லை: எதுவும் செய்யப்படவில்லை.</translation>
    </message>
    <message>
        <source>This job changed since you looked, so nothing was done: %1</source>
        <translation>நீங்கள் பார்த்த பின் இந்த வேலை மாறியுள்ளது, எனவே எதுவும் செய்யப்படவில்லை: %1</translation>
    </message>
    <message>
        <source>The database could not be reached, so it is not known whether this took effect. It is safe to press OK again: the same request is recognised and done at most once. (%1)</source>
        <translation>தரவுத்தளத்தை அணுக முடியவில்லை, எனவே இது நடந்ததா என்று தெரியவில்லை. மீண்டும் OK அழுத்துவது பாதுகாப்பானது: அதே கோரிக்கை அடையாளம் காணப்பட்டு அதிகபட்சம் ஒருமுறை மட்டுமே செய்யப்படும். (%1)</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>மறுக்கப்பட்டது: %1</translation>
    </message>
    <message>
        <source>Not allowed: %1</source>
        <translation>அனுமதி இல்லை: %1</translation>
    </message>
    <message>
        <source>Job %1 had already been cancelled by this request.</source>
        <translation>வேலை %1 இந்தக் கோரிக்கையால் ஏற்கெனவே ரத்துசெய்யப்பட்டது.</translation>
    </message>
    <message>
        <source>Retry refused: %1</source>
        <translation>மறுமுயற்சி மறுக்கப்பட்டது: %1</translation>
    </message>
    <message>
        <source>This retry had already started attempt #%1.</source>
        <translation>இந்த மறுமுயற்சி ஏற்கெனவே முயற்சி #%1 ஐத் தொடங்கியது.</translation>
    </message>
    <message>
        <source>Attempt #%1 started on %2.</source>
        <translation>முயற்சி #%1 %2 இல் தொடங்கப்பட்டது.</translation>
    </message>
    <message>
        <source>Not connected to the database: nothing was read or done.</source>
        <translation>தரவுத்தளத்துடன் இணைக்கப்படவில்லை: எதுவும் படிக்கப்படவில்லை, எதுவும் செய்யப்படவில்லை.</translation>
    </message>
    <message numerus="yes">
        <source>Job %1 cancelled, with %n open attempt(s).</source>
        <translation>
            <numerusform>வேலை %1 ரத்துசெய்யப்பட்டது, %n திறந்த முயற்சியுடன்.</numerusform>
            <numerusform>வேலை %1 ரத்துசெய்யப்பட்டது, %n திறந்த முயற்சிகளுடன்.</numerusform>
        </translation>
    </message>
    <message>
        <source>The attempt that blocks it is #%1 (id %2) on %3.</source>
        <translation>இதைத் தடுக்கும் முயற்சி %3 இல் உள்ள #%1 (அடையாளம் %2).</translation>
    </message>
    <message>
        <source>A dispatcher serving %1 sends it; if none has by %2, it fails as never sent (nothing is charged).</source>
        <translation>%1 க்குச் சேவை செய்யும் ஓர் அனுப்பி (dispatcher) இதை அனுப்பும்; %2 க்குள் எதுவும் அனுப்பாவிட்டால், இது ஒருபோதும் அனுப்பப்படாததாகத் தோல்வியடையும் (கட்டணம் எதுவும் இல்லை).</translation>
    </message>
    <message>
        <source>The database stayed busy, so nothing was done; try again in a moment. (%1)</source>
        <translation>தரவுத்தளம் தொடர்ந்து பணியில் இருந்ததால் எதுவும் செய்யப்படவில்லை; சிறிது நேரத்தில் மீண்டும் முயலவும். (%1)</translation>
    </message>
    <message>
        <source>Attempt #%1 had already been cancelled by this request.</source>
        <translation>முயற்சி #%1 ஏற்கனவே இந்தக் கோரிக்கையால் ரத்து செய்யப்பட்டது.</translation>
    </message>
    <message>
        <source>Attempt #%1 cancelled at %2; job %3 was then %4.</source>
        <translation>முயற்சி #%1 %2 இல் ரத்து செய்யப்பட்டது; அப்போது வேலை %3 %4.</translation>
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
        <translation>#%1 இடம் தோற்றது, எதிர்பார்த்தது v%2, கண்டது v%3</translation>
    </message>
    <message>
        <source>late result discarded, expected v%1, found v%2</source>
        <translation>தாமதமான முடிவு நிராகரிக்கப்பட்டது, எதிர்பார்த்தது v%1, கண்டது v%2</translation>
    </message>
    <message>
        <source>WON</source>
        <translation>வென்றது (WON)</translation>
    </message>
    <message>
        <source>UNKNOWN for %1</source>
        <translation>%1 நேரமாகத் தெரியாதது (UNKNOWN)</translation>
    </message>
    <message>
        <source>cancelled by %1</source>
        <translation>%1 ரத்துசெய்தார்</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%2 நேரம் %1</translation>
    </message>
    <message>
        <source>%1 after %2</source>
        <translation>%2 பின் %1</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::TimelineWidget</name>
    <message>
        <source>started %1, %2</source>
        <translation>தொடங்கியது %1, %2</translation>
    </message>
    <message>
        <source>reason: %1</source>
        <translation>காரணம்: %1</translation>
    </message>
    <message>
        <source>deadline %1</source>
        <translation>கெடு %1</translation>
    </message>
    <message>
        <source>hedge #%1 started at %2</source>
        <translation>காப்பு முயற்சி (hedge) #%1 %2 இல் தொடங்கியது</translation>
    </message>
    <message>
        <source>No attempts yet: the job waits for a dispatcher.</source>
        <translation>இன்னும் முயற்சிகள் இல்லை: வேலை ஒரு அனுப்பிக்காக (dispatcher) காத்திருக்கிறது.</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>கெடு</translation>
    </message>
    <message>
        <source>hedge #%1 started</source>
        <translation>காப்பு முயற்சி (hedge) #%1 தொடங்கியது</translation>
    </message>
    <message>
        <source>created</source>
        <translation>உருவாக்கப்பட்டது</translation>
    </message>
    <message>
        <source>Time line of the attempts</source>
        <translation>முயற்சிகளின் காலவரிசை</translation>
    </message>
    <message>
        <source>No attempts.</source>
        <translation>முயற்சிகள் இல்லை.</translation>
    </message>
    <message>
        <source>+%1 min %2 s</source>
        <translation>+%1 நிமி. %2 வி.</translation>
    </message>
    <message>
        <source>+%1 min</source>
        <translation>+%1 நிமி.</translation>
    </message>
    <message>
        <source>No job selected.</source>
        <translation>எந்த வேலையும் தேர்ந்தெடுக்கப்படவில்லை.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::UnknownQueueModel</name>
    <message>
        <source>deadline passed</source>
        <translation>காலக்கெடு கடந்தது</translation>
    </message>
    <message>
        <source>lost connection</source>
        <translation>இணைப்பு துண்டிக்கப்பட்டது</translation>
    </message>
    <message>
        <source>lease expired (worker died)</source>
        <translation>குத்தகை (lease) காலாவதியானது (பணியாளர் நின்றுவிட்டது)</translation>
    </message>
    <message>
        <source>unclear answer</source>
        <translation>தெளிவற்ற பதில்</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>வேலை</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>முயற்சி</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>வழங்குநர்</translation>
    </message>
    <message>
        <source>Unknown for</source>
        <translation>தெரியாதது (UNKNOWN) ஆன நேரம்</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>ஏன்</translation>
    </message>
    <message>
        <source>Status lookup</source>
        <translation>நிலை விசாரிப்பு (status lookup)</translation>
    </message>
    <message>
        <source>Last asked</source>
        <translation>கடைசியாகக் கேட்டது</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>உரிமையாளர்</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>சாவி (idempotency key)</translation>
    </message>
    <message>
        <source>%1 (lookups: %2)</source>
        <translation>%1 (விசாரிப்புகள்: %2)</translation>
    </message>
    <message>
        <source>never</source>
        <translation>ஒருபோதும் இல்லை</translation>
    </message>
    <message>
        <source>— asked for %1, waiting for the reconciler</source>
        <translation>— %1 இல் கேட்கப்பட்டது, reconciler க்காகக் காத்திருக்கிறது</translation>
    </message>
    <message>
        <source>#%1 (id %2)</source>
        <translation>#%1 (id %2)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ஆம்</translation>
    </message>
    <message>
        <source>unknown since %1</source>
        <translation>%1 முதல் தெரியாதது (UNKNOWN)</translation>
    </message>
    <message>
        <source>last asked at %1</source>
        <translation>கடைசியாக %1 இல் கேட்கப்பட்டது</translation>
    </message>
    <message>
        <source>no</source>
        <translation>இல்லை</translation>
    </message>
    <message>
        <source>The provider offers no status lookup: ask its support about key %1.</source>
        <translation>வழங்குநரிடம் நிலை விசாரிப்பு (status lookup) இல்லை: சாவி %1 பற்றி அதன் ஆதரவுக் குழுவிடம் கேளுங்கள்.</translation>
    </message>
    <message>
        <source>still working on it</source>
        <translation>இன்னும் செயலாக்குகிறது</translation>
    </message>
    <message>
        <source>no record of it yet (not conclusive yet)</source>
        <translation>இன்னும் பதிவு இல்லை (இன்னும் உறுதியானது அல்ல)</translation>
    </message>
    <message>
        <source>no answer: the lookup failed</source>
        <translation>பதில் இல்லை: விசாரிப்பு தோல்வியடைந்தது</translation>
    </message>
    <message>
        <source>Provider&apos;s answer</source>
        <translation>வழங்குநரின் பதில்</translation>
    </message>
    <message>
        <source>The provider saw this attempt under the key %1. The attempt does not record where its request went.</source>
        <translation>வழங்குநர் இந்த முயற்சியைச் சாவி %1 இன் கீழ் பெற்றது. அதன் கோரிக்கை எங்கு சென்றது என்பதை இந்த முயற்சி பதிவுசெய்யவில்லை.</translation>
    </message>
    <message>
        <source>The provider saw this attempt under the key %1, at %2.</source>
        <translation>வழங்குநர் இந்த முயற்சியைச் சாவி %1 இன் கீழ், %2 இல் பெற்றது.</translation>
    </message>
    <message>
        <source>The dispatchers can ask the provider about this attempt. It does not record where its request went, so a result settles it, a &quot;no record&quot; answer never does.</source>
        <translation>அனுப்பிகள் (dispatchers) இந்த முயற்சி பற்றி வழங்குநரிடம் கேட்க முடியும். அதன் கோரிக்கை எங்கு சென்றது என்பது பதிவாகவில்லை; ஆகவே ஒரு முடிவு அதைத் தீர்க்கும், &quot;பதிவு இல்லை&quot; என்ற பதில் ஒருபோதும் தீர்க்காது.</translation>
    </message>
    <message>
        <source>Every dispatcher with %1 asks the provider about this attempt; only one that has it at %2 settles it on a &quot;no record&quot; answer.</source>
        <translation>%1 ஐக் கொண்ட ஒவ்வொரு அனுப்பியும் (dispatcher) இந்த முயற்சி பற்றி வழங்குநரிடம் கேட்கும்; அதை %2 இல் கொண்ட அனுப்பி மட்டுமே &quot;பதிவு இல்லை&quot; என்ற பதிலின் பேரில் அதைத் தீர்க்கும்.</translation>
    </message>
</context>
<context>
    <name>jobdesk::ui::UnknownQueueView</name>
    <message>
        <source>Unknown attempts of undecided jobs, oldest first. Each one blocks its job until a late result, a provider&apos;s answer or an operator&apos;s cancel decides it.</source>
        <translation>முடிவாகாத வேலைகளின் தெரியாத (UNKNOWN) முயற்சிகள், பழையவை முதலில். தாமதமான முடிவு, வழங்குநரின் பதில் அல்லது இயக்குநரின் ரத்துசெய்தல் முடிவுசெய்யும் வரை ஒவ்வொன்றும் தன் வேலையைத் தடுக்கும்.</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>வழங்குநர் (&amp;P):</translation>
    </message>
    <message>
        <source>Any provider</source>
        <translation>எந்த வழங்குநரும்</translation>
    </message>
    <message>
        <source>&amp;Ask provider now</source>
        <translation>இப்போதே வழங்குநரிடம் கேள் (&amp;A)</translation>
    </message>
    <message>
        <source>The dispatchers ask the provider about the selected attempts before any other, on their next pass (the console holds no provider credentials).</source>
        <translation>அனுப்பிகள் (dispatchers) தங்கள் அடுத்த சுற்றில், மற்றவற்றுக்கு முன், தேர்ந்தெடுத்த முயற்சிகள் பற்றி வழங்குநரிடம் கேட்கும் (கட்டுப்பாட்டகத்திடம் வழங்குநர் அனுமதிச் சான்றுகள் இல்லை).</translation>
    </message>
    <message>
        <source>&amp;Open job</source>
        <translation>வேலையைத் திற (&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Cancel selected…</source>
        <translation>தேர்ந்தெடுத்தவற்றை ரத்துசெய்… (&amp;C)</translation>
    </message>
    <message>
        <source>The oldest %1 unknown attempts are shown.</source>
        <translation>மிகப் பழைய %1 தெரியாத (UNKNOWN) முயற்சிகள் காட்டப்படுகின்றன.</translation>
    </message>
    <message numerus="yes">
        <source>%n unknown attempt(s).</source>
        <translation>
            <numerusform>தெரியாத (UNKNOWN) %n முயற்சி.</numerusform>
            <numerusform>தெரியாத (UNKNOWN) %n முயற்சிகள்.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not read the queue: %1</source>
        <translation>வரிசையைப் படிக்க முடியவில்லை: %1</translation>
    </message>
    <message numerus="yes">
        <source>Asking the dispatchers to look up %n attempt(s)…</source>
        <translation>
            <numerusform>%n முயற்சி பற்றி விசாரிக்க அனுப்பிகளிடம் கேட்கிறது…</numerusform>
            <numerusform>%n முயற்சிகள் பற்றி விசாரிக்க அனுப்பிகளிடம் கேட்கிறது…</numerusform>
        </translation>
    </message>
    <message>
        <source>asked from the on-call queue</source>
        <translation>on-call வரிசையிலிருந்து கேட்கப்பட்டது</translation>
    </message>
    <message>
        <source>attempt %1: %2</source>
        <translation>முயற்சி %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>The dispatchers ask about %n attempt(s) on their next pass; &quot;Last asked&quot; shows when they did.</source>
        <translation>
            <numerusform>அனுப்பிகள் தங்கள் அடுத்த சுற்றில் %n முயற்சி பற்றிக் கேட்கும்; அவை எப்போது கேட்டன என்பதை &quot;கடைசியாகக் கேட்டது&quot; காட்டும்.</numerusform>
            <numerusform>அனுப்பிகள் தங்கள் அடுத்த சுற்றில் %n முயற்சிகள் பற்றிக் கேட்கும்; அவை எப்போது கேட்டன என்பதை &quot;கடைசியாகக் கேட்டது&quot; காட்டும்.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 requests were not recorded: %3</source>
        <translation>%2 கோரிக்கைகளில் %1 பதிவாகவில்லை: %3</translation>
    </message>
    <message>
        <source>Unknown attempts</source>
        <translation>தெரியாத (UNKNOWN) முயற்சிகள்</translation>
    </message>
    <message>
        <source>Cancel a&amp;ll shown…</source>
        <translation>காட்டப்படும் அனைத்தையும் ரத்துசெய்… (&amp;L)</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n unknown attempt(s) shown: those on provider %2.</source>
        <translation>
            <numerusform>தெரியாத (UNKNOWN) %n முயற்சியில் %1 காட்டப்படுகிறது: வழங்குநர் %2 இல் உள்ளவை.</numerusform>
            <numerusform>தெரியாத (UNKNOWN) %n முயற்சிகளில் %1 காட்டப்படுகின்றன: வழங்குநர் %2 இல் உள்ளவை.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of the oldest %2 unknown attempts shown: those on provider %3.</source>
        <translation>மிகப் பழைய தெரியாத (UNKNOWN) %2 முயற்சிகளில் %1 காட்டப்படுகின்றன: வழங்குநர் %3 இல் உள்ளவை.</translation>
    </message>
    <message>
        <source>Provider filter</source>
        <translation>வழங்குநர் வடிகட்டி</translation>
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
        <translation>JobDesk கட்டுப்பாட்டகம்: வேலைகளையும் அவற்றின் முயற்சிகளையும் நேரடியாகப் பாருங்கள், தெரியாத (UNKNOWN) முயற்சிகளைத் தீர்த்துவையுங்கள், பாதுகாப்புச் சோதனைகள் வழியாக மறுமுயற்சி செய்யுங்கள்.</translation>
    </message>
    <message>
        <source>Connect to this store (sqlite:PATH or postgresql://...).</source>
        <translation>இந்தத் தரவுத்தளத்துடன் இணை (sqlite:PATH அல்லது postgresql://...).</translation>
    </message>
    <message>
        <source>Mark the --database connection as production (red banner).</source>
        <translation>--database இணைப்பை உற்பத்திச் சூழல் (PRODUCTION) எனக் குறி (சிவப்புப் பட்டை).</translation>
    </message>
    <message>
        <source>Run the embedded demo: an SQLite file in the app data folder, the dispatcher, fake providers and simulated users, all on loopback.</source>
        <translation>உள்ளமைந்த டெமோவை இயக்கு: செயலித் தரவுக் கோப்புறையில் ஒரு SQLite கோப்பு, அனுப்பி (dispatcher), போலி வழங்குநர்கள், உருவகப் பயனர்கள் – அனைத்தும் loopback இல் மட்டும்.</translation>
    </message>
    <message>
        <source>With --demo: start the demo over.</source>
        <translation>--demo உடன்: டெமோவை மீண்டும் முதலிலிருந்து தொடங்கு.</translation>
    </message>
    <message>
        <source>With --demo: write PNG screenshots into DIR, then exit.</source>
        <translation>--demo உடன்: PNG திரைப்பிடிப்புகளை DIR இல் எழுதி, பின் வெளியேறு.</translation>
    </message>
    <message>
        <source>Seconds the demo runs before the screenshots (default 20).</source>
        <translation>திரைப்பிடிப்புகளுக்கு முன் டெமோ இயங்கும் வினாடிகள் (இயல்பு 20).</translation>
    </message>
    <message>
        <source>--reset and --screenshots go with --demo</source>
        <translation>--reset, --screenshots இரண்டும் --demo உடன் மட்டுமே</translation>
    </message>
    <message>
        <source>--demo brings its own database; leave out --database</source>
        <translation>--demo தனக்கென ஒரு தரவுத்தளத்தைக் கொண்டுவருகிறது; --database ஐ விட்டுவிடுங்கள்</translation>
    </message>
    <message>
        <source>--screenshot-after must be 0..3600 seconds</source>
        <translation>--screenshot-after 0..3600 வினாடிகளுக்குள் இருக்க வேண்டும்</translation>
    </message>
    <message>
        <source>cannot start the demo over: %1</source>
        <translation>டெமோவை மீண்டும் தொடங்க முடியவில்லை: %1</translation>
    </message>
    <message>
        <source>demo</source>
        <translation>டெமோ</translation>
    </message>
    <message>
        <source>Demo: %1</source>
        <translation>டெமோ: %1</translation>
    </message>
    <message>
        <source>Starting the demo: fake providers on 127.0.0.1, contract validations, the dispatcher…</source>
        <translation>டெமோ தொடங்குகிறது: 127.0.0.1 இல் போலி வழங்குநர்கள், ஒப்பந்தச் சரிபார்ப்புகள், அனுப்பி (dispatcher)…</translation>
    </message>
    <message>
        <source>the demo could not start: %1</source>
        <translation>டெமோவைத் தொடங்க முடியவில்லை: %1</translation>
    </message>
</context>
</TS>
