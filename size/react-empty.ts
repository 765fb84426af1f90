// The React baseline: an empty React app (one component with state, rendered with createRoot).
import { createElement, useState } from "react"
import { createRoot } from "react-dom/client"

function App() {
  const [count, setCount] = useState(0)
  return createElement("button", { onClick: () => setCount(count + 1) }, `clicked ${count}`)
}

createRoot(document.getElementById("root")!).render(createElement(App))
