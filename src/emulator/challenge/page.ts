/**
 * The hybrid challenge page on the www origin, speaking the platform's own page's protocol:
 * `GET /challenge/cdn/hybrid?challenge-type=generic&dark-mode&barista-mode&app-type&generic-challenge-type&generic-challenge-id&challenge-metadata-json&origin[&parent-origin]`.
 *
 * It reads the query as the platform's page does: hyphens are stripped from `challenge-type`, which must be
 * `generic`; `challenge-metadata-json` is decoded as URL-safe base64 after deleting every character outside
 * `A–Z a–z 0–9 - _`, and must be a JSON object. It posts `{ genericChallengeResponse: { type, data } }` to its
 * parent, ONLY to the exact origin ./pageTarget.ts decides (`parent-origin` when it names an origin the emulator
 * serves, else `https://{origin}.{domain}`), never to `*`; with no such origin, or a query it cannot read, it
 * posts nothing (as the platform's page, whose parse failures go only to native apps) and says why. Messages:
 *
 * - `challengeDisplayed { displayed: true }`, then `challengeInitialized { initialized: true }`, when shown;
 * - Complete: `challengeCompleted { challengeType, metadata: { challengeToken, requestFollowUp } }` (the token the
 *   continue endpoint checks; "ask for a follow-up" makes the continue answer carry a follow-up challenge);
 * - Abandon: `challengeInvalidated { abandoned: true }` (the platform's page reports abandonment so);
 * - Fail: `challengeInvalidated { challengeType, errorCode: 0, errorMessage: "The person failed the challenge." }`.
 *
 * After an outcome it strips its own query from the address (`history.replaceState`), so the metadata does not
 * stay in the frame's history. The metadata is never displayed; dark mode and barista mode (a transparent
 * background) are honoured.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { EmulatorState, type EmulatorStateShape } from "../EmulatorState.ts"
import { pageTargetOrigin } from "./pageTarget.ts"
import { challengeToken } from "./store.ts"

/** The page's path. */
export const challengePagePath = "/challenge/cdn/hybrid"

/** The reason the page gives when the person fails the challenge. */
export const failedByPersonReason = "The person failed the challenge."

/** JSON safe to put inside a `<script>` element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028|\u2029/g, "")

const pageScript = `
(function () {
  var config = JSON.parse(document.getElementById("challenge-config").textContent);
  var params = new URLSearchParams(location.search);
  var status = document.getElementById("status");
  document.body.classList.add(params.get("dark-mode") === "true" ? "dark-theme" : "light-theme");
  if (params.get("barista-mode") === "true") document.body.style.backgroundColor = "transparent";
  function decodeMetadata(value) {
    var base64 = (value || "").replace(/[^A-Za-z0-9\\-_]/g, "").replace(/-/g, "+").replace(/_/g, "/");
    while (base64.length % 4 !== 0) base64 += "=";
    try {
      var binary = atob(base64), bytes = new Uint8Array(binary.length);
      for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      var json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
      return json !== null && typeof json === "object" && !Array.isArray(json) ? json : null;
    } catch (e) { return null; }
  }
  var generic = (params.get("challenge-type") || "").replace(/-/g, "") === "generic";
  var type = params.get("generic-challenge-type"), metadata = decodeMetadata(params.get("challenge-metadata-json"));
  if (!config.targetOrigin) { status.textContent = "Refusing to talk to this parent: its origin is not one this platform serves."; return; }
  if (!generic || !type || metadata === null) { status.textContent = "This challenge could not be read."; return; }
  function post(kind, data) {
    window.parent.postMessage({ genericChallengeResponse: { type: kind, data: data } }, config.targetOrigin);
  }
  document.getElementById("challenge-type").textContent = type;
  document.getElementById("challenge-action").textContent = metadata.actionType || metadata.puzzleType || "";
  document.getElementById("challenge").hidden = false;
  post("challengeDisplayed", { displayed: true });
  post("challengeInitialized", { initialized: true });
  var done = false;
  function finish(kind, data) {
    if (done) return; done = true;
    document.getElementById("challenge").hidden = true;
    status.textContent = "Thank you.";
    history.replaceState(null, "", location.pathname);
    post(kind, data);
  }
  document.getElementById("complete").onclick = function () {
    finish("challengeCompleted", {
      challengeType: type,
      metadata: { challengeToken: config.token, requestFollowUp: document.getElementById("follow-up").checked }
    });
  };
  document.getElementById("abandon").onclick = function () { finish("challengeInvalidated", { abandoned: true }); };
  document.getElementById("fail").onclick = function () {
    finish("challengeInvalidated", { challengeType: type, errorCode: 0, errorMessage: ${JSON.stringify(failedByPersonReason)} });
  };
})();
`

/** The page's HTML for a challenge's answer token and the origin it may post to (null: it posts nothing). */
export const challengePageHtml = (token: string, targetOrigin: string | null) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Security challenge</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:rgba(10,12,20,.5)}
main{background:#fff;color:#222;border-radius:12px;padding:28px 32px;max-width:420px;box-shadow:0 10px 40px rgba(0,0,0,.3)}
body.dark-theme main{background:#232527;color:#eee}body.dark-theme p,body.dark-theme label{color:#ccc}
h1{font-size:20px;margin:0 0 8px}p{color:#444}button{font-size:15px;padding:8px 14px;margin:6px 6px 0 0;border-radius:8px;border:1px solid #888;cursor:pointer}
#complete{background:#0a7d32;color:#fff;border-color:#0a7d32}label{display:block;margin-top:12px;color:#444}
</style></head><body><main>
<h1>Are you a person?</h1>
<p id="status" data-testid="challenge-status"></p>
<section id="challenge" hidden>
<p>The platform asks you to confirm this action (<span id="challenge-type" data-testid="challenge-type"></span>
<span id="challenge-action" data-testid="challenge-action"></span>).</p>
<button id="complete" data-testid="challenge-complete">I am a person: complete</button>
<button id="abandon" data-testid="challenge-abandon">Abandon</button>
<button id="fail" data-testid="challenge-fail">Fail the challenge</button>
<label><input type="checkbox" id="follow-up" data-testid="challenge-follow-up"> ask for a follow-up challenge</label>
</section>
</main>
<script type="application/json" id="challenge-config">${scriptJson({ token, targetOrigin })}</script>
<script>${pageScript}</script>
</body></html>`

/** The page's handler for an emulator instance. */
export const challengePageHandler = (state: EmulatorStateShape) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const query = new URL(request.url, "http://emulator").searchParams
    const targetOrigin = pageTargetOrigin({
      query,
      host: request.headers["host"],
      allowedOrigins: state.options.allowedOrigins
    })
    const token = challengeToken(state.options.seed, query.get("generic-challenge-id") ?? "")
    return HttpServerResponse.html(challengePageHtml(token, targetOrigin)).pipe(
      HttpServerResponse.setHeaders({ "cache-control": "no-store", "referrer-policy": "no-referrer" })
    )
  })

/** The page route, as a router layer for the www origin. */
export const ChallengePageRoutes = HttpRouter.use((router) =>
  Effect.flatMap(EmulatorState, (state) => router.add("GET", challengePagePath, challengePageHandler(state)))
)
