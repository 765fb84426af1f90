/** The script of the security frame page (`/hba/iframe`), bundled by the emulator: starts the frame side. */
import { startSecurityFrame } from "../../../core/signing/frame/frameMain.ts"

startSecurityFrame()
