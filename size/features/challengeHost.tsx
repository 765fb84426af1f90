// ChallengeHost over the React core page (../react-platform.ts): the challenge modal, mounted in a provider whose
// layer has the challenge flow.
import "../react-platform.ts"
import { browserPlatformLayer } from "platform-web-client"
import { Challenges } from "platform-web-client/challenge"
import { ChallengeHost, PlatformProvider } from "platform-web-client/react"
import { createRoot } from "react-dom/client"

createRoot(document.getElementById("challenges")!).render(
  <PlatformProvider layer={browserPlatformLayer({ challenges: Challenges.browser })}>
    <ChallengeHost />
  </PlatformProvider>
)
