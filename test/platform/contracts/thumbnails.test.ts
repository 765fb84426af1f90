/**
 * The thumbnails service against its published document: ids comma-joined (`collectionFormat: csv`), the sizes and
 * formats of each image kind, `GET /v1/places/gameicons`, the batch body; answers with `state` as the document
 * lists it (names) and as live traffic may bring it (a state added later, fields the document does not list).
 */
import * as Effect from "effect/Effect"
import { ThumbnailsClient } from "../../../src/platform/clients/PlatformClients.ts"
import { type ContractCase, contractCases } from "./harness.ts"

const thumbs = <A, E>(f: (client: ThumbnailsClient["Service"]) => Effect.Effect<A, E>) =>
  Effect.flatMap(ThumbnailsClient, f)

/** A ThumbnailResponse as documented: targetId, state, imageUrl, version. */
const image = (targetId: number, state = "Completed") => ({
  targetId,
  state,
  imageUrl: state === "Completed" ? `https://tr.rbxcdn.test/${targetId}/150/150/Image/Png` : null,
  version: "TN3"
})
/** The same image as live traffic sends it: a state the document does not list, and an extra field. */
const liveImage = (targetId: number) => ({ targetId, state: "Archived", imageUrl: null, version: "TN4", cdnHint: "eu" })
const liveImageDecoded = (targetId: number) => ({
  targetId,
  state: { _tag: "Unknown", value: "Archived" },
  imageUrl: null,
  version: "TN4"
})

/**
 * A list call: documented answer (one Completed, one Pending) and live answer (a state by its code, a state the
 * document does not list, an extra field).
 */
const listCase = (
  published: string,
  method: string,
  call: ContractCase["call"],
  path: string,
  query: NonNullable<ContractCase["query"]>,
  ids: readonly [number, number]
): ContractCase => ({
  published,
  method,
  call,
  path: `/thumbnails${path}`,
  query,
  documented: {
    answer: { data: [image(ids[0]), image(ids[1], "Pending")] },
    decoded: { data: [image(ids[0]), image(ids[1], "Pending")] }
  },
  live: {
    answer: { data: [{ ...image(ids[0], "Blocked"), state: 4 }, liveImage(ids[1])] },
    decoded: { data: [image(ids[0], "Blocked"), liveImageDecoded(ids[1])] }
  }
})

const universe = (universeId: number) => ({
  universeId,
  error: null,
  thumbnails: [{ ...image(universeId * 10 + 1), targetId: universeId * 10 + 1 }]
})

contractCases("thumbnails", [
  listCase(
    "GET /v1/assets",
    "assetThumbnails.getAssetThumbnails",
    thumbs((c) =>
      c.assetThumbnails.getAssetThumbnails({
        query: {
          assetIds: [20001, 20002],
          returnPolicy: "PlaceHolder",
          size: "720x228",
          format: "Webp",
          isCircular: false
        }
      })
    ),
    "/v1/assets",
    [
      ["assetIds", "20001,20002"],
      ["returnPolicy", "PlaceHolder"],
      ["size", "720x228"],
      ["format", "Webp"],
      ["isCircular", "false"]
    ],
    [20001, 20002]
  ),
  {
    published: "GET /v1/assets-thumbnail-3d",
    method: "assetThumbnails.getAssetThumbnail3d",
    call: thumbs((c) => c.assetThumbnails.getAssetThumbnail3d({ query: { assetId: 20001, useGltf: true } })),
    path: "/thumbnails/v1/assets-thumbnail-3d",
    query: [
      ["assetId", "20001"],
      ["useGltf", "true"]
    ],
    documented: { answer: image(20001), decoded: image(20001) },
    live: { answer: liveImage(20001), decoded: liveImageDecoded(20001) }
  },
  listCase(
    "GET /v1/badges/icons",
    "assetThumbnails.getBadgeIcons",
    thumbs((c) => c.assetThumbnails.getBadgeIcons({ query: { badgeIds: [31, 32], size: "150x150", format: "Webp" } })),
    "/v1/badges/icons",
    [
      ["badgeIds", "31,32"],
      ["size", "150x150"],
      ["format", "Webp"]
    ],
    [31, 32]
  ),
  listCase(
    "GET /v1/bundles/thumbnails",
    "assetThumbnails.getBundleThumbnails",
    thumbs((c) =>
      c.assetThumbnails.getBundleThumbnails({
        query: { bundleIds: [192, 193], size: "420x420", format: "Png", isCircular: false }
      })
    ),
    "/v1/bundles/thumbnails",
    [
      ["bundleIds", "192,193"],
      ["size", "420x420"],
      ["format", "Png"],
      ["isCircular", "false"]
    ],
    [192, 193]
  ),
  listCase(
    "GET /v1/developer-products/icons",
    "assetThumbnails.getDeveloperProductIcons",
    thumbs((c) =>
      c.assetThumbnails.getDeveloperProductIcons({ query: { developerProductIds: [7, 8], size: "420x420" } })
    ),
    "/v1/developer-products/icons",
    [
      ["developerProductIds", "7,8"],
      ["size", "420x420"]
    ],
    [7, 8]
  ),
  listCase(
    "GET /v1/game-passes",
    "assetThumbnails.getGamePassIcons",
    thumbs((c) =>
      c.assetThumbnails.getGamePassIcons({ query: { gamePassIds: [51, 52], size: "150x150", format: "Png" } })
    ),
    "/v1/game-passes",
    [
      ["gamePassIds", "51,52"],
      ["size", "150x150"],
      ["format", "Png"]
    ],
    [51, 52]
  ),
  listCase(
    "GET /v1/games/icons",
    "gameThumbnails.getGameIcons",
    thumbs((c) =>
      c.gameThumbnails.getGameIcons({
        query: {
          universeIds: [1001, 1002],
          returnPolicy: "AutoGenerated",
          size: "512x512",
          format: "Jpeg",
          isCircular: true
        }
      })
    ),
    "/v1/games/icons",
    [
      ["universeIds", "1001,1002"],
      ["returnPolicy", "AutoGenerated"],
      ["size", "512x512"],
      ["format", "Jpeg"],
      ["isCircular", "true"]
    ],
    [1001, 1002]
  ),
  {
    published: "GET /v1/games/multiget/thumbnails",
    method: "gameThumbnails.getUniversesThumbnails",
    call: thumbs((c) =>
      c.gameThumbnails.getUniversesThumbnails({
        query: {
          universeIds: [1001, 1002],
          countPerUniverse: 1,
          defaults: true,
          size: "256x144",
          format: "Png",
          isCircular: false
        }
      })
    ),
    path: "/thumbnails/v1/games/multiget/thumbnails",
    query: [
      ["universeIds", "1001,1002"],
      ["countPerUniverse", "1"],
      ["defaults", "true"],
      ["size", "256x144"],
      ["format", "Png"],
      ["isCircular", "false"]
    ],
    documented: {
      answer: {
        data: [
          universe(1001),
          {
            universeId: 1002,
            error: {
              code: 5,
              message: "The requested universe does not exist.",
              userFacingMessage: "Something went wrong",
              field: "universeIds"
            },
            thumbnails: []
          }
        ]
      },
      decoded: {
        data: [
          universe(1001),
          {
            universeId: 1002,
            error: {
              code: 5,
              message: "The requested universe does not exist.",
              userFacingMessage: "Something went wrong",
              field: "universeIds"
            },
            thumbnails: []
          }
        ]
      }
    },
    live: {
      answer: { data: [{ ...universe(1001), thumbnails: [liveImage(10011)], region: "eu" }] },
      decoded: { data: [{ universeId: 1001, error: null, thumbnails: [liveImageDecoded(10011)] }] }
    }
  },
  listCase(
    "GET /v1/games/{universeId}/thumbnails",
    "gameThumbnails.getUniverseThumbnails",
    thumbs((c) =>
      c.gameThumbnails.getUniverseThumbnails({
        params: { universeId: 1001 },
        query: { thumbnailIds: [10011, 10012], size: "768x432", format: "Webp" }
      })
    ),
    "/v1/games/1001/thumbnails",
    [
      ["thumbnailIds", "10011,10012"],
      ["size", "768x432"],
      ["format", "Webp"]
    ],
    [10011, 10012]
  ),
  listCase(
    "GET /v1/groups/icons",
    "assetThumbnails.getGroupIcons",
    thumbs((c) =>
      c.assetThumbnails.getGroupIcons({
        query: { groupIds: [9001, 9002], size: "150x150", format: "Png", isCircular: true }
      })
    ),
    "/v1/groups/icons",
    [
      ["groupIds", "9001,9002"],
      ["size", "150x150"],
      ["format", "Png"],
      ["isCircular", "true"]
    ],
    [9001, 9002]
  ),
  listCase(
    "GET /v1/places/gameicons",
    "gameThumbnails.getPlaceGameIcons",
    thumbs((c) =>
      c.gameThumbnails.getPlaceGameIcons({
        query: {
          placeIds: [100010, 100020],
          returnPolicy: "PlaceHolder",
          size: "256x256",
          format: "Png",
          isCircular: false
        }
      })
    ),
    "/v1/places/gameicons",
    [
      ["placeIds", "100010,100020"],
      ["returnPolicy", "PlaceHolder"],
      ["size", "256x256"],
      ["format", "Png"],
      ["isCircular", "false"]
    ],
    [100010, 100020]
  ),
  listCase(
    "GET /v1/users/avatar",
    "avatarThumbnails.getAvatars",
    thumbs((c) =>
      c.avatarThumbnails.getAvatars({ query: { userIds: [1, 2], size: "150x200", format: "Png", isCircular: false } })
    ),
    "/v1/users/avatar",
    [
      ["userIds", "1,2"],
      ["size", "150x200"],
      ["format", "Png"],
      ["isCircular", "false"]
    ],
    [1, 2]
  ),
  {
    published: "GET /v1/users/avatar-3d",
    method: "avatarThumbnails.getAvatarThumbnail3d",
    call: thumbs((c) => c.avatarThumbnails.getAvatarThumbnail3d({ query: { userId: 1 } })),
    path: "/thumbnails/v1/users/avatar-3d",
    query: [["userId", "1"]],
    documented: { answer: image(1), decoded: image(1) },
    live: { answer: liveImage(1), decoded: liveImageDecoded(1) }
  },
  listCase(
    "GET /v1/users/avatar-bust",
    "avatarThumbnails.getAvatarBusts",
    thumbs((c) =>
      c.avatarThumbnails.getAvatarBusts({
        query: { userIds: [1, 2], size: "420x420", format: "Webp", isCircular: true }
      })
    ),
    "/v1/users/avatar-bust",
    [
      ["userIds", "1,2"],
      ["size", "420x420"],
      ["format", "Webp"],
      ["isCircular", "true"]
    ],
    [1, 2]
  ),
  listCase(
    "GET /v1/users/avatar-headshot",
    "avatarThumbnails.getAvatarHeadshots",
    thumbs((c) =>
      c.avatarThumbnails.getAvatarHeadshots({
        query: { userIds: [1, 2], size: "720x720", format: "Jpeg", isCircular: true }
      })
    ),
    "/v1/users/avatar-headshot",
    [
      ["userIds", "1,2"],
      ["size", "720x720"],
      ["format", "Jpeg"],
      ["isCircular", "true"]
    ],
    [1, 2]
  ),
  listCase(
    "GET /v1/users/outfits",
    "assetThumbnails.getOutfitThumbnails",
    thumbs((c) =>
      c.assetThumbnails.getOutfitThumbnails({ query: { userOutfitIds: [501, 502], size: "420x420", format: "Png" } })
    ),
    "/v1/users/outfits",
    [
      ["userOutfitIds", "501,502"],
      ["size", "420x420"],
      ["format", "Png"]
    ],
    [501, 502]
  ),
  {
    published: "POST /v1/batch",
    method: "thumbnailBatch.batchThumbnails",
    call: thumbs((c) =>
      c.thumbnailBatch.batchThumbnails({
        payload: [
          {
            requestId: "1:AvatarHeadShot:150x150:Png:regular",
            type: "AvatarHeadShot",
            targetId: 1,
            size: "150x150",
            format: "Png",
            isCircular: false
          },
          {
            requestId: "tok",
            type: "GameThumbnail",
            targetId: 0,
            token: "T_1001_icon",
            size: "768x432",
            format: "Webp",
            accessContext: "Studio"
          }
        ]
      })
    ),
    path: "/thumbnails/v1/batch",
    body: [
      {
        requestId: "1:AvatarHeadShot:150x150:Png:regular",
        type: "AvatarHeadShot",
        targetId: 1,
        size: "150x150",
        format: "Png",
        isCircular: false
      },
      {
        requestId: "tok",
        type: "GameThumbnail",
        targetId: 0,
        token: "T_1001_icon",
        size: "768x432",
        format: "Webp",
        accessContext: "Studio"
      }
    ],
    documented: {
      answer: {
        data: [
          { requestId: "1:AvatarHeadShot:150x150:Png:regular", errorCode: 0, errorMessage: "", ...image(1) },
          { requestId: "tok", errorCode: 0, errorMessage: "", ...image(0, "InReview") }
        ]
      },
      decoded: {
        data: [
          { requestId: "1:AvatarHeadShot:150x150:Png:regular", errorCode: 0, errorMessage: "", ...image(1) },
          { requestId: "tok", errorCode: 0, errorMessage: "", ...image(0, "InReview") }
        ]
      }
    },
    live: {
      answer: { data: [{ requestId: "tok", errorCode: 0, errorMessage: "", ...liveImage(0) }] },
      decoded: { data: [{ requestId: "tok", errorCode: 0, errorMessage: "", ...liveImageDecoded(0) }] }
    }
  }
])
