/**
 * The typed clients' rows of `npm run size` (scripts/size.ts measures and prints them with its own build): what a
 * page pays for the clients it uses, each page built with Vite for production as an app would be.
 *
 * - `size/clients-core.ts`: the core layer (`browserPlatformLayer`) with one call through PlatformHttp, the baseline;
 * - `size/clients-one.ts`: the same page with one typed client (FriendsClient) and one call;
 * - `size/clients-endpoint.ts`: with one endpoint alone (`platformCall("friends", getFriends)`);
 * - `size/clients-all.ts`: with every typed client (`platformClientsLayer`), each used.
 *
 * Budget: one client at most 8 KB gzip over the core layer. No typed-client page may load any of effect/http's
 * client (HttpClient, its request, response, error and body modules, FetchHttpClient) nor of effect/http-api: the
 * clients execute their definitions over PlatformHttp. `--modules` lists the modules the one-client page adds to the
 * core page.
 *
 * @module
 */

/** A size, minified and gzip. */
export interface Size {
  readonly minified: number
  readonly gzip: number
}

/** What scripts/size.ts gives of a built page. */
export interface MeasuredPage {
  readonly initial: Size
  readonly initialModules: ReadonlyArray<readonly [id: string, renderedLength: number]>
}

/** What the rows need from scripts/size.ts. */
export interface SizeTools {
  readonly measure: (entry: string) => Promise<MeasuredPage>
  readonly line: (name: string, size: Size, note: string) => void
  readonly show: (bytes: number) => string
  /** List the modules the one-client page adds. */
  readonly modules: boolean
}

/** The pages, by what they hold. */
export const clientPages = {
  core: "size/clients-core.ts",
  oneClient: "size/clients-one.ts",
  oneEndpoint: "size/clients-endpoint.ts",
  allClients: "size/clients-all.ts"
} as const

/** At most this many gzip bytes for one typed client over the core layer. */
export const oneClientBudget = 8 * 1024

/** The modules of effect/http's client and of effect/http-api, which no typed-client page may load. */
export const clientMachinery = new RegExp(
  "effect/dist/(http/(HttpClient|HttpClientRequest|HttpClientResponse|HttpClientError|HttpBody|FetchHttpClient)\\.js" +
    "|http-api/)"
)

/** A module's id as a reader knows it: the package path of a dependency (`effect/dist/…`), else `dist/…`, `size/…`. */
const shortId = (id: string) => {
  const clean = id.replace(/^\0/, "")
  const dependency = clean.lastIndexOf("/node_modules/")
  return dependency >= 0
    ? clean.slice(dependency + "/node_modules/".length)
    : clean.replace(/^.*\/(dist|src|size)\//, "$1/")
}

/** The modules of `page` that `base` does not have, or has shorter, largest first. */
const addedModules = (base: MeasuredPage, page: MeasuredPage) => {
  const before = new Map(base.initialModules)
  return page.initialModules
    .map(([id, length]) => [id, length - (before.get(id) ?? 0)] as const)
    .filter(([, added]) => added > 0)
}

/** Measure and print the rows; true when one client is within its budget and no page loads client machinery. */
export const reportClientPages = async ({ measure, line, show, modules }: SizeTools): Promise<boolean> => {
  const core = await measure(clientPages.core)
  const oneClient = await measure(clientPages.oneClient)
  const oneEndpoint = await measure(clientPages.oneEndpoint)
  const allClients = await measure(clientPages.allClients)
  const over = (page: MeasuredPage) => `+${show(page.initial.gzip - core.initial.gzip)} over the core layer`
  const machinery = [...new Set([oneClient, oneEndpoint, allClients].flatMap((page) => page.initialModules.map(([id]) => id)))]
    .filter((id) => clientMachinery.test(id))
  const withinBudget = oneClient.initial.gzip - core.initial.gzip <= oneClientBudget
  line("typed clients: core layer alone", core.initial, "")
  const verdict = `budget +${show(oneClientBudget)}: ${withinBudget ? "ok" : "OVER"}`
  line("  + one client (FriendsClient)", oneClient.initial, `${over(oneClient)}, ${verdict}`)
  line("  + one endpoint (platformCall)", oneEndpoint.initial, over(oneEndpoint))
  line("  + every client", allClients.initial, over(allClients))
  const found = machinery.length === 0 ? "none" : machinery.map(shortId).join(", ")
  console.log(`  effect/http client or effect/http-api modules in these pages: ${found}`)
  if (modules) {
    console.log("one client: the modules it adds to the core page, by rendered length (before minification)")
    for (const [id, added] of addedModules(core, oneClient).sort((a, b) => b[1] - a[1])) {
      console.log(`  ${String(added).padStart(7)}  ${shortId(id)}`)
    }
  }
  return withinBudget && machinery.length === 0
}
