import { LinkPagesList } from "@web/features/link-pages/components/link-pages-list";

// /link-pages: the user's Link Bio pages.
export function Component() {
  return <LinkPagesList />;
}
