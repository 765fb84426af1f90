/**
 * The script sandbox: where the browser runs the script of a script-running challenge. The script comes from a
 * server and must never run with the PAGE's origin (a Blob-URL worker started by the page has it: it could open
 * the page's IndexedDB, sign with the non-extractable key and send same-origin requests with the session cookie).
 *
 * So the page starts a hidden iframe with `sandbox="allow-scripts"` and NO `allow-same-origin`: its document (a
 * `srcdoc` written by this module, {@link sandboxDocument}) has an OPAQUE origin, and so does the dedicated worker
 * it starts from a Blob URL with the script. Code there cannot open the page's storage (IndexedDB, caches, local
 * storage: SecurityError), has no reference to the page's window, key or ports, and its requests are cross-site
 * from an opaque origin (`Origin: null`): the browser attaches no SameSite session cookie.
 *
 * The protocol (one run per frame):
 *
 * ```
 * page → frame window   { protocol: sandboxProtocol }  + transfer [port2]   (on the frame's load event)
 * page → port           { source }                     (script + harness, see ScriptRunner.ts)
 * frame → port          { event: "message", data }     (each message the worker posts)
 *                     | { event: "error" }             (the worker reported an error: the script threw)
 *                     | { event: "messageerror" }      (a worker message could not be cloned)
 *                     | { event: "startFailed" }       (no worker could be started, e.g. a content security policy)
 * ```
 *
 * Who authenticates whom:
 * - The frame's origin is the string `"null"`, like EVERY opaque origin (any sandboxed frame or `data:` document of
 *   any site), so the page never trusts a message because of its origin and never listens on its window for the
 *   sandbox at all. It talks to the sandbox only through a MessageChannel it creates: port2 is transferred with the
 *   ONE message posted to the exact window object of the iframe it just created (`iframe.contentWindow`), after
 *   that frame's `load`. Only the holder of port2 can post to port1, so holding port1 is what authenticates the
 *   sandbox's answers; nothing from the page's window `message` events is ever read.
 * - That one window message must use the target origin `"*"` (an opaque origin cannot be named). It carries no
 *   secret: only the protocol tag and the port. Only the page itself (same origin as the frame's parent) can
 *   navigate the frame, so the document receiving it is the sandbox document.
 * - The sandbox document accepts exactly one message: from its parent window (`event.source === parent`), from
 *   the page's exact origin (written into the document by the page), with the protocol tag and a port; then it
 *   stops listening. The untrusted script runs in the worker, never in that document, so it cannot reach the
 *   port: it can only post to the document, which relays.
 * - Everything that arrives on port1 is outside input: decoded here, and the worker's data again by the runner.
 *
 * When the run ends (result, failure, time-out, interruption), the port is closed and the iframe removed, which
 * terminates the worker. Like any Blob worker, the sandbox needs `blob:` workers and an inline script in a
 * `srcdoc` frame (which inherits the page's content security policy); where they are forbidden, the run fails
 * (`load`, or `timeout` when the sandbox document's script cannot run at all).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import type { ScriptWorker, ScriptWorkerFactory } from "./ScriptRunner.ts"

/** The tag of the one window message the page posts to the sandbox. */
export const sandboxProtocol = "platform-web-client/script-sandbox/1"

/** The `sandbox` attribute of the frame: scripts, nothing else (no same origin, forms, popups, navigation). */
export const sandboxFlags = "allow-scripts"

/** JSON safe inside a `<script>` element. */
const scriptJson = (value: string): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")

/**
 * The script of the sandbox document, for a page at `parentOrigin`. Plain JavaScript that uses only `window`,
 * `URL`, `Blob` and `Worker`, exported so its checks can be exercised outside a browser.
 */
export const sandboxBootstrap = (parentOrigin: string): string =>
  `
(function (parentOrigin, protocol) {
  function onMessage(event) {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    var data = event.data, port = event.ports && event.ports[0];
    if (data === null || typeof data !== "object" || data.protocol !== protocol || !port) return;
    window.removeEventListener("message", onMessage);
    port.onmessage = function (request) {
      port.onmessage = null;
      var source = request.data && request.data.source, worker;
      try {
        if (typeof source !== "string") throw new TypeError("no script");
        worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { name: "challenge-script" });
      } catch (error) {
        port.postMessage({ event: "startFailed" });
        return;
      }
      worker.onmessage = function (message) {
        try { port.postMessage({ event: "message", data: message.data }); } catch (error) { port.postMessage({ event: "messageerror" }); }
      };
      worker.onerror = function (error) { error.preventDefault(); port.postMessage({ event: "error" }); };
      worker.onmessageerror = function () { port.postMessage({ event: "messageerror" }); };
    };
  }
  window.addEventListener("message", onMessage);
})(${scriptJson(parentOrigin)}, ${scriptJson(sandboxProtocol)});
`

/** The sandbox frame's document (its `srcdoc`) for a page at `parentOrigin`. */
export const sandboxDocument = (parentOrigin: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>challenge script sandbox</title></head><body><script>${sandboxBootstrap(
    parentOrigin
  )}</script></body></html>`

const RelayMessage = Schema.Union([
  Schema.Struct({ event: Schema.Literal("message"), data: Schema.Unknown }),
  Schema.Struct({ event: Schema.Literals(["error", "messageerror", "startFailed"]) })
])

const decodeRelay = Schema.decodeUnknownOption(RelayMessage)

/** The part of `window` the sandbox uses. */
export interface SandboxWindow {
  readonly location: { readonly origin: string }
  readonly document: Document
  readonly MessageChannel: typeof MessageChannel
}

const noDefault = { preventDefault: () => undefined }

/**
 * A worker factory that runs each script in a new sandbox frame of `window` (see the module doc). The worker it
 * returns forwards the sandbox's relayed events; terminating it closes the channel, releasing it removes the
 * frame (and with it the worker).
 */
export const sandboxedWorkerFactory =
  (window: SandboxWindow): ScriptWorkerFactory =>
  (source) => {
    const channel = new window.MessageChannel()
    const iframe = window.document.createElement("iframe")
    const worker: ScriptWorker = {
      onmessage: null,
      onerror: null,
      onmessageerror: null,
      terminate: () => {
        channel.port1.onmessage = null
        channel.port1.close()
      }
    }
    channel.port1.onmessage = (event) => {
      const relay = decodeRelay(event.data)
      if (relay._tag === "None") return worker.onmessageerror?.(undefined)
      switch (relay.value.event) {
        case "message":
          return worker.onmessage?.({ data: relay.value.data })
        case "error":
          return worker.onerror?.(noDefault)
        case "startFailed":
          return worker.onerror?.({ ...noDefault, startFailed: true })
        case "messageerror":
          return worker.onmessageerror?.(undefined)
      }
    }
    iframe.setAttribute("sandbox", sandboxFlags)
    iframe.setAttribute("aria-hidden", "true")
    iframe.setAttribute("data-script-sandbox", "")
    iframe.title = "challenge script sandbox"
    iframe.tabIndex = -1
    iframe.referrerPolicy = "no-referrer"
    iframe.style.cssText = "display:none;width:0;height:0;border:0;position:absolute"
    iframe.addEventListener(
      "load",
      () => {
        const frameWindow = iframe.contentWindow
        if (frameWindow === null) return worker.onerror?.({ ...noDefault, startFailed: true })
        // "*": an opaque origin cannot be named; the message holds no secret, only the port (see the module doc)
        frameWindow.postMessage({ protocol: sandboxProtocol }, "*", [channel.port2])
        channel.port1.postMessage({ source })
      },
      { once: true }
    )
    iframe.srcdoc = sandboxDocument(window.location.origin)
    window.document.body.appendChild(iframe)
    return { worker, release: () => iframe.remove() }
  }
