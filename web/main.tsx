import { SSR_STATE_ID } from "./app/ssr-state";
import "./styles.css";

// The entry is this small on purpose. A screen the server rendered (web/app/site-routes.tsx, the
// blog) is whole in its HTML and gets only its islands' code (web/app/islands.tsx), fetched once the
// page has loaded and painted, so it does not compete with the page's own stylesheet, font and first
// paint on a slow connection. Any other screen is the app (web/app/start.tsx), which starts at once.
const serverRendered = document.getElementById(SSR_STATE_ID) !== null;
// NOTE: two statements, not one expression: Vite would preload both imports' files for either.
const start = () => {
  if (serverRendered) void import("./app/islands").then(({ hydrateIslands }) => hydrateIslands());
  else void import("./app/start");
};
// A frame, then a task: after the next paint.
const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (!serverRendered) start();
else if (document.readyState === "complete") afterNextPaint();
else window.addEventListener("load", afterNextPaint, { once: true });
