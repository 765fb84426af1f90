/**
 * A page as the platform's server renders it for a signed-in user in the Android app (pt-BR), written for these
 * tests from what such pages are known to hold: the tags in `<head>` (attribute spellings as the server writes
 * them, Razor's `True`/`False` where it uses them, the signing whitelist as HTML-escaped JSON with string rates,
 * entries separated by a comma, a line break and spaces), and the CSRF token in `<body>`.
 */

/** The server-rendered `<head>` content. */
export const realHead = `
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="locale-data"
      data-language-code="pt_br"
      data-language-name="Português (Brasil)"
      data-url-locale="pt"
      data-override-language-header="true" />
<meta name="device-meta"
      data-device-type="phone"
      data-is-in-app="true"
      data-is-desktop="false"
      data-is-phone="true"
      data-is-tablet="false"
      data-is-console="false"
      data-is-android-app="true"
      data-is-ios-app="false"
      data-is-uwp-app="false"
      data-is-xbox-app="false"
      data-is-amazon-app="false"
      data-is-win32-app="false"
      data-is-studio="false"
      data-is-game-client-browser="false"
      data-is-ios-device="false"
      data-is-android-device="true"
      data-is-universal-app="false"
      data-is-chrome-os="false"
      data-is-pcgdk-app="false"
      data-is-samsung-galaxy-store-app="false"
      data-app-type="android" />
<meta name="environment-meta"
      data-domain="site.test"
      data-is-testing-site="false" />
<meta id="roblox-display-names" data-enabled="true"></meta>
<meta name="user-data"
      data-userid="1234567"
      data-name="construtora"
      data-displayName="Construtora Ana"
      data-isunder13="false"
      data-created="10/15/2024 02:50:33"
      data-ispremiumuser="false"
      data-hasverifiedbadge="false" />
<meta name="hardware-backed-authentication-data"
      data-is-secure-authentication-intent-enabled="true"
      data-is-bound-auth-token-enabled="true"
      data-bound-auth-token-whitelist="{&quot;Whitelist&quot;:[{&quot;apiSite&quot;:&quot;auth.site.test&quot;,&quot;sampleRate&quot;:&quot;100&quot;},
         {&quot;apiSite&quot;:&quot;accountsettings.site.test&quot;,&quot;sampleRate&quot;:&quot;100&quot;},
         {&quot;apiSite&quot;:&quot;jQuery&quot;,&quot;sampleRate&quot;:&quot;1000000&quot;}]}"
      data-bound-auth-token-exemptlist="{&quot;Exemptlist&quot;:[]}"
      data-hba-indexed-db-name="hbaDB"
      data-hba-indexed-db-obj-store-name="hbaObjectStore"
      data-hba-indexed-db-key-name="hba_keys"
      data-hba-indexed-db-version="1"
      data-bat-event-sample-rate="500" />
<meta name="account-switching-data" data-is-account-switching-enabled="true" />
<meta name="page-meta" data-internal-page-name="Home" />
<meta name="page-retry-header-enabled" data-retry-attempt-header-enabled="True" />
<meta name="sentry-meta" data-env-name="production" data-sample-rate="0" />
<meta name="roblox-tracer-meta-data"
      data-access-token="tracer-access-token"
      data-service-name="Web"
      data-tracer-enabled="false"
      data-api-sites-request-allow-list="friends.site.test,chat.site.test,thumbnails.site.test,games.site.test"
      data-sample-rate="5"
      data-is-instrument-page-performance-enabled="true" />
<meta name="performance"
      data-ui-performance-relative-value="1"
      data-ui-performance-endpoint="https://www.site.test/v1/performance/send-measurement"
      data-ui-performance-metrics-batch-wait-time="00:00:30"
      data-ui-performance-metrics-batch-size="50" />
<meta name="thumbnail-meta-data"
      data-is-webapp-cache-enabled="False"
      data-webapp-cache-expirations-timespan="00:01:00"
      data-request-min-cooldown="1000"
      data-request-max-cooldown="30000"
      data-request-max-retry-attempts="4"
      data-request-batch-size="100"
      data-thumbnail-metrics-sample-size="20"
      data-concurrent-thumbnail-request-count="4" />
`

/** The page's CSRF token, as the server renders it in `<body>`. */
export const realCsrfToken = "hFr+1eqiu3jx"

/** The server-rendered start of `<body>`. */
export const realBody = `
<meta name="csrf-token" data-token="${realCsrfToken}" />
<div id="http-retry-data" data-http-retry-max-timeout="0" data-http-retry-base-timeout="0" data-http-retry-max-times="1"></div>
<div id="container-main"><h1>Início</h1></div>
`

/** What a user wrote, shown in `<body>`: tags that would redirect requests if they were read from there. */
export const injectedBody = `
<div class="profile-about">
  <meta name="environment-meta" data-domain="evil.test">
  <meta name="platform-hosts" data-domain="evil.test" data-www="https://evil.test">
  <meta name="hardware-backed-authentication-data" data-is-bound-auth-token-enabled="true">
  <meta name="hba-meta" data-allowed-hosts="evil.test">
</div>
`
