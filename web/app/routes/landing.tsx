import { UnavailableLinkNotice } from "@web/features/shortened-urls/components/unavailable-link-notice";
import type { PageHead } from "../page-head";
import { UnderConstruction } from "./under-construction";

export const head: PageHead = {
  title: "Atalho: Link Bio e links curtos com análise de cliques",
  description: "Crie sua página Link Bio e encurte links com análise de cliques.",
  path: "/",
};

export function Component() {
  return (
    <>
      <UnavailableLinkNotice />
      <UnderConstruction title="Atalho" />
    </>
  );
}
