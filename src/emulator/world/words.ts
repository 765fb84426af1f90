/**
 * Word lists the seeded world draws names from. Plain data; the same lists and seed give the same world.
 *
 * @module
 */

/** First halves of user names. */
export const nameStarts = [
  "Pixel",
  "Turbo",
  "Cosmic",
  "Lucky",
  "Shadow",
  "Blaze",
  "Frost",
  "Echo",
  "Nova",
  "Rusty",
  "Mango",
  "Quartz",
  "Velvet",
  "Atomic",
  "Brisk",
  "Cinder",
  "Dusty",
  "Ember",
  "Fizzy",
  "Gusty",
  "Hazel",
  "Indigo",
  "Jolly",
  "Kiwi",
  "Lunar",
  "Mossy",
  "Neon",
  "Olive",
  "Pepper",
  "Quiet",
  "Ripple",
  "Solar",
  "Tidal",
  "Umber",
  "Vivid",
  "Wavy"
] as const

/** Second halves of user names. */
export const nameEnds = [
  "Fox",
  "Builder",
  "Knight",
  "Panda",
  "Rider",
  "Coder",
  "Wizard",
  "Otter",
  "Falcon",
  "Golem",
  "Ninja",
  "Pilot",
  "Ranger",
  "Sprout",
  "Tiger",
  "Voyager",
  "Whale",
  "Yeti",
  "Comet",
  "Badger",
  "Cactus",
  "Dragon",
  "Eagle",
  "Gecko"
] as const

/** Display names (first names). */
export const displayNames = [
  "Ava",
  "Ben",
  "Chloe",
  "Dev",
  "Ella",
  "Finn",
  "Gia",
  "Hugo",
  "Iris",
  "Jay",
  "Kai",
  "Lena",
  "Milo",
  "Nia",
  "Omar",
  "Pia",
  "Quinn",
  "Rosa",
  "Sami",
  "Tess",
  "Uma",
  "Vik",
  "Wren",
  "Xena",
  "Yusuf",
  "Zoe",
  "Aria",
  "Bo",
  "Cleo",
  "Dara",
  "Eli",
  "Faye",
  "Gus",
  "Hana",
  "Ivo",
  "June",
  "Kofi",
  "Lia",
  "Max",
  "Noor"
] as const

/** Bio lines. */
export const bios = [
  "Building obbies since forever.",
  "I make maps and break them.",
  "Trading? Ask me first.",
  "Speedrunner. Mostly falls.",
  "Studio nerd.",
  "Here for the hangouts.",
  "Collector of hats.",
  "Team red, always.",
  ""
] as const

/** First words of game names. */
export const gameAdjectives = [
  "Mega",
  "Tiny",
  "Haunted",
  "Sunny",
  "Frozen",
  "Crystal",
  "Rocket",
  "Jungle",
  "Pirate",
  "Neon",
  "Secret",
  "Wild",
  "Sky",
  "Candy",
  "Desert",
  "Ocean",
  "Castle",
  "Robot",
  "Dino",
  "Galaxy",
  "Volcano",
  "Garden",
  "Midnight",
  "Thunder"
] as const

/** Second words of game names. */
export const gameNouns = [
  "Obby",
  "Tycoon",
  "Simulator",
  "Racing",
  "Adventure",
  "Roleplay",
  "Tower",
  "Escape",
  "Arena",
  "Island",
  "Quest",
  "Kingdom",
  "Factory",
  "Hideout",
  "Legends",
  "Parkour"
] as const

/** Genres. */
export const genres = [
  "Adventure",
  "Building",
  "Comedy",
  "Fighting",
  "FPS",
  "Horror",
  "Medieval",
  "Military",
  "Naval",
  "RPG",
  "Sci-Fi",
  "Sports",
  "Town and City",
  "Western"
] as const

/** Group names that own some games. */
export const groupNames = [
  "Blocky Studios",
  "Moonlit Games",
  "Cardboard Castle",
  "Orbit Works",
  "Team Pancake"
] as const

/** Catalog asset types. */
export const assetTypes = ["Hat", "Shirt", "Pants", "Face", "Gear", "HairAccessory", "BackAccessory"] as const

/** Catalog item name parts. */
export const itemAdjectives = ["Golden", "Classic", "Spiky", "Retro", "Glowing", "Cozy", "Royal", "Sporty"] as const

/** Catalog item name parts by asset type. */
export const itemNouns: Readonly<Record<(typeof assetTypes)[number], ReadonlyArray<string>>> = {
  Hat: ["Cap", "Crown", "Beanie", "Top Hat"],
  Shirt: ["Hoodie", "Jersey", "Tee", "Jacket"],
  Pants: ["Jeans", "Shorts", "Cargo Pants"],
  Face: ["Grin", "Wink", "Smirk"],
  Gear: ["Sword", "Jetpack", "Slingshot"],
  HairAccessory: ["Ponytail", "Mohawk", "Braids"],
  BackAccessory: ["Wings", "Cape", "Backpack"]
}

/** Locales: code, language, English name, native name. */
export const locales = [
  ["en_us", "en", "English", "English"],
  ["es_es", "es", "Spanish", "Español"],
  ["fr_fr", "fr", "French", "Français"],
  ["de_de", "de", "German", "Deutsch"],
  ["pt_br", "pt", "Portuguese (Brazil)", "Português (Brasil)"],
  ["it_it", "it", "Italian", "Italiano"],
  ["ja_jp", "ja", "Japanese", "日本語"],
  ["ko_kr", "ko", "Korean", "한국어"],
  ["zh_cn", "zh-hans", "Chinese (Simplified)", "中文(简体)"],
  ["zh_tw", "zh-hant", "Chinese (Traditional)", "中文(繁體)"]
] as const

/** Localization table phrases: key, context, English source and translations by language. */
export const phrases: ReadonlyArray<readonly [string, string, string, Readonly<Record<string, string>>]> = [
  ["ui.play", "Main menu button", "Play", { es: "Jugar", fr: "Jouer", de: "Spielen", pt: "Jogar", ja: "プレイ" }],
  ["ui.shop", "Main menu button", "Shop", { es: "Tienda", fr: "Boutique", de: "Laden", pt: "Loja", ja: "ショップ" }],
  [
    "ui.settings",
    "Main menu button",
    "Settings",
    { es: "Ajustes", fr: "Paramètres", de: "Einstellungen", pt: "Configurações" }
  ],
  ["ui.friends", "Sidebar title", "Friends", { es: "Amigos", fr: "Amis", de: "Freunde", pt: "Amigos", ja: "フレンド" }],
  ["hud.coins", "Currency counter", "Coins", { es: "Monedas", fr: "Pièces", de: "Münzen", pt: "Moedas" }],
  ["hud.level", "Level badge", "Level {level}", { es: "Nivel {level}", fr: "Niveau {level}", de: "Stufe {level}" }],
  ["msg.welcome", "Join message", "Welcome, {name}!", { es: "¡Bienvenido, {name}!", fr: "Bienvenue, {name} !" }],
  ["msg.respawn", "After falling", "Respawning…", { es: "Reapareciendo…", de: "Wiederbelebung…" }]
]
