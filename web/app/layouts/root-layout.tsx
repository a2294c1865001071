import { PwaLayer } from "@web/features/pwa/pwa-layer";
import { Outlet } from "react-router";

/** Every screen: the route's content, then what the app shows over any screen. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <PwaLayer />
    </>
  );
}
