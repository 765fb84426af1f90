/**
 * The platform's asset types (hat, shirt, place, animation, …), as the published catalog and games documents list
 * them: an integer code and a name. Answers carry either; both decode to the name, and a type added later decodes as
 * an unknown value instead of failing the answer.
 *
 * @module
 */
import { openCodedEnum } from "./sharedSchemas.ts"

/** Asset type names by code. */
export const assetTypeCodes = {
  1: "Image",
  2: "TShirt",
  3: "Audio",
  4: "Mesh",
  5: "Lua",
  6: "HTML",
  7: "Text",
  8: "Hat",
  9: "Place",
  10: "Model",
  11: "Shirt",
  12: "Pants",
  13: "Decal",
  16: "Avatar",
  17: "Head",
  18: "Face",
  19: "Gear",
  21: "Badge",
  22: "GroupEmblem",
  24: "Animation",
  25: "Arms",
  26: "Legs",
  27: "Torso",
  28: "RightArm",
  29: "LeftArm",
  30: "LeftLeg",
  31: "RightLeg",
  32: "Package",
  33: "YouTubeVideo",
  34: "GamePass",
  35: "App",
  37: "Code",
  38: "Plugin",
  39: "SolidModel",
  40: "MeshPart",
  41: "HairAccessory",
  42: "FaceAccessory",
  43: "NeckAccessory",
  44: "ShoulderAccessory",
  45: "FrontAccessory",
  46: "BackAccessory",
  47: "WaistAccessory",
  48: "ClimbAnimation",
  49: "DeathAnimation",
  50: "FallAnimation",
  51: "IdleAnimation",
  52: "JumpAnimation",
  53: "RunAnimation",
  54: "SwimAnimation",
  55: "WalkAnimation",
  56: "PoseAnimation",
  59: "LocalizationTableManifest",
  60: "LocalizationTableTranslation",
  61: "EmoteAnimation",
  62: "Video",
  63: "TexturePack",
  64: "TShirtAccessory",
  65: "ShirtAccessory",
  66: "PantsAccessory",
  67: "JacketAccessory",
  68: "SweaterAccessory",
  69: "ShortsAccessory",
  70: "LeftShoeAccessory",
  71: "RightShoeAccessory",
  72: "DressSkirtAccessory",
  73: "FontFamily",
  74: "FontFace",
  75: "MeshHiddenSurfaceRemoval",
  76: "EyebrowAccessory",
  77: "EyelashAccessory",
  78: "MoodAnimation",
  79: "DynamicHead",
  80: "CodeSnippet",
  81: "AdsVideo",
  82: "OtaUpdate"
} as const

/** The name of an asset type. */
export type AssetTypeName = (typeof assetTypeCodes)[keyof typeof assetTypeCodes]

const names = Object.values(assetTypeCodes) as unknown as readonly [AssetTypeName, ...Array<AssetTypeName>]

/** An asset type of an answer: the code (as documented) or the name (as sent live); open. Encodes to the code. */
export const AssetType = openCodedEnum(names, assetTypeCodes)

/** The type of {@link AssetType}. */
export type AssetType = typeof AssetType.Type
