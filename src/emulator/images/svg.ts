/**
 * Generated pictures: avatar headshots and game icons as SVG, drawn from the id with a seeded generator, so each
 * user and game always gets the same picture. The emulator serves them whatever `format` a thumbnail request
 * asked for.
 *
 * @module
 */
import { deriveSeed, makeRandom } from "../world/random.ts"
import type { WorldUniverse, WorldUser } from "../world/World.ts"

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!)

/** Width and height of a size such as `150x150` (defaults to 150 when unreadable). */
export const parseSize = (size: string): { readonly width: number; readonly height: number } => {
  const match = /^(\d{1,4})x(\d{1,4})$/.exec(size)
  return match === null ? { width: 150, height: 150 } : { width: Number(match[1]), height: Number(match[2]) }
}

const frame = (size: string, circular: boolean, title: string, body: string): string => {
  const { height, width } = parseSize(size)
  const clip = circular
    ? `<defs><clipPath id="c"><circle cx="50" cy="50" r="50"/></clipPath></defs><g clip-path="url(#c)">${body}</g>`
    : body
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100" role="img"><title>${escapeXml(
    title
  )}</title>${clip}</svg>`
}

const skins = ["#ffdbac", "#f1c27d", "#e0ac69", "#c68642", "#8d5524", "#f5cd3b"]

/** A blocky avatar headshot for a user. */
export const avatarHeadshotSvg = (user: WorldUser, size: string, circular: boolean): string => {
  const rng = makeRandom(deriveSeed(user.id, "avatar"))
  const bg = rng.int(0, 359)
  const shirt = rng.int(0, 359)
  const hair = rng.int(0, 359)
  const skin = rng.pick(skins)
  const hat = rng.chance(0.4)
  const smile = rng.pick(["M40 55 Q50 63 60 55", "M41 56 L59 56", "M40 57 Q50 51 60 57", "M42 54 Q50 60 58 54"])
  const body = [
    `<rect width="100" height="100" fill="hsl(${bg} 55% 80%)"/>`,
    `<rect x="20" y="72" width="60" height="34" rx="12" fill="hsl(${shirt} 60% 45%)"/>`,
    `<rect x="28" y="24" width="44" height="44" rx="9" fill="${skin}"/>`,
    hat
      ? `<rect x="24" y="16" width="52" height="14" rx="4" fill="hsl(${hair} 65% 35%)"/><rect x="34" y="8" width="32" height="12" rx="4" fill="hsl(${hair} 65% 35%)"/>`
      : `<rect x="28" y="20" width="44" height="10" rx="5" fill="hsl(${hair} 40% 25%)"/>`,
    `<rect x="39" y="40" width="6" height="8" rx="2" fill="#222"/><rect x="55" y="40" width="6" height="8" rx="2" fill="#222"/>`,
    `<path d="${smile}" stroke="#222" stroke-width="3" fill="none" stroke-linecap="round"/>`
  ].join("")
  return frame(size, circular, `Avatar of ${user.displayName} (@${user.name})`, body)
}

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("")

/** A game icon: a gradient, a few shapes and the game's initials. */
export const gameIconSvg = (universe: WorldUniverse, size: string, circular: boolean): string => {
  const rng = makeRandom(deriveSeed(universe.id, "icon"))
  const [from, to] = universe.hues
  const shapes: Array<string> = []
  for (let i = 0, n = rng.int(3, 6); i < n; i++) {
    const x = rng.int(0, 100)
    const y = rng.int(0, 100)
    const r = rng.int(8, 30)
    const opacity = (rng.int(12, 30) / 100).toFixed(2)
    shapes.push(
      rng.chance(0.5)
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${opacity}"/>`
        : `<rect x="${x - r}" y="${y - r}" width="${r * 2}" height="${r * 2}" rx="4" transform="rotate(${rng.int(
            0,
            89
          )} ${x} ${y})" fill="#fff" fill-opacity="${opacity}"/>`
    )
  }
  const body = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${from} 70% 50%)"/><stop offset="1" stop-color="hsl(${to} 70% 35%)"/></linearGradient></defs>`,
    `<rect width="100" height="100" fill="url(#g)"/>`,
    ...shapes,
    `<text x="50" y="62" text-anchor="middle" font-family="Verdana, sans-serif" font-weight="bold" font-size="34" fill="#fff">${escapeXml(
      initials(universe.name)
    )}</text>`
  ].join("")
  return frame(size, circular, `Icon of ${universe.name}`, body)
}

/** The placeholder served for blocked or missing pictures. */
export const placeholderSvg = (size: string, circular: boolean): string =>
  frame(
    size,
    circular,
    "Image not available",
    `<rect width="100" height="100" fill="#d9dde3"/><circle cx="50" cy="50" r="22" fill="none" stroke="#8a929c" stroke-width="6"/><path d="M35 65 L65 35" stroke="#8a929c" stroke-width="6"/>`
  )
