import { PwaLayer } from "@web/features/pwa/pwa-layer";
import { Island } from "@web/lib/island";
import { Outlet } from "react-router";

/** Every screen: the route's content, then what the app shows over any screen (an island too). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <Island name="pwa-layer" component={PwaLayer} props={{}} />
    </>
  );
}
