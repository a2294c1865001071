import { SSR_STATE_ID } from "./app/ssr-state";
import "./styles.css";

// The entry is this small on purpose. A screen the server rendered (web/app/site-routes.tsx) is
// already painted and its links work: the app's code is fetched once the page has loaded, so it
// does not compete with the page's own stylesheet and font on a slow connection. Any other screen
// has nothing on it yet and starts at once.
const start = () => import("./app/start");
if (document.getElementById(SSR_STATE_ID) && document.readyState !== "complete") {
  window.addEventListener("load", () => void start(), { once: true });
} else {
  void start();
}
