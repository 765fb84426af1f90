/**
 * The game internationalization client's calls that no published document describes (autolocalization's GET, its
 * PATCH and the scrape cleanup): method, path and body, and the decoding of realistic answers. The published calls,
 * the binary report included, are in test/platform/contracts/gameInternationalization.test.ts.
 */
import * as Effect from "effect/Effect"
import { GameInternationalizationClient } from "../../../src/platform/clients/PlatformClients.ts"
import { requestCases } from "./harness.ts"

type Gi = GameInternationalizationClient["Service"]
const gi = <A, E>(f: (client: Gi) => Effect.Effect<A, E>) => Effect.flatMap(GameInternationalizationClient, f)

const base = "/gameInternationalization"
const tableId = "5c0b9d0e-2c55-4d6b-9d43-1f5b7a0c2e11"
const info = {
  isAutolocalizationEnabled: true,
  shouldUseLocalizationTable: true,
  autoLocalizationTableId: tableId,
  assetId: 8812,
  isAutomaticEntriesSettingEnabled: true,
  isGameOwner: true
}
const { isGameOwner: _owner, ...infoDecoded } = info

requestCases("GameInternationalizationClient", [
  {
    name: "requestAutolocalizationCleanup",
    call: gi((c) =>
      c.autolocalization.requestAutolocalizationCleanup({
        params: { gameId: 1001 },
        payload: { maxAgeForFlush: "30.00:00:00" }
      })
    ),
    method: "POST",
    path: `${base}/v1/autolocalization/games/1001/autoscrape-cleanup-request`,
    body: { maxAgeForFlush: "30.00:00:00" },
    response: {}
  },
  {
    name: "getAutolocalization",
    call: gi((c) => c.autolocalization.getAutolocalization({ params: { gameId: 1001 } })),
    method: "GET",
    path: `${base}/v1/autolocalization/games/1001`,
    response: info,
    expected: infoDecoded
  },
  {
    name: "enableAutolocalization",
    call: gi((c) => c.autolocalization.enableAutolocalization({ params: { gameId: 1001 } })),
    method: "PATCH",
    path: `${base}/v1/autolocalization/games/1001`,
    response: info,
    expected: infoDecoded
  }
])
