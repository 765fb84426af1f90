/**
 * The follow graph of an emulator instance: seeded from the world's followers and followings, changed by follow
 * and unfollow (the world itself is immutable). Lists keep the world's order; a new follow goes last.
 *
 * @module
 */
import type { World } from "./world/World.ts"

/** Who follows whom, now. */
export interface Follows {
  /** The users `userId` follows. */
  readonly followingsOf: (userId: number) => ReadonlyArray<number>
  /** The users following `userId`. */
  readonly followersOf: (userId: number) => ReadonlyArray<number>
  /** `followerId` follows `targetId` (no change when it already does). */
  readonly follow: (followerId: number, targetId: number) => void
  /** `followerId` no longer follows `targetId` (no change when it did not). */
  readonly unfollow: (followerId: number, targetId: number) => void
  /** Back to the world's graph. */
  readonly reset: () => void
}

/** The follow graph, starting from `world`'s. */
export const makeFollows = (world: World): Follows => {
  const followings = new Map<number, ReadonlyArray<number>>(world.followings)
  const followers = new Map<number, ReadonlyArray<number>>(world.followers)
  const restore = (lists: Map<number, ReadonlyArray<number>>, seeded: ReadonlyMap<number, ReadonlyArray<number>>) => {
    lists.clear()
    for (const [owner, ids] of seeded) lists.set(owner, ids)
  }
  const add = (lists: Map<number, ReadonlyArray<number>>, owner: number, id: number) => {
    const list = lists.get(owner) ?? []
    if (!list.includes(id)) lists.set(owner, [...list, id])
  }
  const remove = (lists: Map<number, ReadonlyArray<number>>, owner: number, id: number) => {
    const list = lists.get(owner) ?? []
    if (list.includes(id))
      lists.set(
        owner,
        list.filter((other) => other !== id)
      )
  }
  return {
    followingsOf: (userId) => followings.get(userId) ?? [],
    followersOf: (userId) => followers.get(userId) ?? [],
    follow: (followerId, targetId) => {
      add(followings, followerId, targetId)
      add(followers, targetId, followerId)
    },
    unfollow: (followerId, targetId) => {
      remove(followings, followerId, targetId)
      remove(followers, targetId, followerId)
    },
    reset: () => {
      restore(followings, world.followings)
      restore(followers, world.followers)
    }
  }
}
