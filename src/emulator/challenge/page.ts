/**
 * The hybrid challenge page on the www origin: `GET /challenge/cdn/hybrid?challengeId&challengeType&challengeMetadata&parentOrigin`.
 *
 * The page speaks the protocol of the library's DOM presenter: it posts `{ genericChallengeResponse: { type, data } }`
 * to its parent, ONLY to the exact `parentOrigin` of its query, and only when that origin is one the emulator's
 * services accept (loopback origins and `allowedOrigins`); otherwise it posts nothing and says why. It posts
 * `challengePageLoaded`, `challengeParsed` (false when the query does not carry a challenge), `challengeInitialized`
 * and `challengeDisplayed`, then whatever the person chooses:
 *
 * - Complete: `challengeCompleted` with `challengeMetadata: { challengeToken, requestFollowUp }` (the token the
 *   continue endpoint checks; "ask for a follow-up" makes the continue answer carry a follow-up challenge);
 * - Abandon: `challengeAbandoned`;
 * - Fail: `challengeInvalidated` with the reason `The person failed the challenge.`
 *
 * The metadata is never displayed.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { EmulatorState, type EmulatorStateShape } from "../EmulatorState.ts"
import { isAllowedOrigin } from "../platform/cors.ts"
import { challengeToken } from "./store.ts"

/** The page's path. */
export const challengePagePath = "/challenge/cdn/hybrid"

/** The reason the page gives when the person fails the challenge. */
export const failedByPersonReason = "The person failed the challenge."

const exactOrigin = (origin: string): boolean => {
  try {
    return new URL(origin).origin === origin
  } catch {
    return false
  }
}

/** JSON safe to put inside a `<script>` element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028|\u2029/g, "")

const pageScript = `
(function () {
  var config = JSON.parse(document.getElementById("challenge-config").textContent);
  var params = new URLSearchParams(location.search);
  var status = document.getElementById("status");
  if (!config.parentOrigin) { status.textContent = "Refusing to talk to this parent: its origin is not allowed."; return; }
  function post(type, data) {
    window.parent.postMessage({ genericChallengeResponse: { type: type, data: data } }, config.parentOrigin);
  }
  post("challengePageLoaded", true);
  var id = params.get("challengeId"), type = params.get("challengeType"), metadata = null;
  try { metadata = JSON.parse(atob(params.get("challengeMetadata") || "")); } catch (e) { metadata = null; }
  var parsed = !!id && !!type && metadata !== null && typeof metadata === "object";
  post("challengeParsed", parsed);
  if (!parsed) { status.textContent = "This challenge could not be read."; return; }
  post("challengeInitialized", true);
  document.getElementById("challenge-type").textContent = type;
  document.getElementById("challenge-action").textContent = metadata.actionType || metadata.puzzleType || "";
  document.getElementById("challenge").hidden = false;
  post("challengeDisplayed", true);
  var done = false;
  function finish(type, data) {
    if (done) return; done = true;
    document.getElementById("challenge").hidden = true;
    status.textContent = "Thank you.";
    post(type, data);
  }
  document.getElementById("complete").onclick = function () {
    finish("challengeCompleted", {
      challengeId: id,
      challengeMetadata: { challengeToken: config.token, requestFollowUp: document.getElementById("follow-up").checked }
    });
  };
  document.getElementById("abandon").onclick = function () { finish("challengeAbandoned", {}); };
  document.getElementById("fail").onclick = function () { finish("challengeInvalidated", { reason: ${JSON.stringify(failedByPersonReason)} }); };
})();
`

/** The page's HTML for a challenge id and an accepted parent origin (null: refused). */
export const challengePageHtml = (token: string, parentOrigin: string | null) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Security challenge</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:rgba(10,12,20,.5)}
main{background:#fff;border-radius:12px;padding:28px 32px;max-width:420px;box-shadow:0 10px 40px rgba(0,0,0,.3)}
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
<script type="application/json" id="challenge-config">${scriptJson({ token, parentOrigin })}</script>
<script>${pageScript}</script>
</body></html>`

/** The page's handler for an emulator instance. */
export const challengePageHandler = (state: EmulatorStateShape) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const query = new URL(request.url, "http://emulator").searchParams
    const parent = query.get("parentOrigin") ?? ""
    const accepted = exactOrigin(parent) && isAllowedOrigin(parent, state.options.allowedOrigins) ? parent : null
    const token = challengeToken(state.options.seed, query.get("challengeId") ?? "")
    return HttpServerResponse.html(challengePageHtml(token, accepted)).pipe(
      HttpServerResponse.setHeaders({ "cache-control": "no-store", "referrer-policy": "no-referrer" })
    )
  })

/** The page route, as a router layer for the www origin. */
export const ChallengePageRoutes = HttpRouter.use((router) =>
  Effect.flatMap(EmulatorState, (state) => router.add("GET", challengePagePath, challengePageHandler(state)))
)
