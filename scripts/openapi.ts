/**
 * `npm run openapi`: write the OpenAPI documents generated from the definitions to `openapi/`: one file per service
 * (`openapi/{service}.json`, paths relative to the service's base URL) and `openapi/platform.json` (every service
 * under `/{service}`, as the emulator serves it at `/openapi.json`).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { platformServices, type PlatformServiceName } from "../src/platform/api/registry.ts"
import { platformOpenApi, serviceOpenApi } from "../src/platform/openapi.ts"

const out = process.argv[2] ?? "openapi"
mkdirSync(out, { recursive: true })
const write = (name: string, document: unknown) => {
  const file = join(out, `${name}.json`)
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
  const paths = Object.keys((document as { paths: object }).paths).length
  console.log(`${file}: ${paths} paths`)
}
for (const service of Object.keys(platformServices) as Array<PlatformServiceName>)
  write(service, serviceOpenApi(service))
write("platform", platformOpenApi())
