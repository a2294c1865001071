import { SSR_STATE_ID } from "./app/ssr-state";
import "./styles.css";

// The entry is this small on purpose. A screen the server rendered (web/app/site-routes.tsx) is
// already on screen and its links work: the app's code is fetched once the page has loaded and
// painted, so it does not compete with the page's own stylesheet, font and first paint on a slow
// connection. Any other screen has nothing on it yet and starts at once.
const start = () => void import("./app/start");
// A frame, then a task: after the next paint.
const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (!document.getElementById(SSR_STATE_ID)) start();
else if (document.readyState === "complete") afterNextPaint();
else window.addEventListener("load", afterNextPaint, { once: true });
